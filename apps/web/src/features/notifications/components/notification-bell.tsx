import { noticeTarget } from '@loupe/domain/notifications/notice-target';
import { BellIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/date-format';
import { useNow } from '@/lib/use-now';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

/** Counts above this show as "99+": the badge stays small. */
const BADGE_MAX = 99;

/**
 * The header's bell (issue 15 §3), for everyone: the unread count, the latest notices (alerts, tasks given
 * to me, reminders), each leading where it is about; opening one marks it read, or all at once.
 */
export function NotificationBell() {
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const { user } = useAuth();
  const now = useNow(60_000);
  const unread = query.data?.unread ?? 0;
  const items = query.data?.items ?? [];
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={label} className="relative">
          <BellIcon aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-destructive px-1 dark:bg-destructive/60 text-center text-[0.65rem] leading-5 font-semibold text-destructive-foreground"
            >
              {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
        <div className="flex items-center justify-between gap-2 px-2 py-1.5">
          <DropdownMenuLabel className="p-0">Notifications</DropdownMenuLabel>
          {unread > 0 ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              onClick={() => markRead.mutate(undefined)}
            >
              Mark all read
            </Button>
          ) : null}
        </div>
        <DropdownMenuSeparator />
        {query.isError ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">Notices could not be loaded.</p>
        ) : items.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">
            No notices yet. Alerts and tasks given to you appear here.
          </p>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            {items.map((item) => (
              <DropdownMenuItem
                key={item.id}
                className="flex flex-col items-start gap-0.5"
                onSelect={() => {
                  if (item.readAt === null) markRead.mutate(item.id);
                  // Where this user may go: a job their role cannot open leads to its list instead.
                  const target = noticeTarget(user, item);
                  if (target) navigate(target);
                }}
              >
                <span className="flex w-full items-center gap-2">
                  <span
                    aria-hidden="true"
                    className={cn(
                      'size-2 shrink-0 rounded-full',
                      item.readAt === null ? 'bg-primary' : 'bg-transparent',
                    )}
                  />
                  <span className={cn('min-w-0 flex-1 truncate', item.readAt === null && 'font-semibold')}>
                    {item.title}
                  </span>
                  {item.readAt === null ? <span className="sr-only">(unread)</span> : null}
                </span>
                <span className="line-clamp-2 pl-4 text-xs text-muted-foreground">{item.message}</span>
                <span className="pl-4 text-xs text-muted-foreground">
                  {formatRelativeTime(item.createdAt, new Date(now))}
                </span>
              </DropdownMenuItem>
            ))}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

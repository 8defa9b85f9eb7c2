import { canManageOffsiteItems, canManageRepairOffsite } from '@loupe/domain/auth/permissions';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TOffsiteItem, TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import { Undo2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { offsiteDurationText } from '@/components/job-state/job-state-badges';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { formatDateTime, formatRelativeTime } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useReturnOffsiteItem } from '../api/return-offsite-item';

export const ITEM_KIND_LABELS: Readonly<Record<TTrackedItemKind, string>> = {
  order: 'Order',
  repair: 'Repair',
};

function detailPath(item: TOffsiteItem): string {
  return item.itemKind === 'order'
    ? pathTo(paths.orderDetail, { orderId: item.itemId })
    : pathTo(paths.repairDetail, { repairId: item.itemId });
}

function lastPlace(item: TOffsiteItem): string | null {
  const parts = [item.lastDepartmentName, item.lastStationName].filter(Boolean);
  return parts.length > 0 ? parts.join(' - ') : null;
}

/** One order or repair out of the building: since when, where it was last seen, and returning it. */
export function OffsiteItemRow({ item, now }: { item: TOffsiteItem; now: number }) {
  const { offsiteSince } = item;
  const { user } = useAuth();
  const mutation = useReturnOffsiteItem();
  const headingId = `offsite-${item.itemKind}-${item.itemId}`;
  const canReturn = item.itemKind === 'order' ? canManageOffsiteItems(user) : canManageRepairOffsite(user);
  const place = lastPlace(item);

  function onReturn() {
    mutation.mutate(
      { itemKind: item.itemKind, itemId: item.itemId },
      { onSuccess: () => toast({ title: `${item.number} is back in the building` }) },
    );
  }

  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">{ITEM_KIND_LABELS[item.itemKind]}</Badge>
            <h2 id={headingId} className="text-base font-semibold">
              <Link to={detailPath(item)} className="underline-offset-4 hover:underline">
                {item.number}
              </Link>
            </h2>
            {item.isExpectedOffsite ? (
              <Badge variant="secondary">Expected</Badge>
            ) : (
              <Badge variant="destructive">Unexpected</Badge>
            )}
          </div>
          <p className="text-sm break-words">
            {item.customerName}
            <span className="text-muted-foreground">
              {' · EPC '}
              <code className="font-mono text-xs break-all">{item.epc}</code>
            </span>
          </p>
        </div>
        {canReturn ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={onReturn}
            disabled={mutation.isPending}
            // The visible words start the name (WCAG 2.5.3); the number tells the rows apart.
            aria-label={`${mutation.isPending ? 'Returning' : 'Mark returned'} ${item.number}`}
          >
            <Undo2Icon aria-hidden="true" />
            {mutation.isPending ? 'Returning…' : 'Mark returned'}
          </Button>
        ) : null}
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Offsite</dt>
          <dd>
            {offsiteSince ? (
              <>
                for {offsiteDurationText({ offsiteSince }, new Date(now))}{' '}
                <span className="text-muted-foreground">
                  (since <time dateTime={offsiteSince}>{formatDateTime(offsiteSince)}</time>)
                </span>
              </>
            ) : (
              'Since an unknown time'
            )}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Last seen</dt>
          <dd>
            {item.lastSeen ? (
              <time dateTime={item.lastSeen} title={formatDateTime(item.lastSeen)}>
                {formatRelativeTime(item.lastSeen, new Date(now))}
              </time>
            ) : (
              'Never'
            )}
            {place ? ` at ${place}` : null}
          </dd>
        </div>
      </dl>
      {mutation.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            Could not mark {item.number} returned: {errorMessageOf(mutation.error, ERROR_MESSAGES.generic)}
          </AlertDescription>
        </Alert>
      ) : null}
    </li>
  );
}

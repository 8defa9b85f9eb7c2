import { visibleNavigation } from '@loupe/domain/navigation/sidebar';
import { BellIcon, MenuIcon, UserIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { NAV_ICONS } from '@/app/layouts/nav-icons';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useIsMobile } from '@/hooks/use-mobile';
import { useProfile } from './use-profile';

/** An admin's sidebar links (the spec's table, the most any role sees), flattened out of their groups. */
const LINKS = visibleNavigation({ role: 'admin' }).flatMap((group) => group.items);

export type TShellProps = {
  /** Wraps a sidebar link, e.g. in a tooltip; the link itself by default. */
  readonly wrapLink?: (link: ReactNode, label: string) => ReactNode;
  /** Wraps a header button in its menu; the button alone by default. */
  readonly wrapMenuButton?: (button: ReactNode, label: string) => ReactNode;
};

/**
 * The least a signed-in screen shows: a sidebar, a header with the bell and the account, four counts. On a phone
 * (Lighthouse's screen) the sidebar is not drawn, as Loupe's is not until its button opens it.
 */
export function Shell({ wrapLink = (link) => link, wrapMenuButton = (button) => button }: TShellProps) {
  const isMobile = useIsMobile();
  const profile = useProfile();
  const count = profile.data?.success ? 1 : 0;
  return (
    <div className="flex min-h-svh">
      {isMobile ? null : (
        <nav aria-label="Main" className="flex w-56 flex-col gap-1 border-r p-2">
          {LINKS.map((item) => {
            const Icon = NAV_ICONS[item.icon];
            return (
              <span key={item.path}>
                {wrapLink(
                  <NavLink to={item.path} className="flex items-center gap-2 rounded-md px-2 py-1 text-sm">
                    <Icon className="size-4" aria-hidden="true" /> {item.title}
                  </NavLink>,
                  item.title,
                )}
              </span>
            );
          })}
        </nav>
      )}
      <div className="flex-1">
        <header className="flex items-center justify-between border-b p-2">
          {isMobile ? (
            <Button variant="ghost" size="icon" aria-label="Open the sidebar">
              <MenuIcon />
            </Button>
          ) : null}
          <span className="font-semibold">Loupe</span>
          <div className="flex gap-2">
            {wrapMenuButton(
              <Button variant="ghost" size="icon" aria-label="Notifications">
                <BellIcon />
              </Button>,
              'Notifications',
            )}
            {wrapMenuButton(
              <Button variant="ghost" size="icon" aria-label="Account">
                <UserIcon />
              </Button>,
              'Account',
            )}
          </div>
        </header>
        <main className="grid gap-4 p-4 sm:grid-cols-2">
          <h1 className="font-semibold text-2xl sm:col-span-2">Dashboard</h1>
          {['Active orders', 'Repairs', 'Overdue', 'Offsite'].map((title) => (
            <Card key={title}>
              <CardHeader>
                <CardTitle>{title}</CardTitle>
              </CardHeader>
              <CardContent className="text-3xl">{count}</CardContent>
            </Card>
          ))}
        </main>
      </div>
    </div>
  );
}

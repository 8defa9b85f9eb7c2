import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { settingsPagePath, settingsPageTitle, type TSettingsPage } from '../settings-pages';

/** The settings menu: only the pages the user may open, the current one marked. */
export function SettingsNav({
  pages,
  current,
}: {
  pages: readonly TSettingsPage[];
  current: TSettingsPage | null;
}) {
  return (
    <nav aria-label="Settings sections">
      <ul className="flex gap-1 overflow-x-auto lg:flex-col lg:overflow-visible">
        {pages.map((page) => {
          const isCurrent = page === current;
          return (
            <li key={page} className="shrink-0">
              <Link
                to={settingsPagePath(page)}
                aria-current={isCurrent ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors',
                  'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                  isCurrent ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                )}
              >
                {settingsPageTitle(page)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

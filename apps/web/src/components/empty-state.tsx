import { InboxIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type TEmptyStateProps = {
  icon?: LucideIcon;
  title: ReactNode;
  text?: ReactNode;
  /** A button or link that gets the user going. */
  action?: ReactNode;
  className?: string;
};

/** What a screen shows when it has nothing to show yet; its title is an h2 under the page's h1. */
export function EmptyState({ icon: Icon = InboxIcon, title, text, action, className }: TEmptyStateProps) {
  return (
    <section
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-8 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      {text ? <p className="max-w-md text-sm text-muted-foreground">{text}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </section>
  );
}

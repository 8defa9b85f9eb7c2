import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type TPageHeaderProps = {
  /** The page's h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links beside the title; they wrap below it on narrow screens. */
  actions?: ReactNode;
  className?: string;
};

export function PageHeader({ title, description, actions, className }: TPageHeaderProps) {
  return (
    <div
      data-slot="page-header"
      className={cn('flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between', className)}
    >
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

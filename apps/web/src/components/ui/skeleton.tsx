import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder block while content loads; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}

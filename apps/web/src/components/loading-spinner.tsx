import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export type TLoadingSpinnerProps = {
  /** Accessible name and announced text. */
  label?: string;
  /** Centre the spinner in the whole viewport (the session-loading screen of spec §2). */
  fullScreen?: boolean;
  className?: string;
};

export function LoadingSpinner({ label = 'Loading', fullScreen = false, className }: TLoadingSpinnerProps) {
  return (
    <div
      role="status"
      aria-label={label}
      data-slot="loading-spinner"
      className={cn('flex items-center justify-center p-4', fullScreen && 'min-h-svh', className)}
    >
      <LoaderCircleIcon
        className="size-8 animate-spin text-muted-foreground motion-reduce:animate-none"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export type TLoadingSpinnerProps = {
  /** Accessible name and announced text. */
  label?: string;
  /** Show the label beside the spinner, not only to screen readers (spec §1's 'Loading workflow data...'). */
  showLabel?: boolean;
  /** Centre the spinner in the whole viewport (the session-loading screen of spec §2). */
  fullScreen?: boolean;
  className?: string;
};

export function LoadingSpinner({
  label = 'Loading',
  fullScreen = false,
  showLabel = false,
  className,
}: TLoadingSpinnerProps) {
  return (
    <div
      role="status"
      aria-label={label}
      data-slot="loading-spinner"
      className={cn('flex items-center justify-center gap-3 p-4', fullScreen && 'min-h-svh', className)}
    >
      <LoaderCircleIcon
        className="size-8 animate-spin text-muted-foreground motion-reduce:animate-none"
        aria-hidden="true"
      />
      <span className={showLabel ? 'text-sm text-muted-foreground' : 'sr-only'}>{label}</span>
    </div>
  );
}

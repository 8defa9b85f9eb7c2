import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export type TSubmitButtonProps = {
  readonly isPending: boolean;
  /** The label while the request runs, e.g. 'Signing in…'. */
  readonly pendingLabel: string;
  readonly children: ReactNode;
};

/** The form's submit button: disabled with a spinner and its pending label while the request runs. */
export function SubmitButton({ isPending, pendingLabel, children }: TSubmitButtonProps) {
  return (
    <Button type="submit" className="w-full" disabled={isPending} aria-busy={isPending || undefined}>
      {isPending ? (
        <>
          <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

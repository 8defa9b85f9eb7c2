import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { FormErrorAlert } from './form-error-alert';

export type TFormActionsProps = {
  /** The form-wide error (e.g. the server refusing the save), shown above the button. */
  readonly formError: string | null;
  readonly isPending: boolean;
  readonly submitLabel: string;
  readonly pendingLabel?: string;
  readonly className?: string;
};

/** The foot of a form on a page (a settings section): its error, then the submit button on the right. */
export function FormActions({
  formError,
  isPending,
  submitLabel,
  pendingLabel = 'Saving…',
  className,
}: TFormActionsProps) {
  return (
    <div className={cn('grid gap-4', className)}>
      <FormErrorAlert message={formError} />
      <Button type="submit" className="justify-self-end" disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}

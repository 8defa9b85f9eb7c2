import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormErrorAlert } from './form-error-alert';
import type { TDialogForm } from './use-dialog-form';

export type TFormDialogDone = {
  readonly title: string;
  readonly description: ReactNode;
  readonly body: ReactNode;
};

export type TFormDialogProps = {
  /** The form's state from useDialogForm: reset each time the dialog opens. */
  readonly form: TDialogForm;
  readonly trigger: ReactNode;
  /** Also the form's accessible name. */
  readonly title: string;
  readonly description: ReactNode;
  /** A save is under way: the fields are disabled and the dialog keeps itself open. */
  readonly isPending: boolean;
  readonly submitLabel: string;
  readonly pendingLabel?: string;
  /** Runs on submit, after the browser's own submit is stopped and the last form error cleared. */
  readonly onSubmit: () => void;
  /** Runs when the dialog opens, after the form is reset (e.g. to forget a mutation's last error). */
  readonly onOpened?: () => void;
  /** Runs when the dialog closes, e.g. to forget a secret it showed. */
  readonly onClosed?: () => void;
  /** Once the save is done, what the dialog shows instead of the form (e.g. a key shown once), with Done. */
  readonly done?: TFormDialogDone | null;
  readonly contentClassName?: string;
  readonly children: ReactNode;
};

/**
 * The one shell of every form in a dialog: title and description, the fields, the form-wide error above
 * Cancel and the submit button. It cannot be closed while a save is running.
 */
export function FormDialog({
  form,
  trigger,
  title,
  description,
  isPending,
  submitLabel,
  pendingLabel = 'Saving…',
  onSubmit,
  onOpened,
  onClosed,
  done,
  contentClassName,
  children,
}: TFormDialogProps) {
  function onOpenChange(next: boolean) {
    if (isPending) return;
    form.setOpen(next);
    if (next) {
      form.reset();
      onOpened?.();
    } else {
      onClosed?.();
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is portalled out of any surrounding form in the DOM, but React still bubbles its submit there.
    event.stopPropagation();
    form.setFormError(null);
    onSubmit();
  }

  return (
    <Dialog open={form.open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={contentClassName}>
        <DialogHeader>
          <DialogTitle>{done ? done.title : title}</DialogTitle>
          <DialogDescription>{done ? done.description : description}</DialogDescription>
        </DialogHeader>
        {done ? (
          <>
            {done.body}
            <DialogFooter>
              <Button type="button" onClick={() => onOpenChange(false)}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate aria-label={title}>
            {/* A disabled fieldset disables every control in it while the save runs. */}
            <fieldset disabled={isPending} className="grid min-w-0 gap-4">
              {children}
            </fieldset>
            <FormErrorAlert message={form.formError} />
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() => onOpenChange(false)}
                disabled={isPending}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={isPending}>
                {isPending ? pendingLabel : submitLabel}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The usual trigger of a form dialog: a button with its icon and what the dialog does ("Invite user"). It
 * passes on what the dialog's trigger gives it (its click, its ref, its state).
 */
export function DialogTriggerButton({
  icon: Icon,
  children,
  ...props
}: ComponentProps<typeof Button> & { readonly icon: LucideIcon }) {
  return (
    <Button type="button" {...props}>
      <Icon aria-hidden="true" />
      {children}
    </Button>
  );
}

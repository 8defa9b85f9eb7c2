import { type TAlert, ZResolveAlertSchema } from '@loupe/domain/alerts/alerts';
import { CheckCheckIcon } from 'lucide-react';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';
import { TextareaField } from '@/components/textarea-field';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useResolveAlert } from '../api/resolve-alert';

const FIELDS = ['note'] as const;

/** Resolve an alert, saying what was done about it (kept with the alert). */
export function ResolveAlertDialog({ alert }: { alert: TAlert }) {
  const form = useDialogForm(() => ({ note: '' }), FIELDS);
  const mutation = useResolveAlert();

  function onSubmit() {
    const parsed = ZResolveAlertSchema.safeParse(form.values);
    if (!parsed.success) {
      form.setErrors(formErrorsFromZod(parsed.error, FIELDS, {}));
      return;
    }
    mutation.mutate(
      { id: alert.id, note: parsed.data.note },
      {
        onSuccess: () => {
          form.setOpen(false);
          toast({ title: 'Alert resolved', description: alert.title });
        },
        onError: form.showServerError,
      },
    );
  }

  return (
    <FormDialog
      form={form}
      trigger={
        <Button type="button" size="sm" aria-label={`Resolve ${alert.title}`}>
          <CheckCheckIcon aria-hidden="true" />
          Resolve
        </Button>
      }
      title={`Resolve: ${alert.title}`}
      description="Say what was done, so whoever looks later knows."
      isPending={mutation.isPending}
      submitLabel="Resolve"
      onSubmit={onSubmit}
      onOpened={() => mutation.reset()}
    >
      <TextareaField
        label="What was done"
        maxLength={500}
        value={form.values.note}
        onValueChange={(note) => form.setValue('note', note)}
        error={form.errors.note}
      />
    </FormDialog>
  );
}

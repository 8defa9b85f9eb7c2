import { type TTvDisplay, ZUpdateTvDisplaySchema } from '@loupe/domain/tv/tv-displays';
import { PencilIcon } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';
import { SelectField, type TSelectOption } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useUpdateTvDisplay } from '../api/update-tv-display';

type TEditField = 'name' | 'stationId';
const EDIT_FIELDS: readonly TEditField[] = ['name', 'stationId'];

/** Rename a TV or move it to another station; the TV follows within seconds. */
export function EditTvDisplayDialog({
  display,
  stations,
}: {
  display: TTvDisplay;
  stations: readonly TSelectOption[];
}) {
  const form = useDialogForm(() => ({ name: display.name, stationId: display.stationId ?? '' }), EDIT_FIELDS);
  const { values, errors, setValue } = form;
  const mutation = useUpdateTvDisplay();

  function onSubmit() {
    const parsed = ZUpdateTvDisplaySchema.safeParse({
      name: values.name,
      ...(values.stationId ? { stationId: values.stationId } : {}),
    });
    if (!parsed.success) {
      form.setErrors(formErrorsFromZod(parsed.error, EDIT_FIELDS, {}));
      return;
    }
    mutation.mutate(
      { id: display.id, changes: parsed.data },
      {
        onSuccess: (saved) => {
          form.setOpen(false);
          toast({
            title: `${saved.name} saved`,
            description: `It shows ${saved.stationName ?? 'no station'}.`,
          });
        },
        onError: form.showServerError,
      },
    );
  }

  return (
    <FormDialog
      form={form}
      trigger={
        <Button type="button" variant="outline" size="sm" aria-label={`Edit ${display.name}`}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      }
      title={`Edit ${display.name}`}
      description="A new station shows on the TV within seconds."
      isPending={mutation.isPending}
      submitLabel="Save"
      onSubmit={onSubmit}
      onOpened={() => mutation.reset()}
    >
      <FormField label="Name" maxLength={80} {...form.field('name')} required />
      <SelectField
        label="Station"
        value={values.stationId}
        onValueChange={(stationId) => setValue('stationId', stationId)}
        options={stations}
        error={errors.stationId}
      />
    </FormDialog>
  );
}

import type { TLocation } from '@loupe/domain/registry/locations';
import type { ReactNode } from 'react';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { TextareaField } from '@/components/textarea-field';
import { toast } from '@/lib/toast';
import { useCreateLocation } from '../api/create-location';
import { useUpdateLocation } from '../api/update-location';
import {
  emptyLocationForm,
  LOCATION_FORM_FIELDS,
  locationFormValues,
  parseLocationForm,
} from './location-form-model';

export type TLocationFormDialogProps =
  | {
      readonly mode: 'create';
      readonly trigger: ReactNode;
      /** Told the new location, e.g. to select it. */
      readonly onCreated?: (location: TLocation) => void;
    }
  | { readonly mode: 'edit'; readonly location: TLocation; readonly trigger: ReactNode };

/** Adds a site of the workshop, or renames and describes one. */
export function LocationFormDialog(props: TLocationFormDialogProps) {
  const initial = () => (props.mode === 'edit' ? locationFormValues(props.location) : emptyLocationForm());
  const form = useDialogForm(initial, LOCATION_FORM_FIELDS);
  const { values, errors, setValue } = form;
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const isPending = create.isPending || update.isPending;

  function onSubmit() {
    const output = form.validate(parseLocationForm(values));
    if (!output) return;
    const onError = form.showServerError;
    if (props.mode === 'create') {
      create.mutate(output, {
        onSuccess: (location) => {
          form.setOpen(false);
          toast({ title: `${location.name} was added` });
          props.onCreated?.(location);
        },
        onError,
      });
    } else {
      update.mutate(
        { id: props.location.id, changes: output },
        {
          onSuccess: (location) => {
            form.setOpen(false);
            toast({ title: `${location.name} was saved` });
          },
          onError,
        },
      );
    }
  }

  return (
    <FormDialog
      form={form}
      trigger={props.trigger}
      title={props.mode === 'edit' ? `Edit ${props.location.name}` : 'Add a location'}
      description="A building or site of the workshop that holds departments."
      isPending={isPending}
      submitLabel={props.mode === 'edit' ? 'Save location' : 'Add location'}
      onSubmit={onSubmit}
    >
      <FormField label="Name" maxLength={100} {...form.field('name')} required />
      <FormField label="Address (optional)" maxLength={300} {...form.field('address')} />
      <TextareaField
        label="Description (optional)"
        value={values.description}
        maxLength={1000}
        rows={2}
        onValueChange={(value) => setValue('description', value)}
        error={errors.description}
      />
    </FormDialog>
  );
}

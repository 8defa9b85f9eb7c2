import type { TLocation } from '@loupe/domain/registry/locations';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormField } from '@/components/form-field';
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
import { useCreateLocation } from '@/lib/registry-api/create-location';
import { useUpdateLocation } from '@/lib/registry-api/update-location';
import { toast } from '@/lib/toast';
import { FormErrorAlert } from './form-error-alert';
import {
  emptyLocationForm,
  LOCATION_FORM_FIELDS,
  locationFormValues,
  parseLocationForm,
} from './location-form-model';
import { TextareaField } from './textarea-field';
import { useDialogForm } from './use-dialog-form';

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
  const [open, setOpen] = useState(false);
  const { values, errors, setErrors, formError, setFormError, setValue, reset, showServerError } =
    useDialogForm(initial, LOCATION_FORM_FIELDS);
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const isPending = create.isPending || update.isPending;
  const title = props.mode === 'edit' ? `Edit ${props.location.name}` : 'Add a location';

  function onOpenChange(next: boolean) {
    if (isPending) return;
    setOpen(next);
    if (next) reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const result = parseLocationForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const onError = showServerError;
    if (props.mode === 'create') {
      create.mutate(result.output, {
        onSuccess: (location) => {
          setOpen(false);
          toast({ title: `${location.name} was added` });
          props.onCreated?.(location);
        },
        onError,
      });
    } else {
      update.mutate(
        { id: props.location.id, changes: result.output },
        {
          onSuccess: (location) => {
            setOpen(false);
            toast({ title: `${location.name} was saved` });
          },
          onError,
        },
      );
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{props.trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>A building or site of the workshop that holds departments.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
          <FormField
            label="Name"
            value={values.name}
            maxLength={100}
            onChange={(event) => setValue('name', event.target.value)}
            error={errors.name}
            disabled={isPending}
            required
          />
          <FormField
            label="Address (optional)"
            value={values.address}
            maxLength={300}
            onChange={(event) => setValue('address', event.target.value)}
            error={errors.address}
            disabled={isPending}
          />
          <TextareaField
            label="Description (optional)"
            value={values.description}
            maxLength={1000}
            rows={2}
            onChange={(event) => setValue('description', event.target.value)}
            error={errors.description}
            disabled={isPending}
          />
          <FormErrorAlert message={formError} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? 'Saving…' : props.mode === 'edit' ? 'Save location' : 'Add location'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

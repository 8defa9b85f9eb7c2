import { ANTENNA_MAX, ANTENNA_MIN } from '@loupe/domain/registry/readers';
import type { TStation } from '@loupe/domain/registry/stations';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
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
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useCreateStation } from '@/lib/registry-api/create-station';
import { useUpdateStation } from '@/lib/registry-api/update-station';
import { toast } from '@/lib/toast';
import { FormErrorAlert } from './form-error-alert';
import {
  emptyStationForm,
  parseStationForm,
  STATION_FORM_FIELDS,
  stationFormValues,
} from './station-form-model';
import { useDialogForm } from './use-dialog-form';

export type TStationFormDialogProps =
  | {
      readonly mode: 'create';
      readonly departmentId: string;
      readonly departmentName: string;
      readonly trigger: ReactNode;
    }
  | { readonly mode: 'edit'; readonly station: TStation; readonly trigger: ReactNode };

/** Adds a station to a department, or edits one: name, antenna, jeweler, specialization, status, active. */
export function StationFormDialog(props: TStationFormDialogProps) {
  const initial = () => (props.mode === 'edit' ? stationFormValues(props.station) : emptyStationForm());
  const [open, setOpen] = useState(false);
  const { values, errors, setErrors, formError, setFormError, setValue, reset, showServerError } =
    useDialogForm(initial, STATION_FORM_FIELDS);
  const create = useCreateStation();
  const update = useUpdateStation();
  const isPending = create.isPending || update.isPending;
  const activeId = useId();
  const title =
    props.mode === 'edit' ? `Edit station ${props.station.name}` : `Add a station to ${props.departmentName}`;

  function onOpenChange(next: boolean) {
    if (isPending) return;
    setOpen(next);
    if (next) reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const result = parseStationForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const onError = showServerError;
    const onSuccess = (station: TStation, verb: string) => {
      setOpen(false);
      toast({ title: `Station ${station.name} was ${verb}` });
    };
    if (props.mode === 'create') {
      create.mutate(
        { departmentId: props.departmentId, station: result.output },
        { onSuccess: (station) => onSuccess(station, 'added'), onError },
      );
    } else {
      update.mutate(
        { id: props.station.id, changes: result.output },
        { onSuccess: (station) => onSuccess(station, 'saved'), onError },
      );
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{props.trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            A station is one bench or machine; the reader antenna with its number reports the items there.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
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
              label="Antenna number"
              type="number"
              inputMode="numeric"
              min={ANTENNA_MIN}
              max={ANTENNA_MAX}
              step={1}
              value={values.antennaNumber}
              onChange={(event) => setValue('antennaNumber', event.target.value)}
              error={errors.antennaNumber}
              disabled={isPending}
              required
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Jeweler name (optional)"
              value={values.jewelerName}
              maxLength={100}
              onChange={(event) => setValue('jewelerName', event.target.value)}
              error={errors.jewelerName}
              disabled={isPending}
            />
            <FormField
              label="Specialization (optional)"
              value={values.specialization}
              maxLength={100}
              onChange={(event) => setValue('specialization', event.target.value)}
              error={errors.specialization}
              disabled={isPending}
            />
          </div>
          <FormField
            label="Status (optional)"
            hint="A short note shown on the station, such as Busy or Maintenance."
            value={values.status}
            maxLength={50}
            onChange={(event) => setValue('status', event.target.value)}
            error={errors.status}
            disabled={isPending}
          />
          <div className="flex items-center justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={activeId}>Active</Label>
              <p className="text-sm text-muted-foreground">An inactive station keeps its history.</p>
            </div>
            <Switch
              id={activeId}
              checked={values.isActive}
              onCheckedChange={(checked) => setValue('isActive', checked)}
              disabled={isPending}
            />
          </div>
          <FormErrorAlert message={formError} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? 'Saving…' : props.mode === 'edit' ? 'Save station' : 'Add station'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

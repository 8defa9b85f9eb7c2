import { ANTENNA_MAX, ANTENNA_MIN } from '@loupe/domain/registry/readers';
import type { TStation } from '@loupe/domain/registry/stations';
import { type ReactNode, useId } from 'react';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { WholeNumberField } from '@/components/whole-number-field';
import { toast } from '@/lib/toast';
import { useCreateStation } from '../api/create-station';
import { useUpdateStation } from '../api/update-station';
import {
  emptyStationForm,
  parseStationForm,
  STATION_FORM_FIELDS,
  stationFormValues,
} from './station-form-model';

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
  const form = useDialogForm(initial, STATION_FORM_FIELDS);
  const { values, setValue } = form;
  const create = useCreateStation();
  const update = useUpdateStation();
  const isPending = create.isPending || update.isPending;
  const activeId = useId();
  const title =
    props.mode === 'edit' ? `Edit station ${props.station.name}` : `Add a station to ${props.departmentName}`;

  function onSubmit() {
    const output = form.validate(parseStationForm(values));
    if (!output) return;
    const onError = form.showServerError;
    const onSuccess = (station: TStation, verb: string) => {
      form.setOpen(false);
      toast({ title: `Station ${station.name} was ${verb}` });
    };
    if (props.mode === 'create') {
      create.mutate(
        { departmentId: props.departmentId, station: output },
        { onSuccess: (station) => onSuccess(station, 'added'), onError },
      );
    } else {
      update.mutate(
        { id: props.station.id, changes: output },
        { onSuccess: (station) => onSuccess(station, 'saved'), onError },
      );
    }
  }

  return (
    <FormDialog
      form={form}
      trigger={props.trigger}
      title={title}
      description="A station is one bench or machine; the reader antenna with its number reports the items there."
      isPending={isPending}
      submitLabel={props.mode === 'edit' ? 'Save station' : 'Add station'}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <FormField label="Name" maxLength={100} {...form.field('name')} required />
        <WholeNumberField
          label="Antenna number"
          min={ANTENNA_MIN}
          max={ANTENNA_MAX}
          {...form.field('antennaNumber')}
          required
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Jeweler name (optional)" maxLength={100} {...form.field('jewelerName')} />
        <FormField label="Specialization (optional)" maxLength={100} {...form.field('specialization')} />
      </div>
      <FormField
        label="Status (optional)"
        hint="A short note shown on the station, such as Busy or Maintenance."
        maxLength={50}
        {...form.field('status')}
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
        />
      </div>
    </FormDialog>
  );
}

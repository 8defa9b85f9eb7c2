import type { TDepartment } from '@loupe/domain/registry/departments';
import { ANTENNA_MAX, ANTENNA_MIN, type TReader } from '@loupe/domain/registry/readers';
import { type FormEvent, useState } from 'react';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { useFormState } from '@/components/forms/use-form-state';
import { QueryLoadError } from '@/components/load-error';
import { SwitchRow } from '@/components/switch-row';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { WholeNumberField } from '@/components/whole-number-field';
import { useAllDepartments } from '@/lib/registry-api/get-all-departments';
import { useLocations } from '@/lib/registry-api/get-locations';
import { toast } from '@/lib/toast';
import { useMapAntenna } from '../api/map-antenna';
import { mappingLabel, TAG_ASSIGNMENT_LABEL } from './antenna-mapping-label';
import {
  DEPARTMENT_MESSAGE,
  MAPPING_FORM_FIELDS,
  mappingFormValues,
  parseMappingForm,
  STATION_MESSAGE,
  type TMappingFormField,
  type TMappingFormValues,
  withKnownStation,
} from './antenna-mapping-model';
import { ChoiceSelect, type TChoiceGroup } from './choice-select';

/** The antenna being edited; a null antenna lets the user type its number. */
export type TMappingTarget = { readonly reader: TReader; readonly antenna: number | null };

export const TAG_ASSIGNMENT_SWITCH = 'Tag-assignment antenna';

export function mappingDialogTitle({ reader, antenna }: TMappingTarget): string {
  return antenna === null ? `Map an antenna of ${reader.name}` : `Map antenna ${antenna} of ${reader.name}`;
}

/** Maps one antenna of a reader to a station of a department, or makes it the tag-assignment antenna. */
export function AntennaMappingDialog({
  target,
  onClose,
}: {
  target: TMappingTarget | null;
  onClose: () => void;
}) {
  const [isPending, setIsPending] = useState(false);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
    >
      {target ? (
        <DialogContent>
          <MappingForm
            key={`${target.reader.id}/${target.antenna ?? 'new'}`}
            target={target}
            onDone={onClose}
            onPendingChange={setIsPending}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function departmentGroups(
  departments: readonly TDepartment[],
  locationName: (locationId: string) => string | undefined,
): TChoiceGroup[] {
  const byLocation = new Map<string, TDepartment[]>();
  for (const department of departments) {
    const list = byLocation.get(department.locationId) ?? [];
    list.push(department);
    byLocation.set(department.locationId, list);
  }
  const toOptions = (list: readonly TDepartment[]) =>
    list.map((department) => ({ value: department.id, label: department.name }));
  // One location needs no headings; several get one each, so two sites' 'Casting' can be told apart.
  if (byLocation.size <= 1) return [{ label: null, options: toOptions(departments) }];
  return [...byLocation].map(([locationId, list]) => ({
    label: locationName(locationId) ?? locationId,
    options: toOptions(list),
  }));
}

function MappingForm({
  target,
  onDone,
  onPendingChange,
}: {
  target: TMappingTarget;
  onDone: () => void;
  onPendingChange: (isPending: boolean) => void;
}) {
  const { reader, antenna } = target;
  const departmentsQuery = useAllDepartments();
  const locationsQuery = useLocations();
  const mapAntenna = useMapAntenna();
  const departments = departmentsQuery.data?.items;
  const current = antenna === null ? undefined : reader.antennas.find((m) => m.antenna === antenna);
  const form = useFormState<TMappingFormField, TMappingFormValues>(
    () => mappingFormValues({ antenna, mapping: current }),
    MAPPING_FORM_FIELDS,
  );
  const { errors, formError, setValue } = form;
  const title = mappingDialogTitle(target);

  // The stored mapping shows as chosen once the departments it names are known.
  const shown = withKnownStation(form.values, departments);
  const department = departments?.find((candidate) => candidate.id === shown.departmentId);
  const stations = department?.stations ?? [];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const output = form.validate(parseMappingForm(shown));
    if (output === null) return;
    onPendingChange(true);
    mapAntenna.mutate(
      { readerId: reader.id, ...output },
      {
        onSuccess: (saved) => {
          toast({ title: `Antenna ${saved.antenna} of ${reader.name}: ${mappingLabel(saved)}` });
          onDone();
        },
        onError: form.showServerError,
        onSettled: () => onPendingChange(false),
      },
    );
  }

  const isPending = mapAntenna.isPending;
  const locations = locationsQuery.data?.items;
  const departmentChoices = departments
    ? departmentGroups(departments, (id) => locations?.find((location) => location.id === id)?.name)
    : [];

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {antenna === null
            ? 'Type the antenna number as the reader reports it.'
            : `Now: ${mappingLabel(current)}.`}
        </DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
        {antenna === null ? (
          <WholeNumberField
            label="Antenna number"
            min={ANTENNA_MIN}
            max={ANTENNA_MAX}
            {...form.field('antenna')}
            disabled={isPending}
            required
          />
        ) : null}
        <SwitchRow
          label={TAG_ASSIGNMENT_SWITCH}
          checked={shown.isTagAssignment}
          onCheckedChange={(checked) => setValue('isTagAssignment', checked)}
          disabled={isPending}
        />
        {shown.isTagAssignment ? (
          <p className="text-sm text-muted-foreground">
            {TAG_ASSIGNMENT_LABEL}: tags read here are offered to the open order and repair screens to be
            assigned; nothing moves.
          </p>
        ) : departmentsQuery.isPending ? (
          <div role="status" aria-label="Loading the departments" className="grid gap-4">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : departmentsQuery.isError ? (
          <QueryLoadError title="Could not load the departments" query={departmentsQuery} />
        ) : departmentsQuery.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            There are no departments yet. Add departments and their stations first.
          </p>
        ) : (
          <>
            <ChoiceSelect
              label="Department"
              placeholder={DEPARTMENT_MESSAGE}
              value={shown.departmentId}
              onValueChange={(departmentId) => {
                setValue('departmentId', departmentId);
                setValue('stationId', '');
              }}
              groups={departmentChoices}
              error={errors.departmentId}
              disabled={isPending}
            />
            <ChoiceSelect
              label="Station"
              placeholder={
                department && stations.length === 0 ? 'This department has no stations' : STATION_MESSAGE
              }
              value={shown.stationId}
              onValueChange={(stationId) => setValue('stationId', stationId)}
              groups={[
                {
                  label: null,
                  options: stations.map((station) => ({
                    value: station.id,
                    label: station.isActive ? station.name : `${station.name} (inactive)`,
                  })),
                },
              ]}
              error={errors.stationId}
              disabled={isPending || stations.length === 0}
            />
            {departmentsQuery.data.nextCursor ? (
              <p className="text-xs text-muted-foreground">
                Only the first {departmentsQuery.data.items.length} of {departmentsQuery.data.total}{' '}
                departments are listed.
              </p>
            ) : null}
          </>
        )}
        <FormErrorAlert message={formError} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving…' : 'Save mapping'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}

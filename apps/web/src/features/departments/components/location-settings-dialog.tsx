import type { TLocationSettingsView } from '@loupe/domain/registry/location-settings-api';
import type { TLocation } from '@loupe/domain/registry/locations';
import type { TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormField } from '@/components/form-field';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { useFormState } from '@/components/forms/use-form-state';
import { OpenDaysField } from '@/components/open-days-field';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { SwitchRow } from '@/components/switch-row';
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
import { useLocationSettings } from '@/lib/registry-api/get-location-settings';
import { toast } from '@/lib/toast';
import { useSaveLocationSettings } from '../api/save-location-settings';
import {
  LOCATION_SETTINGS_FIELDS,
  locationSettingsFormValues,
  parseLocationSettingsForm,
  SERVER_FIELDS,
  type TLocationSettingsFormValues,
} from './location-settings-form-model';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "Mon–Fri 09:00–17:00 (Europe/London)": what "Same as the workshop" stands for. */
export function calendarSummary(calendar: TWorkingCalendar): string {
  const days = [...calendar.openDays]
    .sort((a, b) => a - b)
    .map((day) => SHORT_DAYS[day])
    .join(', ');
  return `${days} ${calendar.opensAt}–${calendar.closesAt} (${calendar.timeZone})`;
}

/**
 * A location's own rules (issue 39 §3): opening days and hours with their time zone, the offsite timeout,
 * the transit to the workshop and the printers; each left as it is takes the workshop's.
 */
export function LocationSettingsDialog({ location, trigger }: { location: TLocation; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (isSaving ? undefined : setOpen(next))}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{`Rules of ${location.name}`}</DialogTitle>
          <DialogDescription>
            Where this location differs from the workshop. Anything left blank follows the workshop.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <LocationSettingsLoader
            locationId={location.id}
            onSaved={() => {
              setOpen(false);
              toast({ title: `The rules of ${location.name} were saved` });
            }}
            onCancel={() => setOpen(false)}
            onSavingChange={setIsSaving}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type TFormActions = {
  readonly onSaved: () => void;
  readonly onCancel: () => void;
  readonly onSavingChange: (isSaving: boolean) => void;
};

function LocationSettingsLoader({ locationId, ...actions }: { locationId: string } & TFormActions) {
  const query = useLocationSettings(locationId);
  if (query.isPending) return <SectionLoading label="Loading the location's rules" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <LocationSettingsForm view={query.data} {...actions} />;
}

function LocationSettingsForm({
  view,
  onSaved,
  onCancel,
  onSavingChange,
}: { view: TLocationSettingsView } & TFormActions) {
  const form = useFormState<keyof TLocationSettingsFormValues, TLocationSettingsFormValues>(
    () => locationSettingsFormValues(view),
    LOCATION_SETTINGS_FIELDS,
    { serverFields: SERVER_FIELDS },
  );
  const { values, errors, setValue } = form;
  const save = useSaveLocationSettings();
  const { workshop } = view;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const settings = form.validate(
      parseLocationSettingsForm(values, view.settings.calendar?.closedDates ?? []),
    );
    if (!settings) return;
    onSavingChange(true);
    save.mutate(
      { id: view.locationId, settings },
      {
        onSuccess: onSaved,
        onError: form.showServerError,
        onSettled: () => onSavingChange(false),
      },
    );
  }

  const disabled = save.isPending;
  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate aria-label="Location rules">
      <fieldset className="grid gap-3" disabled={disabled}>
        <legend className="mb-1 text-sm font-semibold">Opening days and hours</legend>
        <SwitchRow
          label="Same as the workshop"
          checked={!values.hasOwnCalendar}
          onCheckedChange={(same) => setValue('hasOwnCalendar', !same)}
          disabled={disabled}
        />
        {values.hasOwnCalendar ? (
          <div className="grid gap-4">
            <FormField
              label="Time zone"
              hint="Such as Europe/London or America/New_York"
              autoComplete="off"
              {...form.field('timeZone')}
            />
            <OpenDaysField
              legend="Open days"
              dayNames={DAYS}
              idPrefix={`location-${view.locationId}-open`}
              value={values.openDays}
              onChange={(openDays) => setValue('openDays', openDays)}
              error={errors.openDays}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Opens at" type="time" {...form.field('opensAt')} />
              <FormField label="Closes at" type="time" {...form.field('closesAt')} />
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{`The workshop's: ${calendarSummary(workshop.calendar)}. The closing count follows it.`}</p>
        )}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
        <legend className="mb-1 text-sm font-semibold">Pieces and transit</legend>
        <FormField
          label="Offsite after (minutes)"
          inputMode="numeric"
          placeholder={String(workshop.offsiteTimeoutMinutes)}
          hint={`Blank: the workshop's ${workshop.offsiteTimeoutMinutes} minutes`}
          {...form.field('offsiteMinutes')}
        />
        <FormField
          label="Transit to the workshop (working days)"
          inputMode="numeric"
          placeholder="0"
          hint="One way; a job taken in here is promised twice this much later"
          {...form.field('transitDays')}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
        <legend className="mb-1 text-sm font-semibold">Printers</legend>
        <FormField
          label="Label printer"
          maxLength={200}
          hint="Blank: the workshop's"
          {...form.field('labelPrinter')}
        />
        <FormField
          label="Manifest printer"
          maxLength={200}
          hint="Blank: the workshop's"
          {...form.field('manifestPrinter')}
        />
      </fieldset>

      <FormErrorAlert message={form.formError} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={disabled}>
          Cancel
        </Button>
        <Button type="submit" disabled={disabled}>
          {disabled ? 'Saving…' : 'Save rules'}
        </Button>
      </DialogFooter>
    </form>
  );
}

import { addDays } from '@loupe/domain/analytics/statistics';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { DownloadIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { formatCalendarDate, workshopFormat, workshopIsoDate } from '@/lib/date-format';
import { saveBlob } from '@/lib/save-blob';
import { useExportEpcisDocument } from '../api/export-epcis-document';
import {
  EPCIS_EXPORT_DAYS_MESSAGE,
  epcisExportFileName,
  epcisExportRange,
  type TEpcisExportDays,
} from './epcis-export-range';

const DEFAULT_DAYS = 7;

function lastWeek(now: Date): TEpcisExportDays {
  const today = workshopIsoDate(now);
  return { from: addDays(today, 1 - DEFAULT_DAYS), to: today };
}

/** "Export events": the EPCIS document of whole workshop days, saved as a file; an empty range says so. */
export function EpcisExport({ now = () => new Date() }: { readonly now?: () => Date }) {
  const [days, setDays] = useState<TEpcisExportDays>(() => lastWeek(now()));
  const [outcome, setOutcome] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useExportEpcisDocument();

  function change(next: Partial<TEpcisExportDays>) {
    setDays((current) => ({ ...current, ...next }));
    setOutcome(null);
    setProblem(null);
  }

  function onSubmit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    const range = epcisExportRange(days, workshopFormat().timeZone);
    if (range === null) {
      setProblem(EPCIS_EXPORT_DAYS_MESSAGE);
      return;
    }
    const exported = { ...days };
    const span = `${formatCalendarDate(exported.from)} – ${formatCalendarDate(exported.to)}`;
    mutation.mutate(range, {
      onSuccess: ({ blob, eventCount }) => {
        if (eventCount === 0) {
          setOutcome(`No events from ${span}: there is nothing to export.`);
          return;
        }
        saveBlob(blob, epcisExportFileName(exported));
        setOutcome(`Exported ${eventCount} ${eventCount === 1 ? 'event' : 'events'} from ${span}.`);
      },
      onError: (error) => setProblem(errorMessageOf(error, ERROR_MESSAGES.generic)),
    });
  }

  return (
    <form aria-label="Export EPCIS events" className="grid gap-3" onSubmit={onSubmit} noValidate>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormField
          label="First day"
          type="date"
          value={days.from}
          onChange={(event) => change({ from: event.target.value })}
        />
        <FormField
          label="Last day"
          type="date"
          value={days.to}
          onChange={(event) => change({ to: event.target.value })}
        />
        <Button type="submit" variant="outline" disabled={mutation.isPending}>
          <DownloadIcon aria-hidden="true" />
          {mutation.isPending ? 'Exporting…' : 'Export events'}
        </Button>
      </div>
      <FormErrorAlert message={problem} />
      <p role="status" className="text-sm text-muted-foreground">
        {outcome}
      </p>
    </form>
  );
}

import type { TTestScanAnswer } from '@loupe/domain/realtime/acknowledgements';
import type { TReader } from '@loupe/domain/registry/readers';
import { normalizeEpc } from '@loupe/domain/rfid/epc';
import { SendIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { SelectField } from '@/components/select-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessageOf } from '@/lib/api-error';
import { RealtimeRequestError } from '@/lib/realtime/realtime-client';
import { useScanToastsFor } from '@/lib/realtime/scan-toast-interest';
import type { TSimulatorItem } from '../api/get-simulator-items';
import { useSendTestScan } from '../api/send-test-scan';
import { antennaChoices, expectedEffect, summaryText } from './rfid-simulator-model';
import { emptyTestRead, parseTestRead, TEST_READ_FIELDS } from './test-read-model';

export const SEND_READ = 'Send read';
export const PICK_ITEM_LABEL = 'Tracked item';

type TOutcome =
  | { readonly kind: 'answer'; readonly answer: TTestScanAnswer; readonly expected: string }
  | { readonly kind: 'error'; readonly title: string; readonly message: string };

function itemKey(item: TSimulatorItem): string {
  return `${item.kind}:${item.id}`;
}

function itemLabel(item: TSimulatorItem): string {
  return `${item.number} — ${item.epc}${item.location ? ` (${item.location})` : ''}`;
}

export type TTestReadFormProps = {
  /** The readers with their antennas; at least one (the section says so when there is none). */
  readonly readers: readonly TReader[];
  readonly items: readonly TSimulatorItem[];
  readonly isConnected: boolean;
};

/**
 * Send a read: a reader's antenna and an EPC, typed or picked from the tracked items, sent as
 * `rfid:test-scan` through the real pipeline. The server's answer shows here; the scan toast by itself.
 */
export function TestReadForm({ readers, items, isConnected }: TTestReadFormProps) {
  const epcId = useId();
  const form = useDialogForm(() => emptyTestRead(readers), TEST_READ_FIELDS);
  const { values, errors, setValue } = form;
  const reader = readers.find((candidate) => candidate.id === values.readerId);
  const choices = reader ? antennaChoices(reader) : [];
  const [outcome, setOutcome] = useState<TOutcome | null>(null);
  const mutation = useSendTestScan();

  const typed = normalizeEpc(values.epc);
  const pickedItem = typed.ok ? items.find((item) => item.epc === typed.epc) : undefined;
  // The piece being tested is the one the user looks at: its scan toast shows (issue 11 §7).
  useScanToastsFor(pickedItem ? [pickedItem.id] : []);

  function onReaderChange(next: string) {
    setValue('readerId', next);
    // The first antenna of the new reader, so the choice never points at an antenna it does not list.
    const nextReader = readers.find((candidate) => candidate.id === next);
    if (nextReader) {
      form.setValues((current) => ({
        ...current,
        antenna: String(antennaChoices(nextReader)[0]?.antenna ?? ''),
      }));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = form.validate(parseTestRead(values));
    if (!read) return;

    const mapping = reader?.antennas.find((candidate) => candidate.antenna === read.antenna);
    const expected = expectedEffect({ mapping, item: pickedItem });
    setOutcome(null);
    mutation.mutate(read, {
      onSuccess: (answer) => setOutcome({ kind: 'answer', answer, expected }),
      onError: (error) =>
        setOutcome({
          kind: 'error',
          title:
            error instanceof RealtimeRequestError && error.reason === 'not-connected'
              ? 'Not sent'
              : 'No answer',
          message: errorMessageOf(error, 'The test read could not be sent.'),
        }),
    });
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Send a read">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Reader"
          value={values.readerId}
          onValueChange={onReaderChange}
          options={readers.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.name} (${candidate.id})`,
          }))}
          error={errors.readerId}
          className="min-w-0"
        />
        <SelectField
          label="Antenna"
          value={values.antenna}
          onValueChange={(next) => setValue('antenna', next)}
          options={choices.map((choice) => ({ value: String(choice.antenna), label: choice.label }))}
          error={errors.antenna}
          disabled={!reader}
          className="min-w-0"
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={epcId}>EPC</Label>
          <Input
            id={epcId}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono"
            placeholder="E280 1160 6000 0208"
            value={values.epc}
            onChange={(event) => setValue('epc', event.target.value)}
            aria-invalid={errors.epc ? true : undefined}
            aria-describedby={errors.epc ? `${epcId}-hint ${epcId}-error` : `${epcId}-hint`}
          />
          <p id={`${epcId}-hint`} className="text-xs text-muted-foreground">
            Type it in any reader spelling, or pick a tracked item.
          </p>
          {errors.epc ? (
            <p id={`${epcId}-error`} className="text-sm text-destructive">
              {errors.epc}
            </p>
          ) : null}
        </div>
        <ItemPicker
          items={items}
          value={pickedItem ? itemKey(pickedItem) : ''}
          onPick={(item) => setValue('epc', item.epc)}
        />
      </div>

      <div>
        <Button type="submit" disabled={!isConnected || mutation.isPending}>
          <SendIcon aria-hidden="true" />
          {mutation.isPending ? 'Sending…' : SEND_READ}
        </Button>
      </div>

      {outcome ? <TestReadOutcome outcome={outcome} /> : null}
    </form>
  );
}

function ItemPicker({
  items,
  value,
  onPick,
}: {
  items: readonly TSimulatorItem[];
  value: string;
  onPick: (item: TSimulatorItem) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const picked = items.find((item) => itemKey(item) === value);
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{PICK_ITEM_LABEL}</Label>
      <Select
        value={value}
        onValueChange={(key) => {
          const item = items.find((candidate) => itemKey(candidate) === key);
          if (item) onPick(item);
        }}
        disabled={items.length === 0}
      >
        <SelectTrigger
          id={id}
          className="w-full overflow-hidden *:data-[slot=select-value]:min-w-0"
          aria-describedby={hintId}
        >
          <SelectValue placeholder="Pick an order or repair">
            {picked ? <span className="min-w-0 truncate">{itemLabel(picked)}</span> : null}
          </SelectValue>
        </SelectTrigger>
        <SelectContent>
          {items.map((item) => (
            <SelectItem key={itemKey(item)} value={itemKey(item)}>
              <span className="min-w-0 truncate">{itemLabel(item)}</span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={hintId} className="text-xs text-muted-foreground">
        {items.length === 0 ? 'No order or repair has a tag yet.' : 'Fills the EPC with the item’s tag.'}
      </p>
    </div>
  );
}

function TestReadOutcome({ outcome }: { outcome: TOutcome }) {
  if (outcome.kind === 'error') {
    return (
      <Alert variant="destructive">
        <AlertTitle>{outcome.title}</AlertTitle>
        <AlertDescription>{outcome.message}</AlertDescription>
      </Alert>
    );
  }
  const { answer, expected } = outcome;
  if (!answer.ok) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Refused</AlertTitle>
        <AlertDescription className="whitespace-pre-line">{answer.message}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert role="status" aria-label="Test read sent">
      <AlertTitle>Sent</AlertTitle>
      <AlertDescription>
        <p>{summaryText(answer.result)}</p>
        {/* A repeat refreshes the last-seen time only; the prediction is about a fresh read. */}
        {expected && answer.result.repeats === 0 ? <p>{expected}</p> : null}
      </AlertDescription>
    </Alert>
  );
}

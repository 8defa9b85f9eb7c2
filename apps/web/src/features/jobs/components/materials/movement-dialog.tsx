import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import {
  MATERIAL_ENTRY_LABELS,
  parseWeight,
  type TMaterialLine,
  type TMaterialMovementInput,
  weightUnitOf,
} from '@loupe/domain/jobs/materials';
import { describeQuantity } from '@loupe/domain/jobs/materials-ledger';
import { ArrowLeftRightIcon } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
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
import { errorMessageOf } from '@/lib/api-error';

type TMoveType = TMaterialMovementInput['type'];
const MOVE_TYPES: readonly TMoveType[] = ['issued', 'returned', 'used', 'added'];
const MOVE_LABELS: Record<TMoveType, string> = {
  issued: 'Issue to a bench',
  returned: 'Return from a bench',
  used: MATERIAL_ENTRY_LABELS.used,
  added: 'Add more',
};

export type TMovementDialogProps = {
  readonly line: TMaterialLine;
  /** The moves this person may record (the bench's, the counter's "add"). */
  readonly types: readonly TMoveType[];
  readonly onSave: (movement: TMaterialMovementInput) => Promise<unknown>;
};

/** Issue a line to a bench, take it back, record what the work used, or add to it, with the server's refusals. */
export function MovementDialog({ line, types, onSave }: TMovementDialogProps) {
  const allowed = MOVE_TYPES.filter((type) => types.includes(type));
  const firstType = allowed[0] ?? 'issued';
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<TMoveType>(firstType);
  const [count, setCount] = useState('');
  const [weight, setWeight] = useState('');
  const [holder, setHolder] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const holders = line.balance.atBench.map((held) => held.holder);
  const isMetal = line.kind === 'metal';
  const needsHolder = type !== 'added';

  /** What a move takes by default: all on hand to issue, all a bench holds to return or use. */
  function defaultCount(to: TMoveType, from: string): string {
    if (isMetal || to === 'added') return '';
    const available =
      to === 'issued'
        ? line.balance.onHand.count
        : (line.balance.atBench.find((held) => held.holder === from)?.count ?? 0);
    return available > 0 ? String(available) : '';
  }

  function choose(to: TMoveType) {
    setType(to);
    setCount(defaultCount(to, holder));
  }

  function reset(isOpen: boolean) {
    setOpen(isOpen);
    if (isOpen) {
      setType(firstType);
      setCount(defaultCount(firstType, holders[0] ?? ''));
      setWeight('');
      setHolder(holders[0] ?? '');
      setNote('');
      setError(null);
    }
  }

  async function save() {
    setError(null);
    const weightMilli = weight.trim() === '' ? null : parseWeight(line.kind, weight);
    if (weight.trim() !== '' && weightMilli === null) {
      setError(line.kind === 'stone' ? 'Carats are a number to 0.001 ct.' : 'Grams are a number to 0.01 g.');
      return;
    }
    setIsSaving(true);
    try {
      await onSave({
        type,
        count: isMetal ? 0 : Number.parseInt(count || '0', 10),
        weightMilli,
        holder: needsHolder ? holder : '',
        note,
      });
      setOpen(false);
    } catch (cause) {
      setError(errorMessageOf(cause, ERROR_MESSAGES.generic));
    } finally {
      setIsSaving(false);
    }
  }

  if (allowed.length === 0) return null;
  const unit = weightUnitOf(line.kind);
  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" aria-label={`Move ${line.description}`}>
          <ArrowLeftRightIcon aria-hidden="true" />
          Move
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{line.description}</DialogTitle>
          <DialogDescription>
            On hand: {describeQuantity(line.kind, line.balance.onHand)}
            {line.balance.atBench.length > 0
              ? ` · at ${line.balance.atBench
                  .map((held) => `${held.holder} (${describeQuantity(line.kind, held)})`)
                  .join(', ')}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <SelectField
            label="What happened"
            value={type}
            onValueChange={(value) => choose(value as TMoveType)}
            options={allowed.map((value) => ({ value, label: MOVE_LABELS[value] }))}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            {isMetal ? null : (
              <FormField
                label="Count"
                inputMode="numeric"
                value={count}
                onChange={(event) => setCount(event.target.value.replace(/\D/g, ''))}
              />
            )}
            <FormField
              label={unit === 'ct' ? 'Carats (ct)' : 'Weight (g)'}
              inputMode="decimal"
              value={weight}
              hint={isMetal ? undefined : 'Leave empty to move the whole weight with the whole count.'}
              onChange={(event) => setWeight(event.target.value)}
            />
          </div>
          {needsHolder ? (
            <>
              <FormField
                label="Bench or person"
                value={holder}
                list={`holders-${line.id}`}
                placeholder="Bench 2 — Marco"
                onChange={(event) => setHolder(event.target.value)}
              />
              <datalist id={`holders-${line.id}`}>
                {holders.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          ) : null}
          <FormField label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
          {error ? (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void save()} disabled={isSaving}>
            {isSaving ? 'Saving…' : 'Record'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

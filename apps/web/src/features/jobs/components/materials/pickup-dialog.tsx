import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import {
  describeLine,
  formatWeight,
  parseWeight,
  type TJobMaterials,
  type TPickupInput,
  weightUnitOf,
} from '@loupe/domain/jobs/materials';
import { describeQuantity } from '@loupe/domain/jobs/materials-ledger';
import { HandshakeIcon } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
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
import { errorMessageOf } from '@/lib/api-error';
import { CustomerSignature } from './signature-pad';

type TOut = { isTicked: boolean; count: string; weight: string; note: string };

export type TPickupDialogProps = {
  readonly number: string;
  readonly customerName: string;
  readonly materials: TJobMaterials;
  readonly onPickup: (input: TPickupInput) => Promise<unknown>;
};

const weightText = (kind: TJobMaterials['lines'][number]['kind'], milli: number | null) =>
  milli === null ? '' : (formatWeight(kind, milli).split(' ')[0] ?? '');

/**
 * The pickup check (issue 37 §4): each line that came in is ticked as it goes back to the customer, anything
 * short is explained, the customer signs, and the job is delivered. The server checks it all again.
 */
export function PickupDialog({ number, customerName, materials, onPickup }: TPickupDialogProps) {
  const [open, setOpen] = useState(false);
  const [outs, setOuts] = useState<Record<string, TOut>>({});
  const [signerName, setSignerName] = useState(customerName);
  const [signature, setSignature] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  function reset(isOpen: boolean) {
    setOpen(isOpen);
    if (isOpen) {
      setOuts(
        Object.fromEntries(
          materials.lines.map((line) => [
            line.id,
            {
              isTicked: false,
              count: String(line.balance.onHand.count),
              weight: weightText(line.kind, line.balance.onHand.weightMilli),
              note: '',
            },
          ]),
        ),
      );
      setSignature(null);
      setError(null);
    }
  }

  const update = (lineId: string, changes: Partial<TOut>) =>
    setOuts((current) => ({ ...current, [lineId]: { ...(current[lineId] as TOut), ...changes } }));

  async function deliver() {
    setError(null);
    const lines: TPickupInput['lines'] = [];
    for (const line of materials.lines) {
      const out = outs[line.id];
      if (!out) continue;
      const weightMilli =
        line.weightMilli === null || !out.isTicked ? null : parseWeight(line.kind, out.weight || '0');
      if (out.isTicked && line.weightMilli !== null && weightMilli === null) {
        setError(`${line.description}: the weight is a number.`);
        return;
      }
      lines.push({
        lineId: line.id,
        count: out.isTicked ? Number.parseInt(out.count || '0', 10) : 0,
        weightMilli: out.isTicked ? weightMilli : line.weightMilli === null ? null : 0,
        shortfallNote: out.note,
      });
    }
    if (signature === null || signerName.trim() === '') {
      setError('The customer signs for what they take.');
      return;
    }
    setIsSaving(true);
    try {
      await onPickup({ lines, signature: { signerName: signerName.trim(), image: signature } });
      setOpen(false);
    } catch (cause) {
      setError(errorMessageOf(cause, ERROR_MESSAGES.generic));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="secondary">
          <HandshakeIcon aria-hidden="true" />
          Pickup check
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Pickup of {number}</DialogTitle>
          <DialogDescription>
            Tick each line as it goes back to the customer; say what happened to anything short. Then the
            customer signs and the job is delivered.
          </DialogDescription>
        </DialogHeader>
        <ul aria-label="Materials going out" className="grid gap-3">
          {materials.lines.map((line) => {
            const out = outs[line.id];
            if (!out) return null;
            const inText = describeQuantity(line.kind, line.balance.in);
            return (
              <li key={line.id} className="grid gap-2 rounded-md border p-3">
                <div className="flex items-start gap-2">
                  <Checkbox
                    id={`out-${line.id}`}
                    checked={out.isTicked}
                    onCheckedChange={(checked) => update(line.id, { isTicked: checked === true })}
                    aria-label={`${line.description} goes back to the customer`}
                  />
                  <Label htmlFor={`out-${line.id}`} className="grid gap-0.5 font-normal">
                    <span className="font-medium">{describeLine(line)}</span>
                    <span className="text-xs text-muted-foreground">
                      Came in: {inText} · on hand: {describeQuantity(line.kind, line.balance.onHand)}
                      {line.balance.used.count > 0 || (line.balance.used.weightMilli ?? 0) > 0
                        ? ` · used: ${describeQuantity(line.kind, line.balance.used)}`
                        : ''}
                    </span>
                  </Label>
                </div>
                {out.isTicked ? (
                  <div className="grid gap-2 sm:grid-cols-2">
                    {line.kind === 'metal' ? null : (
                      <FormField
                        label="Count out"
                        inputMode="numeric"
                        value={out.count}
                        onChange={(event) =>
                          update(line.id, { count: event.target.value.replace(/\D/g, '') })
                        }
                      />
                    )}
                    {line.weightMilli === null ? null : (
                      <FormField
                        label={weightUnitOf(line.kind) === 'ct' ? 'Carats out' : 'Grams out'}
                        inputMode="decimal"
                        value={out.weight}
                        onChange={(event) => update(line.id, { weight: event.target.value })}
                      />
                    )}
                  </div>
                ) : null}
                <FormField
                  label="If short: what happened"
                  value={out.note}
                  onChange={(event) => update(line.id, { note: event.target.value })}
                />
              </li>
            );
          })}
        </ul>
        <CustomerSignature
          label="Customer’s signature at pickup"
          signerName={signerName}
          onSignerNameChange={setSignerName}
          onChange={setSignature}
        />
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void deliver()} disabled={isSaving}>
            {isSaving ? 'Delivering…' : 'Deliver'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

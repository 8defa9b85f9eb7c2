import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import {
  describeLine,
  MATERIAL_KIND_LABELS,
  MATERIAL_KINDS,
  parseWeight,
  STONE_SETTINGS,
  STONE_SHAPES,
  type TIntakeMaterialsInput,
  type TMaterialKind,
  type TMaterialLineValues,
  weightUnitOf,
  ZMaterialLineInputSchema,
} from '@loupe/domain/jobs/materials';
import { PackagePlusIcon, PlusIcon, XIcon } from 'lucide-react';
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
import { CustomerSignature } from './signature-pad';

type TDraft = {
  kind: TMaterialKind;
  description: string;
  count: string;
  weight: string;
  shape: string;
  sizeMm: string;
  colour: string;
  clarity: string;
  setting: string;
  alloy: string;
};

const EMPTY_DRAFT: TDraft = {
  kind: 'stone',
  description: '',
  count: '1',
  weight: '',
  shape: 'round',
  sizeMm: '',
  colour: '',
  clarity: '',
  setting: 'set',
  alloy: '',
};

/** The draft as a line, or why it is not one yet. */
export function lineFromDraft(draft: TDraft): { line: TMaterialLineValues } | { error: string } {
  const weightMilli = draft.weight.trim() === '' ? null : parseWeight(draft.kind, draft.weight);
  if (weightMilli === null && draft.weight.trim() !== '') {
    return {
      error: draft.kind === 'stone' ? 'Carats are a number to 0.001 ct.' : 'Grams are a number to 0.01 g.',
    };
  }
  const parsed = ZMaterialLineInputSchema.safeParse({
    kind: draft.kind,
    description: draft.description,
    count: draft.kind === 'metal' ? 0 : Number.parseInt(draft.count || '0', 10),
    weightMilli,
    stone:
      draft.kind === 'stone'
        ? {
            shape: draft.shape,
            sizeMm: draft.sizeMm,
            colour: draft.colour,
            clarity: draft.clarity,
            setting: draft.setting,
          }
        : null,
    metal: draft.kind === 'metal' ? { alloy: draft.alloy } : null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    return {
      error: field === 'description' ? 'Describe what it is.' : (issue?.message ?? 'Check the line.'),
    };
  }
  return { line: parsed.data };
}

export type TIntakeDialogProps = {
  readonly customerName: string;
  readonly onSave: (input: TIntakeMaterialsInput) => Promise<unknown>;
};

/**
 * "Take materials in" (issue 37 §4): the counter lists what the customer left — stones with their shape, size
 * or carat, colour and clarity, loose or set; metal by its weight; items — and the customer signs for them.
 */
export function IntakeDialog({ customerName, onSave }: TIntakeDialogProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<TDraft>(EMPTY_DRAFT);
  const [lines, setLines] = useState<TMaterialLineValues[]>([]);
  const [lineError, setLineError] = useState<string | null>(null);
  const [signerName, setSignerName] = useState(customerName);
  const [signature, setSignature] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const set = (changes: Partial<TDraft>) => setDraft((current) => ({ ...current, ...changes }));

  function reset(isOpen: boolean) {
    setOpen(isOpen);
    if (!isOpen) {
      setDraft(EMPTY_DRAFT);
      setLines([]);
      setLineError(null);
      setSignature(null);
      setError(null);
    }
  }

  function addLine() {
    const result = lineFromDraft(draft);
    if ('error' in result) {
      setLineError(result.error);
      return;
    }
    setLines((current) => [...current, result.line]);
    setLineError(null);
    setDraft({ ...EMPTY_DRAFT, kind: draft.kind });
  }

  async function save() {
    setError(null);
    if (lines.length === 0) {
      setError('Add at least one line.');
      return;
    }
    if (signature === null || signerName.trim() === '') {
      setError('The customer signs for what they left.');
      return;
    }
    setIsSaving(true);
    try {
      await onSave({ lines, signature: { signerName: signerName.trim(), image: signature } });
      reset(false);
    } catch (cause) {
      setError(errorMessageOf(cause, ERROR_MESSAGES.generic));
    } finally {
      setIsSaving(false);
    }
  }

  const unit = weightUnitOf(draft.kind);
  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button type="button" size="sm">
          <PackagePlusIcon aria-hidden="true" />
          Take materials in
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Take materials in</DialogTitle>
          <DialogDescription>
            What the customer left: each stone, the metal with its weight, each item. They sign for it below.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-3 rounded-md border p-3" aria-label="New line">
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField
              label="Kind"
              value={draft.kind}
              onValueChange={(kind) => set({ kind: kind as TMaterialKind })}
              options={MATERIAL_KINDS.map((kind) => ({ value: kind, label: MATERIAL_KIND_LABELS[kind] }))}
            />
            <FormField
              label="Description"
              className="sm:col-span-2"
              value={draft.description}
              placeholder={
                draft.kind === 'stone' ? 'Diamond' : draft.kind === 'metal' ? 'Gold chain' : 'Ring'
              }
              onChange={(event) => set({ description: event.target.value })}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            {draft.kind === 'metal' ? (
              <FormField
                label="Alloy or karat"
                value={draft.alloy}
                placeholder="18k yellow"
                onChange={(event) => set({ alloy: event.target.value })}
              />
            ) : (
              <FormField
                label="Count"
                inputMode="numeric"
                value={draft.count}
                onChange={(event) => set({ count: event.target.value.replace(/\D/g, '') })}
              />
            )}
            <FormField
              label={unit === 'ct' ? 'Carats (ct)' : 'Weight (g)'}
              inputMode="decimal"
              value={draft.weight}
              placeholder={unit === 'ct' ? '0.000' : '0.00'}
              onChange={(event) => set({ weight: event.target.value })}
            />
            {draft.kind === 'stone' ? (
              <FormField
                label="Size (mm)"
                value={draft.sizeMm}
                placeholder="6.5"
                onChange={(event) => set({ sizeMm: event.target.value })}
              />
            ) : null}
          </div>
          {draft.kind === 'stone' ? (
            <div className="grid gap-3 sm:grid-cols-4">
              <SelectField
                label="Shape"
                value={draft.shape}
                onValueChange={(shape) => set({ shape })}
                options={STONE_SHAPES.map((shape) => ({ value: shape, label: shape }))}
              />
              <FormField
                label="Colour"
                value={draft.colour}
                onChange={(event) => set({ colour: event.target.value })}
              />
              <FormField
                label="Clarity"
                value={draft.clarity}
                onChange={(event) => set({ clarity: event.target.value })}
              />
              <SelectField
                label="Loose or set"
                value={draft.setting}
                onValueChange={(setting) => set({ setting })}
                options={STONE_SETTINGS.map((setting) => ({ value: setting, label: setting }))}
              />
            </div>
          ) : null}
          {lineError ? (
            <Alert variant="destructive">
              <AlertDescription>{lineError}</AlertDescription>
            </Alert>
          ) : null}
          <div>
            <Button type="button" variant="secondary" size="sm" onClick={addLine}>
              <PlusIcon aria-hidden="true" />
              Add line
            </Button>
          </div>
        </fieldset>
        {lines.length > 0 ? (
          <ul aria-label="Materials to take in" className="grid gap-1 text-sm">
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved; the list only grows or loses one
              <li key={index} className="flex items-center justify-between gap-2 rounded-md border px-3 py-1">
                <span>{describeLine(line)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${line.description}`}
                  onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <CustomerSignature
          label="Customer’s signature at intake"
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
          <Button type="button" variant="outline" onClick={() => reset(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void save()} disabled={isSaving}>
            {isSaving ? 'Saving…' : 'Record materials'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

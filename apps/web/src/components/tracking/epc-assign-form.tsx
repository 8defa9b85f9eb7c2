import { normalizeEpc } from '@loupe/domain/rfid/epc';
import { TagIcon } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useFormState } from '@/components/forms/use-form-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  EPC_ASSIGN_FIELDS,
  emptyEpcAssignForm,
  parseEpcAssignForm,
  type TEpcAssignField,
  type TEpcAssignFormValues,
} from './epc-assign-form-model';
import { TagOffer } from './tag-offer';
import { useTagAssignmentOffer } from './use-tag-assignment-offer';

export type TEpcAssignFormProps = {
  /** Called with the normalized EPC; rejects with the error to show. */
  readonly onAssign: (epc: string) => Promise<void>;
  /** Focus the input at once, so a scanner can type into it straight away. */
  readonly autoFocus?: boolean;
  readonly submitLabel?: string;
  readonly onCancel?: () => void;
  /** The tag the item already carries, when replacing it: not offered again. */
  readonly currentEpc?: string;
};

/**
 * Assigns a tag by its EPC, typed or scanned. A keyboard-wedge scanner types the EPC fast and ends with
 * Enter, which submits the form; any reader spelling ('e2 80 11 60', 'E2-80-…', '0xE280…') is normalized
 * with the domain's rule before it is sent. A tag just placed on a tag-assignment antenna is offered above
 * the field (issue 6 §3); using it only fills the field, the assign button still decides.
 */
export function EpcAssignForm({
  onAssign,
  autoFocus = false,
  submitLabel = 'Assign tag',
  onCancel,
  currentEpc,
}: TEpcAssignFormProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { offer, consume } = useTagAssignmentOffer();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const form = useFormState<TEpcAssignField, TEpcAssignFormValues>(emptyEpcAssignForm, EPC_ASSIGN_FIELDS);
  const raw = form.values.epc;
  // The field has one place for a message: the EPC's own, or the server's refusal of the tag.
  const error = form.errors.epc ?? form.formError;
  const [isPending, setIsPending] = useState(false);

  function setEpc(epc: string) {
    form.setValue('epc', epc);
    form.setFormError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const epc = form.validate(parseEpcAssignForm(form.values));
    if (epc === null) return;
    setIsPending(true);
    try {
      await onAssign(epc);
      consume(epc);
      form.reset();
    } catch (caught) {
      form.showServerError(caught);
    } finally {
      setIsPending(false);
    }
  }

  const typed = normalizeEpc(raw);
  const isOfferShown =
    offer !== null && offer.epc !== currentEpc && !(typed.ok && typed.epc === offer.epc) && !isPending;

  function onUseOffer(epc: string) {
    setEpc(epc);
    inputRef.current?.focus();
  }

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Assign a tag"
    >
      {isOfferShown ? <TagOffer offer={offer} onUse={onUseOffer} /> : null}
      <Label htmlFor={id}>Tag EPC</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          id={id}
          // A scanner's read must land here, not in a suggestion list.
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus={autoFocus}
          className="font-mono"
          placeholder="Type or scan the EPC"
          value={raw}
          onChange={(event) => setEpc(event.target.value)}
          disabled={isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={isPending}>
            <TagIcon aria-hidden="true" />
            {isPending ? 'Assigning…' : submitLabel}
          </Button>
          {onCancel ? (
            <Button type="button" variant="ghost" onClick={onCancel} disabled={isPending}>
              Cancel
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        A tag already on another order or repair is taken off it and moved here.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}

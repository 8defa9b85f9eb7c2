import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TReceiveTransferInput, TTransferDetail } from '@loupe/domain/transfers/transfers';
import { ScanLineIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FieldMessages } from '@/components/forms/field-messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessageOf } from '@/lib/api-error';
import { useReceiveTransfer } from '../api/receive-transfer';

const JOB_NUMBER = /^(ORD|REP)-\d+$/i;

/** What a scan says: a job number of the manifest, or a tag's EPC (a handheld or the keyboard wedge). */
export function receiveInputOf(
  scanned: string,
  items: TTransferDetail['items'],
): { readonly input: TReceiveTransferInput } | { readonly error: string } | null {
  const value = scanned.trim();
  if (!value) return null;
  if (JOB_NUMBER.test(value)) {
    const item = items.find((candidate) => candidate.itemNumber.toUpperCase() === value.toUpperCase());
    if (!item) return { error: `${value.toUpperCase()} is not on this bag’s manifest.` };
    return { input: { itemKind: item.itemKind, itemId: item.itemId } };
  }
  return { input: { epc: value } };
}

/** The receiving desk's scan box: each envelope scanned ticks it off the manifest. */
export function ReceiveScanBox({ transfer }: { readonly transfer: TTransferDetail }) {
  const id = useId();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ readonly text: string; readonly isError: boolean } | null>(null);
  const receive = useReceiveTransfer();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const scan = receiveInputOf(text, transfer.items);
    if (!scan) return;
    if ('error' in scan) {
      setMessage({ text: scan.error, isError: true });
      return;
    }
    receive.mutate(
      { transferId: transfer.id, input: scan.input },
      {
        onSuccess: (updated) => {
          setText('');
          setMessage({
            text: `Received ${updated.counts.received} of ${updated.counts.expected}.`,
            isError: false,
          });
        },
        onError: (error) =>
          setMessage({ text: errorMessageOf(error, ERROR_MESSAGES.generic), isError: true }),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-2" aria-label="Receive envelopes">
      <Label htmlFor={id}>Scan an envelope</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="EPC or job number (ORD-00012)"
          autoComplete="off"
          className="sm:max-w-md"
          disabled={receive.isPending}
        />
        <Button type="submit" variant="outline" disabled={receive.isPending || text.trim() === ''}>
          <ScanLineIcon aria-hidden="true" />
          Receive
        </Button>
      </div>
      <div aria-live="polite">
        {message ? (
          <FieldMessages
            fieldId={id}
            {...(message.isError ? { error: message.text } : { hint: message.text })}
          />
        ) : null}
      </div>
    </form>
  );
}

import { TRANSFER_MESSAGES, type TTransferDetail } from '@loupe/domain/transfers/transfers';
import { SendIcon } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useSendTransfer } from '../api/send-transfer';
import {
  parseSendTransferForm,
  SEND_TRANSFER_FIELDS,
  type TSendTransferValues,
} from './transfer-form-models';

/** Send: who carries the bag, its tracking number and, to an outside vendor, when it is due back. */
export function SendTransferDialog({ transfer }: { readonly transfer: TTransferDetail }) {
  const isVendor = transfer.toLocationKind === 'vendor';
  const initial = (): TSendTransferValues => ({
    carrier: transfer.carrier,
    trackingNumber: transfer.trackingNumber,
    bagLabel: transfer.bagLabel,
    expectedBackOn: '',
  });
  const form = useDialogForm(initial, SEND_TRANSFER_FIELDS);
  const send = useSendTransfer();
  const isEmpty = transfer.items.length === 0;

  function onSubmit() {
    if (isEmpty) {
      form.setFormError(TRANSFER_MESSAGES.empty);
      return;
    }
    const input = form.validate(parseSendTransferForm(form.values, transfer.toLocationKind));
    if (!input) return;
    // Awaited rather than mutate's callbacks: once sent, the bag's page drops this dialog, and with it those.
    void send.mutateAsync({ transferId: transfer.id, input }).then((sent) => {
      form.setOpen(false);
      toast({ title: `Bag ${sent.number} is on its way to ${sent.toLocationName}` });
    }, form.showServerError);
  }

  return (
    <FormDialog
      form={form}
      trigger={
        <Button type="button">
          <SendIcon aria-hidden="true" />
          Send
        </Button>
      }
      title={`Send ${transfer.number}`}
      description={`${transfer.items.length} ${transfer.items.length === 1 ? 'envelope' : 'envelopes'} to ${transfer.toLocationName}. The manifest cannot change once the bag is sent.`}
      isPending={send.isPending}
      submitLabel="Send bag"
      pendingLabel="Sending…"
      onSubmit={onSubmit}
    >
      <FormField
        label="Carrier"
        maxLength={100}
        hint='FedEx, UPS, "Courier" or "Hand carried"'
        required
        {...form.field('carrier')}
      />
      <FormField label="Tracking number (optional)" maxLength={100} {...form.field('trackingNumber')} />
      <FormField label="Bag label (optional)" maxLength={100} {...form.field('bagLabel')} />
      {isVendor ? (
        <FormField label="Expected back on" type="date" required {...form.field('expectedBackOn')} />
      ) : null}
    </FormDialog>
  );
}

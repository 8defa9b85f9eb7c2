import { isAllowed } from '@loupe/domain/auth/permissions';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { TRANSFER_ACCESS, TRANSFER_MESSAGES, type TTransferDetail } from '@loupe/domain/transfers/transfers';
import { BanIcon, PackageCheckIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { useCancelTransfer } from '../api/cancel-transfer';
import { useCloseTransfer } from '../api/close-transfer';

const stillExpected = (transfer: TTransferDetail) =>
  transfer.items.filter((item) => item.state === 'expected').length;

function closedToast(closed: TTransferDetail) {
  toast({
    title:
      closed.status === 'received_short'
        ? TRANSFER_MESSAGES.short(closed.counts.missing)
        : `Bag ${closed.number} received`,
  });
}

/**
 * "Close bag": the bag is opened and done. While envelopes are still expected it asks first, as closing marks
 * them missing (received short).
 */
export function CloseTransferButton({ transfer }: { readonly transfer: TTransferDetail }) {
  const close = useCloseTransfer();
  const missing = stillExpected(transfer);
  const trigger = (
    <Button type="button" variant={missing > 0 ? 'outline' : 'default'} disabled={close.isPending}>
      <PackageCheckIcon aria-hidden="true" />
      Close bag
    </Button>
  );
  if (missing > 0) {
    return (
      <ConfirmDialog
        trigger={trigger}
        title={`Close ${transfer.number}?`}
        description={`${TRANSFER_MESSAGES.short(missing)} They stay missing on the manifest, and the bag closes as received short.`}
        confirmLabel="Close received short"
        pendingLabel="Closing…"
        onConfirm={async () => closedToast(await close.mutateAsync(transfer.id))}
      />
    );
  }
  return (
    <Button
      type="button"
      disabled={close.isPending}
      // Awaited rather than mutate's callbacks: once closed, the bag's page drops this button, and with it those.
      onClick={() =>
        close.mutateAsync(transfer.id).then(closedToast, (error: unknown) =>
          toast({
            title: 'Could not close the bag',
            description: errorMessageOf(error, ERROR_MESSAGES.generic),
            variant: 'destructive',
          }),
        )
      }
    >
      <PackageCheckIcon aria-hidden="true" />
      Close bag
    </Button>
  );
}

/** "Cancel bag" (managers): a bag that never left is called off; its envelopes stay where they are. */
export function CancelTransferButton({ transfer }: { readonly transfer: TTransferDetail }) {
  const { user } = useAuth();
  const cancel = useCancelTransfer();
  if (!isAllowed(user, TRANSFER_ACCESS.cancel)) return null;
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost">
          <BanIcon aria-hidden="true" />
          Cancel bag
        </Button>
      }
      title={`Cancel ${transfer.number}?`}
      description="The bag is called off: its envelopes stay where they are and can go in another bag."
      confirmLabel="Cancel bag"
      pendingLabel="Cancelling…"
      onConfirm={async () => {
        const cancelled = await cancel.mutateAsync(transfer.id);
        toast({ title: `Bag ${cancelled.number} cancelled` });
      }}
    />
  );
}

import type { TTransfer } from '@loupe/domain/transfers/transfers';
import { ArrowRightIcon } from 'lucide-react';
import { formatCalendarDate } from '@/lib/date-format';

/** "Main workshop → Downtown store". */
export function TransferRoute({ transfer }: { readonly transfer: TTransfer }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span>{transfer.fromLocationName}</span>
      <ArrowRightIcon aria-label="to" className="size-3.5 shrink-0 text-muted-foreground" />
      <span>{transfer.toLocationName}</span>
    </span>
  );
}

/** "FedEx · 7712 3456" or "Not sent yet". */
export function carrierText(transfer: TTransfer): string {
  if (!transfer.carrier) return transfer.status === 'packing' ? 'Not sent yet' : '—';
  return transfer.trackingNumber ? `${transfer.carrier} · ${transfer.trackingNumber}` : transfer.carrier;
}

/** "3/4 received", and what is missing or extra beside it. */
export function countsText(counts: TTransfer['counts']): string {
  const parts = [`${counts.received}/${counts.expected} received`];
  if (counts.missing > 0) parts.push(`${counts.missing} missing`);
  if (counts.extra > 0) parts.push(`${counts.extra} extra`);
  return parts.join(' · ');
}

export function expectedText(transfer: TTransfer): string {
  return transfer.expectedOn ? formatCalendarDate(transfer.expectedOn) : '—';
}

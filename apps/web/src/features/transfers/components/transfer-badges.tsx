import {
  TRANSFER_ITEM_STATE_LABELS,
  TRANSFER_STATUS_LABELS,
  type TTransferItemState,
  type TTransferStatus,
} from '@loupe/domain/transfers/transfers';
import { Badge, type TBadgeProps } from '@/components/ui/badge';

const STATUS_VARIANTS = {
  packing: 'outline',
  in_transit: 'default',
  received: 'secondary',
  received_short: 'destructive',
  cancelled: 'outline',
} as const satisfies Record<TTransferStatus, TBadgeProps['variant']>;

export function TransferStatusBadge({ status }: { readonly status: TTransferStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{TRANSFER_STATUS_LABELS[status]}</Badge>;
}

export function OverdueBadge() {
  return <Badge variant="destructive">Overdue</Badge>;
}

const ITEM_STATE_CLASSES = {
  expected: '',
  received: 'border-transparent bg-emerald-700 text-white dark:bg-emerald-800',
  missing: '',
  extra: 'border-transparent bg-amber-500 text-black dark:bg-amber-600',
} as const satisfies Record<TTransferItemState, string>;

const ITEM_STATE_VARIANTS = {
  expected: 'outline',
  received: 'default',
  missing: 'destructive',
  extra: 'default',
} as const satisfies Record<TTransferItemState, TBadgeProps['variant']>;

export function TransferItemStateBadge({ state }: { readonly state: TTransferItemState }) {
  return (
    <Badge variant={ITEM_STATE_VARIANTS[state]} className={ITEM_STATE_CLASSES[state]}>
      {TRANSFER_ITEM_STATE_LABELS[state]}
    </Badge>
  );
}

import { ORDER_STATUS_LABELS, type TOrderStatus, ZOrderStatusSchema } from '@loupe/domain/orders/order';
import { Badge, type TBadgeProps } from '@/components/ui/badge';
import { formatCalendarDate } from '@/lib/date-format';
import { formatCents } from '@/lib/number-format';
import { plainValue, type TChangeFormatter } from '../../components/history/describe-change';
import type { TJobNoun } from '../../job-noun';

/** How the shared list, detail and form screens name an order. */
export const ORDER_NOUN: TJobNoun = { one: 'order', other: 'orders' };

const STATUS_VARIANT: Readonly<Record<TOrderStatus, NonNullable<TBadgeProps['variant']>>> = {
  new: 'outline',
  in_design: 'secondary',
  awaiting_approval: 'secondary',
  in_production: 'default',
  quality_check: 'default',
  ready: 'default',
  delivered: 'outline',
  cancelled: 'destructive',
};

export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

/** The history's field names: the snapshot's (customer, salesperson…) and, in older entries, the id columns. */
export const ORDER_FIELD_LABELS: Readonly<Record<string, string>> = {
  customer: 'Customer',
  productType: 'Product type',
  metalType: 'Metal',
  design: 'Design',
  salesperson: 'Salesperson',
  designer: 'Designer',
  customerId: 'Customer',
  productTypeId: 'Product type',
  metalTypeId: 'Metal',
  designId: 'Design',
  description: 'Description',
  salespersonId: 'Salesperson',
  designerId: 'Designer',
  isRush: 'Rush',
  promisedDate: 'Promised date',
  priceCents: 'Price',
  depositCents: 'Deposit',
  status: 'Status',
  notes: 'Notes',
  epc: 'Tag',
  expectedOffsite: 'Expected offsite',
  photo: 'Photo',
};

const CENTS_FIELDS = new Set(['priceCents', 'depositCents', 'balanceCents']);
const ID_FIELDS = new Set([
  'customerId',
  'productTypeId',
  'metalTypeId',
  'designId',
  'salespersonId',
  'designerId',
]);

/** How the change history reads an order's fields. */
export const orderChangeFormatter: TChangeFormatter = {
  fieldOrder: Object.keys(ORDER_FIELD_LABELS),
  fieldLabel: (field) => ORDER_FIELD_LABELS[field] ?? field,
  formatValue: (field, value) => {
    if (ID_FIELDS.has(field)) return null;
    if (CENTS_FIELDS.has(field) && typeof value === 'number') return formatCents(value);
    if (field === 'status') {
      const status = ZOrderStatusSchema.safeParse(value);
      return status.success ? ORDER_STATUS_LABELS[status.data] : plainValue(value);
    }
    if (field === 'promisedDate' && typeof value === 'string') return formatCalendarDate(value);
    if (field === 'description' || field === 'notes') return null;
    return plainValue(value);
  },
};

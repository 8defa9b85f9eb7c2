import {
  REPAIR_STATUS_LABELS,
  REPAIR_TYPE_LABELS,
  type TRepairStatus,
  ZRepairStatusSchema,
  ZRepairTypeSchema,
} from '@loupe/domain/repairs/repair';
import { Badge, type TBadgeProps } from '@/components/ui/badge';
import { formatCalendarDate } from '@/lib/date-format';
import { formatCents } from '@/lib/number-format';
import { plainValue, type TChangeFormatter } from '../../components/history/describe-change';
import type { TJobNoun } from '../../job-noun';

/** How the shared list, detail and form screens name a repair. */
export const REPAIR_NOUN: TJobNoun = { one: 'repair', other: 'repairs' };

const STATUS_VARIANT: Readonly<Record<TRepairStatus, NonNullable<TBadgeProps['variant']>>> = {
  received: 'outline',
  awaiting_approval: 'secondary',
  in_progress: 'default',
  waiting_parts: 'secondary',
  quality_check: 'default',
  ready: 'default',
  picked_up: 'outline',
  cancelled: 'destructive',
};

export function RepairStatusBadge({ status }: { status: TRepairStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{REPAIR_STATUS_LABELS[status]}</Badge>;
}

/** 'Sizing, Polishing'. */
export function repairTypesText(types: readonly string[]): string {
  return types
    .map((type) => {
      const parsed = ZRepairTypeSchema.safeParse(type);
      return parsed.success ? REPAIR_TYPE_LABELS[parsed.data] : type;
    })
    .join(', ');
}

/** The history's field names: the snapshot's (customer…) and, in older entries, the id columns. */
export const REPAIR_FIELD_LABELS: Readonly<Record<string, string>> = {
  customer: 'Customer',
  customerId: 'Customer',
  itemDescription: 'Item',
  repairTypes: 'Repair types',
  conditionNotes: 'Condition notes',
  declaredValueCents: 'Declared value',
  estimateCents: 'Estimate',
  promisedDate: 'Promised date',
  isRush: 'Rush',
  status: 'Status',
  epc: 'Tag',
  expectedOffsite: 'Expected offsite',
  photo: 'Photo',
};

const CENTS_FIELDS = new Set(['declaredValueCents', 'estimateCents']);

/** How the change history reads a repair's fields. */
export const repairChangeFormatter: TChangeFormatter = {
  fieldOrder: Object.keys(REPAIR_FIELD_LABELS),
  fieldLabel: (field) => REPAIR_FIELD_LABELS[field] ?? field,
  formatValue: (field, value) => {
    if (field === 'customerId' || field === 'conditionNotes') return null;
    if (CENTS_FIELDS.has(field) && typeof value === 'number') return formatCents(value);
    if (field === 'status') {
      const status = ZRepairStatusSchema.safeParse(value);
      return status.success ? REPAIR_STATUS_LABELS[status.data] : plainValue(value);
    }
    if (field === 'repairTypes' && Array.isArray(value))
      return value.length ? repairTypesText(value) : plainValue(value);
    if (field === 'promisedDate' && typeof value === 'string') return formatCalendarDate(value);
    return plainValue(value);
  },
};

import { z } from 'zod';
import { ZCalendarDateSchema } from '../api/dates';
import { ZCentsSchema } from '../api/money';
import { jobListQuerySchema } from '../jobs/job-list-query';
import { jobLocationInputFields } from '../jobs/job-locations';
import { jobViewTailFields } from '../jobs/job-view-fields';
import { keysOf } from '../text/label-table';
import { lazySchema } from '../validation/lazy-schema';

/** The life of a repair, from the counter to the customer's hand (Loupe's own; the spec shows tracking only). */
export const REPAIR_STATUS_LABELS = {
  received: 'Received',
  awaiting_approval: 'Awaiting approval',
  in_progress: 'In progress',
  waiting_parts: 'Waiting for parts',
  quality_check: 'Quality check',
  ready: 'Ready for pickup',
  picked_up: 'Picked up',
  cancelled: 'Cancelled',
} as const;
export const REPAIR_STATUSES = keysOf(REPAIR_STATUS_LABELS);
export const ZRepairStatusSchema = lazySchema(() => z.enum(REPAIR_STATUSES));
export type TRepairStatus = z.infer<typeof ZRepairStatusSchema>;

/** Repairs no longer in the workshop's hands: a past promised date is not overdue for them. */
export const FINISHED_REPAIR_STATUSES: readonly TRepairStatus[] = ['picked_up', 'cancelled'];

/** Repairs still in the workshop's hands: everything but the finished. */
export const OPEN_REPAIR_STATUSES = REPAIR_STATUSES.filter((s) => !FINISHED_REPAIR_STATUSES.includes(s));

export const REPAIR_STATUS_TRANSITIONS: Readonly<Record<TRepairStatus, readonly TRepairStatus[]>> = {
  received: ['awaiting_approval', 'in_progress', 'cancelled'],
  awaiting_approval: ['in_progress', 'cancelled'],
  in_progress: ['waiting_parts', 'quality_check', 'cancelled'],
  waiting_parts: ['in_progress', 'cancelled'],
  quality_check: ['in_progress', 'ready'],
  ready: ['quality_check', 'picked_up'],
  picked_up: [],
  cancelled: [],
};

export function canChangeRepairStatus(from: TRepairStatus, to: TRepairStatus): boolean {
  return from === to || REPAIR_STATUS_TRANSITIONS[from].includes(to);
}

/** The kinds of work a counter takes in; a repair may need several. */
export const REPAIR_TYPE_LABELS = {
  sizing: 'Sizing',
  prong_retipping: 'Prong retipping',
  stone_setting: 'Stone setting',
  stone_replacement: 'Stone replacement',
  chain_repair: 'Chain repair',
  clasp_replacement: 'Clasp replacement',
  soldering: 'Soldering',
  polishing: 'Polishing',
  rhodium_plating: 'Rhodium plating',
  engraving: 'Engraving',
  cleaning: 'Cleaning',
  appraisal: 'Appraisal',
  other: 'Other',
} as const;
export const REPAIR_TYPES = keysOf(REPAIR_TYPE_LABELS);
export const ZRepairTypeSchema = lazySchema(() => z.enum(REPAIR_TYPES));
export type TRepairType = z.infer<typeof ZRepairTypeSchema>;

export const REPAIR_NUMBER_PREFIX = 'REP';

export function formatRepairNumber(sequence: number, prefix: string = REPAIR_NUMBER_PREFIX): string {
  return `${prefix}-${String(sequence).padStart(5, '0')}`;
}

/** What the repairs list's search matches (the `search_text` column): number, customer name, item. */
export function repairSearchText(repair: {
  repairNumber: string;
  customerName: string;
  itemDescription: string;
}): string {
  return [repair.repairNumber, repair.customerName, repair.itemDescription].join(' ').toLowerCase();
}

export const ZRepairSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    repairNumber: z.string(),
    customer: z.object({
      id: z.string(),
      name: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    }),
    itemDescription: z.string(),
    repairTypes: z.array(ZRepairTypeSchema),
    conditionNotes: z.string(),
    declaredValueCents: z.number().int(),
    estimateCents: z.number().int(),
    promisedDate: z.string().nullable(),
    isRush: z.boolean(),
    status: ZRepairStatusSchema,
    ...jobViewTailFields,
  }),
);
export type TRepair = z.infer<typeof ZRepairSchema>;

/**
 * A repair's editable fields but the customer, as they stand: what an edit compares its changes with and
 * what the history records (each with the customer in its own form).
 */
export function repairEditableValues(repair: TRepair) {
  return {
    itemDescription: repair.itemDescription,
    repairTypes: repair.repairTypes,
    conditionNotes: repair.conditionNotes,
    declaredValueCents: repair.declaredValueCents,
    estimateCents: repair.estimateCents,
    promisedDate: repair.promisedDate,
    isRush: repair.isRush,
    status: repair.status,
    intakeLocationId: repair.intakeLocationId,
    pickupLocationId: repair.pickupLocationId,
  };
}

export const ZRepairListItemSchema = lazySchema(() =>
  ZRepairSchema.unwrap().omit({ photos: true, conditionNotes: true }),
);
export type TRepairListItem = z.infer<typeof ZRepairListItemSchema>;

const repairFields = {
  customerId: lazySchema(() => z.uuid('Choose a customer')),
  itemDescription: lazySchema(() => z.string().trim().min(1, 'Describe the item').max(2000)),
  repairTypes: lazySchema(() =>
    z.array(ZRepairTypeSchema).min(1, 'Choose at least one repair type').max(REPAIR_TYPES.length),
  ),
  conditionNotes: lazySchema(() => z.string().max(5000).optional()),
  declaredValueCents: lazySchema(() => ZCentsSchema.optional()),
  estimateCents: lazySchema(() => ZCentsSchema.optional()),
  promisedDate: lazySchema(() => ZCalendarDateSchema.nullish()),
  isRush: lazySchema(() => z.boolean().optional()),
  ...jobLocationInputFields,
};

export const ZCreateRepairInputSchema = lazySchema(() => z.object(repairFields));
export type TCreateRepairInput = z.output<typeof ZCreateRepairInputSchema>;

export const ZUpdateRepairInputSchema = lazySchema(() =>
  z.object({ ...repairFields, status: ZRepairStatusSchema }).partial(),
);
export type TUpdateRepairInput = z.output<typeof ZUpdateRepairInputSchema>;

export const REPAIR_SORTS = ['newest', 'oldest', 'promised', 'number'] as const;
export const ZRepairSortSchema = lazySchema(() => z.enum(REPAIR_SORTS));

export const ZRepairListQuerySchema = lazySchema(() =>
  jobListQuerySchema(ZRepairStatusSchema, ZRepairSortSchema.default('newest')),
);
export type TRepairListQuery = z.output<typeof ZRepairListQuerySchema>;

import { z } from 'zod';
import { ZCalendarDateSchema } from '../api/dates';
import { ZCentsSchema } from '../api/money';
import { jobListQuerySchema } from '../jobs/job-list-query';
import { jobLocationInputFields } from '../jobs/job-locations';
import { jobViewTailFields } from '../jobs/job-view-fields';
import { keysOf } from '../text/label-table';
import { lazySchema } from '../validation/lazy-schema';

/**
 * The life of a custom order. The spec shows only tracking statuses; these business statuses are
 * Loupe's, following a piece from the sales desk through design, the bench and QA to the customer.
 */
export const ORDER_STATUS_LABELS = {
  new: 'New',
  in_design: 'In design',
  awaiting_approval: 'Awaiting approval',
  in_production: 'In production',
  quality_check: 'Quality check',
  ready: 'Ready for pickup',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
} as const;
export const ORDER_STATUSES = keysOf(ORDER_STATUS_LABELS);
export const ZOrderStatusSchema = lazySchema(() => z.enum(ORDER_STATUSES));
export type TOrderStatus = z.infer<typeof ZOrderStatusSchema>;

/** Which status may follow which. Work can step back (a QA reject, a redesign); finished orders stay finished. */
export const ORDER_STATUS_TRANSITIONS: Readonly<Record<TOrderStatus, readonly TOrderStatus[]>> = {
  new: ['in_design', 'in_production', 'cancelled'],
  in_design: ['awaiting_approval', 'in_production', 'cancelled'],
  awaiting_approval: ['in_design', 'in_production', 'cancelled'],
  in_production: ['in_design', 'quality_check', 'cancelled'],
  quality_check: ['in_production', 'ready', 'cancelled'],
  ready: ['quality_check', 'delivered'],
  delivered: [],
  cancelled: [],
};

export function canChangeOrderStatus(from: TOrderStatus, to: TOrderStatus): boolean {
  return from === to || ORDER_STATUS_TRANSITIONS[from].includes(to);
}

/** Orders no longer on the workshop's books: a past promised date is not overdue for them. */
export const FINISHED_ORDER_STATUSES: readonly TOrderStatus[] = ['delivered', 'cancelled'];

/** Whether a stored status is a finished one (it is a plain string in the database). */
export function isFinishedOrderStatus(status: string): boolean {
  return (FINISHED_ORDER_STATUSES as readonly string[]).includes(status);
}

/** Orders still on the workshop's books: everything but the finished. */
export const OPEN_ORDER_STATUSES = ORDER_STATUSES.filter((s) => !FINISHED_ORDER_STATUSES.includes(s));

export const ORDER_NUMBER_PREFIX = 'ORD';

/** ORD-00042: the readable number staff say out loud and write on envelopes. */
export function formatOrderNumber(sequence: number, prefix: string = ORDER_NUMBER_PREFIX): string {
  return `${prefix}-${String(sequence).padStart(5, '0')}`;
}

/** What the orders list's search matches (the `search_text` column): number, customer name, description. */
export function orderSearchText(order: {
  orderNumber: string;
  customerName: string;
  description: string;
}): string {
  return [order.orderNumber, order.customerName, order.description].join(' ').toLowerCase();
}

/** Price less deposit: what the customer still owes. Never negative: an overpaid deposit owes nothing. */
export function balanceCents(priceCents: number, depositCents: number): number {
  return Math.max(0, priceCents - depositCents);
}

const ZPersonRefSchema = lazySchema(() => z.object({ id: z.string(), name: z.string() }).nullable());
const ZNamedRefSchema = lazySchema(() => z.object({ id: z.string(), name: z.string() }).nullable());

export const ZOrderSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    orderNumber: z.string(),
    customer: z.object({
      id: z.string(),
      name: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    }),
    productType: ZNamedRefSchema,
    metalType: ZNamedRefSchema,
    design: ZNamedRefSchema,
    description: z.string(),
    salesperson: ZPersonRefSchema,
    designer: ZPersonRefSchema,
    isRush: z.boolean(),
    promisedDate: z.string().nullable(),
    priceCents: z.number().int(),
    depositCents: z.number().int(),
    balanceCents: z.number().int(),
    status: ZOrderStatusSchema,
    notes: z.string(),
    ...jobViewTailFields,
  }),
);
export type TOrder = z.infer<typeof ZOrderSchema>;

/** A row of the orders list: what the table shows, without photos. */
export const ZOrderListItemSchema = lazySchema(() =>
  ZOrderSchema.unwrap().omit({ photos: true, notes: true }),
);
export type TOrderListItem = z.infer<typeof ZOrderListItemSchema>;

const orderFields = {
  customerId: lazySchema(() => z.uuid('Choose a customer')),
  productTypeId: lazySchema(() => z.uuid().nullish()),
  metalTypeId: lazySchema(() => z.uuid().nullish()),
  designId: lazySchema(() => z.uuid().nullish()),
  description: lazySchema(() => z.string().trim().max(5000).optional()),
  salespersonId: lazySchema(() => z.uuid().nullish()),
  designerId: lazySchema(() => z.uuid().nullish()),
  isRush: lazySchema(() => z.boolean().optional()),
  promisedDate: lazySchema(() => ZCalendarDateSchema.nullish()),
  priceCents: lazySchema(() => ZCentsSchema.optional()),
  depositCents: lazySchema(() => ZCentsSchema.optional()),
  notes: lazySchema(() => z.string().max(5000).optional()),
  ...jobLocationInputFields,
};

function checkDeposit(value: { priceCents?: number; depositCents?: number }, ctx: z.RefinementCtx) {
  if (
    value.depositCents !== undefined &&
    value.priceCents !== undefined &&
    value.depositCents > value.priceCents
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['depositCents'],
      message: 'The deposit cannot be more than the price',
    });
  }
}

export const ZCreateOrderInputSchema = lazySchema(() => z.object(orderFields).superRefine(checkDeposit));
export type TCreateOrderInput = z.output<typeof ZCreateOrderInputSchema>;

/** A change; status moves only along ORDER_STATUS_TRANSITIONS (checked by the server against the current one). */
export const ZUpdateOrderInputSchema = lazySchema(() =>
  z
    .object({
      ...orderFields,
      customerId: orderFields.customerId.optional(),
      status: ZOrderStatusSchema.optional(),
    })
    .superRefine(checkDeposit),
);
export type TUpdateOrderInput = z.output<typeof ZUpdateOrderInputSchema>;

export const ORDER_SORTS = ['newest', 'oldest', 'promised', 'number'] as const;
export const ZOrderSortSchema = lazySchema(() => z.enum(ORDER_SORTS));
export type TOrderSort = z.infer<typeof ZOrderSortSchema>;

export const ZOrderListQuerySchema = lazySchema(() =>
  jobListQuerySchema(ZOrderStatusSchema, ZOrderSortSchema.default('newest')),
);
export type TOrderListQuery = z.output<typeof ZOrderListQuerySchema>;

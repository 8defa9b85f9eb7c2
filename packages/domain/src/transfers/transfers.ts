import { z } from 'zod';
import { listPageSchema } from '../api/list';
import type { TRoleAccess } from '../auth/permissions';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Transfers between facilities (issue 39): a job travels from one location to another in a bag. The sender packs
 * the bag (a read at the location's shipping station, or a button), sends it with a carrier and a tracking
 * number, and the receiver sees the bag's pieces arrive (the first read at the destination, or a scan at its
 * receiving station): what is missing is plain as soon as the reads come in. A bag to an outside vendor works
 * the same way: it is out until each piece is read again at one of the workshop's own locations, and overdue
 * after the date it is expected back.
 *
 * Routes (all under /api/v1, signed in; who may do what is in TRANSFER_ACCESS):
 *   GET    /transfers?locationId=&direction=incoming|outgoing|all&status=&q=&limit=&cursor=  → list page
 *   POST   /transfers                              ZCreateTransferInputSchema  → 201 TTransferDetail
 *   GET    /transfers/:id                                                      → TTransferDetail
 *   POST   /transfers/:id/items                    ZTransferItemRefSchema      → TTransferDetail (packing only)
 *   DELETE /transfers/:id/items/:itemKind/:itemId                              → TTransferDetail (packing only)
 *   POST   /transfers/:id/send                     ZSendTransferInputSchema    → TTransferDetail
 *   POST   /transfers/:id/receive                  ZReceiveTransferInputSchema → TTransferDetail (a scan)
 *   POST   /transfers/:id/close                                                → TTransferDetail (short if missing)
 *   POST   /transfers/:id/cancel                                               → TTransferDetail (packing only)
 *   GET    /locations/:id/today                                                → TLocationToday
 * Realtime: 'transfer:changed' { transfer: TTransfer } after each commit that changes a transfer or its items.
 */

/** What a location is: the workshop that makes the pieces, a store that takes them in, or an outside vendor. */
export const LOCATION_KIND_LABELS = {
  workshop: 'Workshop',
  store: 'Store',
  vendor: 'Outside vendor',
} as const;
export const ZLocationKindSchema = lazySchema(() => z.enum(['workshop', 'store', 'vendor']));
export type TLocationKind = z.infer<typeof ZLocationKindSchema>;

/** A station's part in transfers: where bags are packed, where they are opened, or ordinary work. */
export const STATION_ROLE_LABELS = {
  work: 'Work',
  shipping: 'Shipping',
  receiving: 'Receiving',
} as const;
export const ZStationRoleSchema = lazySchema(() => z.enum(['work', 'shipping', 'receiving']));
export type TStationRole = z.infer<typeof ZStationRoleSchema>;

export const TRANSFER_STATUS_LABELS = {
  packing: 'Packing',
  in_transit: 'In transit',
  received: 'Received',
  received_short: 'Received short',
  cancelled: 'Cancelled',
} as const;
export const ZTransferStatusSchema = lazySchema(() =>
  z.enum(['packing', 'in_transit', 'received', 'received_short', 'cancelled']),
);
export type TTransferStatus = z.infer<typeof ZTransferStatusSchema>;

/** A piece's state in its bag: on the manifest and not yet seen, seen at the destination, not there at closing, or in the bag without being on the manifest. */
export const TRANSFER_ITEM_STATE_LABELS = {
  expected: 'Expected',
  received: 'Received',
  missing: 'Missing',
  extra: 'Not on the manifest',
} as const;
export const ZTransferItemStateSchema = lazySchema(() =>
  z.enum(['expected', 'received', 'missing', 'extra']),
);
export type TTransferItemState = z.infer<typeof ZTransferItemStateSchema>;

export const ZTransferItemKindSchema = lazySchema(() => z.enum(['order', 'repair']));

/** TRF-00001, TRF-00002, … */
export const TRANSFER_NUMBER_PREFIX = 'TRF-';

const ZPersonSchema = lazySchema(() => z.object({ id: z.string(), name: z.string() }));
const ZIsoDateSchema = lazySchema(() =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-12-24'),
);

export const ZTransferSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    number: z.string(),
    fromLocationId: z.string(),
    fromLocationName: z.string(),
    toLocationId: z.string(),
    toLocationName: z.string(),
    toLocationKind: ZLocationKindSchema,
    status: ZTransferStatusSchema,
    carrier: z.string(),
    trackingNumber: z.string(),
    bagLabel: z.string(),
    /** When it should arrive: the send date plus the route's transit days; for a vendor, when it is due back. */
    expectedOn: ZIsoDateSchema.nullable(),
    /** In transit (or out at a vendor) after expectedOn. */
    overdue: z.boolean(),
    counts: z.object({
      expected: z.number().int().nonnegative(),
      received: z.number().int().nonnegative(),
      missing: z.number().int().nonnegative(),
      extra: z.number().int().nonnegative(),
    }),
    createdAt: z.string(),
    createdBy: ZPersonSchema.nullable(),
    sentAt: z.string().nullable(),
    sentBy: ZPersonSchema.nullable(),
    receivedAt: z.string().nullable(),
    receivedBy: ZPersonSchema.nullable(),
  }),
);
export type TTransfer = z.infer<typeof ZTransferSchema>;

export const ZTransferItemSchema = lazySchema(() =>
  z.object({
    itemKind: ZTransferItemKindSchema,
    itemId: z.string().uuid(),
    /** ORD-00012 or REP-00034. */
    itemNumber: z.string(),
    customerName: z.string(),
    description: z.string(),
    epc: z.string().nullable(),
    state: ZTransferItemStateSchema,
    receivedAt: z.string().nullable(),
  }),
);
export type TTransferItem = z.infer<typeof ZTransferItemSchema>;

export const ZTransferDetailSchema = lazySchema(() =>
  ZTransferSchema.unwrap().extend({ items: z.array(ZTransferItemSchema) }),
);
export type TTransferDetail = z.infer<typeof ZTransferDetailSchema>;

export const ZTransferListPageSchema = lazySchema(() => listPageSchema(ZTransferSchema));

export const ZTransferListQuerySchema = lazySchema(() =>
  z.object({
    locationId: z.string().max(20).optional(),
    direction: z.enum(['incoming', 'outgoing', 'all']).default('all'),
    status: z.union([ZTransferStatusSchema, z.literal('open')]).optional(),
    q: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(500).optional(),
  }),
);
export type TTransferListQuery = z.output<typeof ZTransferListQuerySchema>;

export const ZTransferItemRefSchema = lazySchema(() =>
  z.object({
    itemKind: ZTransferItemKindSchema,
    itemId: z.string().uuid(),
  }),
);
export type TTransferItemRef = z.infer<typeof ZTransferItemRefSchema>;

const carrier = lazySchema(() => z.string().trim().max(100));
const trackingNumber = lazySchema(() => z.string().trim().max(100));
const bagLabel = lazySchema(() => z.string().trim().max(100));

export const ZCreateTransferInputSchema = lazySchema(() =>
  z.object({
    fromLocationId: z.string().min(1).max(20),
    toLocationId: z.string().min(1).max(20),
    items: z.array(ZTransferItemRefSchema).max(500).default([]),
    bagLabel: bagLabel.optional(),
  }),
);
export type TCreateTransferInput = z.output<typeof ZCreateTransferInputSchema>;

export const ZSendTransferInputSchema = lazySchema(() =>
  z.object({
    carrier: carrier.unwrap().min(1, 'Name the carrier (or "Courier", "Hand carried")'),
    trackingNumber: trackingNumber.default(''),
    bagLabel: bagLabel.optional(),
    /** Required for a bag to an outside vendor: the date the pieces are due back. */
    expectedBackOn: ZIsoDateSchema.optional(),
  }),
);
export type TSendTransferInput = z.output<typeof ZSendTransferInputSchema>;

/** A scan at the receiving station: by EPC (a handheld or the wedge) or by the job. */
export const ZReceiveTransferInputSchema = lazySchema(() =>
  z.union([z.object({ epc: z.string().trim().min(1).max(128) }), ZTransferItemRefSchema]),
);
export type TReceiveTransferInput = z.infer<typeof ZReceiveTransferInputSchema>;

/** A location's day (the location view): bags on their way in and out, and the jobs waiting for pickup there. */
export const ZLocationTodaySchema = lazySchema(() =>
  z.object({
    locationId: z.string(),
    incoming: z.array(ZTransferSchema),
    outgoing: z.array(ZTransferSchema),
    /** Ready for pickup with this location as the pickup location, and where each one is. */
    readyForPickup: z.array(
      z.object({
        itemKind: ZTransferItemKindSchema,
        itemId: z.string().uuid(),
        itemNumber: z.string(),
        customerName: z.string(),
        currentLocationId: z.string().nullable(),
        currentLocationName: z.string().nullable(),
        /** Ready, but not at its pickup location: it must travel before the customer can collect it. */
        atWrongLocation: z.boolean(),
      }),
    ),
  }),
);
export type TLocationToday = z.infer<typeof ZLocationTodaySchema>;

/** Messages shown to staff; the server's errors carry stable codes (apps/server errors). */
export const TRANSFER_MESSAGES = {
  sameLocation: 'A transfer goes from one location to another: choose a different destination.',
  notPacking: 'This bag has been sent: it can no longer change.',
  empty: 'Put at least one envelope in the bag before sending it.',
  vendorNeedsDate: 'Say when the vendor should send the pieces back.',
  notInTransit: 'This bag is not on its way: there is nothing to receive.',
  alreadyInBag: (itemNumber: string, transferNumber: string) =>
    `${itemNumber} is already in bag ${transferNumber}.`,
  short: (missing: number) =>
    `Received short: ${missing} ${missing === 1 ? 'envelope' : 'envelopes'} missing.`,
} as const;

/**
 * Who may do what with transfers: everyone signed in sees them (a store's counter staff answer "where is my
 * ring?"); the people who pack, carry and open bags change them; cancelling a bag is for managers.
 */
export const TRANSFER_ACCESS = {
  view: 'all',
  pack: ['admin', 'manager', 'salesperson', 'operator', 'production'] as const,
  cancel: ['admin', 'manager'] as const,
} as const satisfies Record<string, TRoleAccess>;

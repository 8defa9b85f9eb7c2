import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import {
  balanceCents,
  canChangeOrderStatus,
  formatOrderNumber,
  ORDER_STATUS_LABELS,
  orderSearchText,
  type TCreateOrderInput,
  type TOrder,
  type TOrderListItem,
  type TUpdateOrderInput,
  ZOrderStatusSchema,
} from '@loupe/domain/orders/order';
import { roomName } from '@loupe/domain/realtime/events';
import { defaultPromisedDate } from '@loupe/domain/settings/order-settings';
import { personName } from '@loupe/domain/users/user';
import { fieldError } from '../../lib/service-errors.ts';
import { toAttachment } from '../attachments/owned-attachments.ts';
import type { TJobKindSpec } from './job-kind.ts';
import type { TNewOrderRow, TOrderJoinedRow, TOrderRow, TOrdersRepository } from './order-repository.ts';
import { toTrackingSummary } from './tracking-summary.ts';

/** A salesperson or designer as the order names them; null when none (or the account is gone). */
function personRef(
  id: string | null,
  person: { email: string | null; name: string | null; firstName: string | null; lastName: string | null },
): { id: string; name: string } | null {
  if (id === null || person.email === null) return null;
  return {
    id,
    name: personName({
      email: person.email,
      name: person.name,
      firstName: person.firstName ?? '',
      lastName: person.lastName ?? '',
    }),
  };
}

const namedRef = (id: string | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

export function toOrderListItem(row: TOrderJoinedRow): TOrderListItem {
  const { order } = row;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    customer: {
      id: order.customerId,
      name: row.customerName,
      phone: row.customerPhone,
      email: row.customerEmail,
    },
    productType: namedRef(order.productTypeId, row.productTypeName),
    metalType: namedRef(order.metalTypeId, row.metalTypeName),
    design: namedRef(order.designId, row.designName),
    description: order.description,
    salesperson: personRef(order.salespersonId, {
      email: row.salespersonEmail,
      name: row.salespersonName,
      firstName: row.salespersonFirstName,
      lastName: row.salespersonLastName,
    }),
    designer: personRef(order.designerId, {
      email: row.designerEmail,
      name: row.designerName,
      firstName: row.designerFirstName,
      lastName: row.designerLastName,
    }),
    isRush: order.isRush,
    promisedDate: order.promisedDate,
    priceCents: order.priceCents,
    depositCents: order.depositCents,
    balanceCents: balanceCents(order.priceCents, order.depositCents),
    status: ZOrderStatusSchema.parse(order.status),
    tracking: toTrackingSummary(row),
    // The job read model's answer: the service adds it for open jobs.
    state: null,
    intakeLocationId: order.intakeLocationId,
    pickupLocationId: order.pickupLocationId,
    currentLocationId: row.trackingLocationId,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** What the history records of an order: readable references (names as they were), not bare ids. */
function historySnapshot(order: TOrder): Record<string, unknown> {
  return {
    customer: { id: order.customer.id, name: order.customer.name },
    productType: order.productType,
    metalType: order.metalType,
    design: order.design,
    description: order.description,
    salesperson: order.salesperson,
    designer: order.designer,
    isRush: order.isRush,
    promisedDate: order.promisedDate,
    priceCents: order.priceCents,
    depositCents: order.depositCents,
    status: order.status,
    notes: order.notes,
    intakeLocationId: order.intakeLocationId,
    pickupLocationId: order.pickupLocationId,
  };
}

type TOrderRefs = Pick<
  TCreateOrderInput,
  'customerId' | 'productTypeId' | 'metalTypeId' | 'designId' | 'salespersonId' | 'designerId'
>;

/**
 * The references a create or update names must exist; a metal or product type newly chosen must still be
 * offered. Answers the customer's name (the search text holds it) when the customer is named.
 */
async function checkRefs(
  repository: TOrdersRepository,
  refs: Partial<TOrderRefs>,
): Promise<{ customerName?: string }> {
  let customerName: string | undefined;
  if (refs.customerId !== undefined) {
    customerName = await repository.findCustomerName(refs.customerId);
    if (customerName === undefined) throw fieldError('customerId', 'This customer does not exist.');
  }
  for (const [field, type, noun] of [
    ['productTypeId', 'productType', 'product type'],
    ['metalTypeId', 'metalType', 'metal type'],
  ] as const) {
    const id = refs[field];
    if (!id) continue;
    const found = await repository.findCatalogType(type, id);
    if (!found) throw fieldError(field, `This ${noun} does not exist.`);
    if (!found.isActive)
      throw fieldError(field, `“${found.name}” is no longer offered. Choose another ${noun}.`);
  }
  if (refs.designId && !(await repository.designExists(refs.designId)))
    throw fieldError('designId', 'This design does not exist.');
  for (const field of ['salespersonId', 'designerId'] as const) {
    const id = refs[field];
    if (id && !(await repository.userExists(id))) throw fieldError(field, 'This user does not exist.');
  }
  return customerName === undefined ? {} : { customerName };
}

/** An order needs design work once it has a designer or is in design (issue 17 §2). */
export function needsDesign(order: TOrder): boolean {
  return order.designer !== null || order.status === 'in_design';
}

/**
 * Orders (issue 5 §3): everyone signed in reads them; admins, managers and salespeople create and edit them
 * (spec §6). A custom piece from the sales desk through design and the bench to its customer.
 */
export const ORDER_KIND: TJobKindSpec<
  TOrder,
  TOrderListItem,
  TOrderRow,
  TOrderJoinedRow,
  TNewOrderRow,
  TCreateOrderInput,
  TUpdateOrderInput,
  TOrdersRepository
> = {
  kind: 'order',
  notFoundMessage: 'This order does not exist.',
  mayView: () => true,
  mayEdit: canCreateOrEditOrders,

  toListItem: toOrderListItem,
  toItem: (row, photos) => ({
    ...toOrderListItem(row),
    notes: row.order.notes,
    photos: photos.map(toAttachment),
  }),
  snapshot: historySnapshot,
  numberOf: (order) => order.orderNumber,
  rowNumber: (row) => row.orderNumber,
  notesOf: (order) => order.notes,
  rowNotes: (row) => row.notes,

  statuses: {
    labels: ORDER_STATUS_LABELS,
    canChange: (from, to) =>
      canChangeOrderStatus(ZOrderStatusSchema.parse(from), ZOrderStatusSchema.parse(to)),
  },

  formatNumber: (sequence, settings) => formatOrderNumber(sequence, settings.orderNumberPrefix),

  async newRow(jobs, input, { actor, nextNumber, settings, now, place }) {
    // A salesperson's own order is theirs unless they name someone else (or nobody).
    const salespersonId =
      input.salespersonId !== undefined
        ? input.salespersonId
        : actor.role === 'salesperson'
          ? actor.id
          : null;
    const refs = await checkRefs(jobs, { ...input, salespersonId });
    const number = await nextNumber();
    const isRush = input.isRush ?? false;
    const description = input.description ?? '';
    return {
      orderNumber: number,
      customerId: input.customerId,
      productTypeId: input.productTypeId ?? null,
      metalTypeId: input.metalTypeId ?? null,
      designId: input.designId ?? null,
      description,
      salespersonId,
      designerId: input.designerId ?? null,
      isRush,
      promisedDate:
        input.promisedDate !== undefined
          ? input.promisedDate
          : defaultPromisedDate(settings, isRush ? 'rush-order' : 'order', now, place),
      priceCents: input.priceCents ?? 0,
      depositCents: input.depositCents ?? 0,
      status: 'new',
      notes: input.notes ?? '',
      intakeLocationId: place.intakeLocationId,
      pickupLocationId: place.pickupLocationId,
      searchText: orderSearchText({
        orderNumber: number,
        customerName: refs.customerName ?? '',
        description,
      }),
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    };
  },

  locationsOf: ({ intakeLocationId, pickupLocationId }) => ({ intakeLocationId, pickupLocationId }),

  normalize: (changes) => changes,

  async derivedChanges(jobs, { current, defined, before }) {
    // The deposit never above the price, once merged with the stored values.
    const priceCents = defined.priceCents ?? current.priceCents;
    const depositCents = defined.depositCents ?? current.depositCents;
    if (depositCents > priceCents)
      throw fieldError('depositCents', 'The deposit cannot be more than the price');
    const refs = await checkRefs(jobs, defined);
    if (defined.description === undefined && refs.customerName === undefined) return {};
    return {
      searchText: orderSearchText({
        orderNumber: current.orderNumber,
        customerName: refs.customerName ?? before.customer.name,
        description: defined.description ?? current.description,
      }),
    };
  },

  announce(events, order, change) {
    const payload = {
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      timestamp: change.at.toISOString(),
    };
    const rooms = [roomName({ kind: 'order', id: order.id })];
    if (change.kind === 'created') {
      events.publish('order:created', payload, { rooms });
      return;
    }
    events.publish('order:updated', payload, { rooms });
    if (change.previousStatus !== undefined && change.previousStatus !== order.status) {
      events.publish(
        'order:status-changed',
        { ...payload, previousStatus: ZOrderStatusSchema.parse(change.previousStatus) },
        { rooms },
      );
    }
  },
};

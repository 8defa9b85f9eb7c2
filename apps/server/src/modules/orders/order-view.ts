import {
  balanceCents,
  type TOrder,
  type TOrderListItem,
  ZOrderStatusSchema,
} from '@loupe/domain/orders/order';
import { personName } from '@loupe/domain/users/user';
import { toAttachment } from '../attachments/owned-attachments.ts';
import type { TAttachmentRow } from '../attachments/repository.ts';
import { toTrackingSummary } from '../jobs/tracking-summary.ts';
import type { TOrderJoinedRow } from './repository.ts';

/** An order's row and its joins as the API answers it. */

function personRef(
  id: string | null,
  person: {
    email: string | null;
    name: string | null;
    firstName: string | null;
    lastName: string | null;
    role: string | null;
  },
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
      role: row.salespersonRole,
    }),
    designer: personRef(order.designerId, {
      email: row.designerEmail,
      name: row.designerName,
      firstName: row.designerFirstName,
      lastName: row.designerLastName,
      role: row.designerRole,
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
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export function toOrder(row: TOrderJoinedRow, photos: readonly TAttachmentRow[]): TOrder {
  return { ...toOrderListItem(row), notes: row.order.notes, photos: photos.map(toAttachment) };
}

/** What the history records of an order: readable references (names as they were), not bare ids. */
export function historySnapshot(order: TOrderListItem & { notes: string }): Record<string, unknown> {
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
  };
}

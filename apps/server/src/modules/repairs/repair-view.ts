import {
  REPAIR_TYPES,
  type TRepair,
  type TRepairListItem,
  type TRepairType,
  ZRepairStatusSchema,
} from '@loupe/domain/repairs/repair';
import { toAttachment } from '../attachments/owned-attachments.ts';
import type { TAttachmentRow } from '../attachments/repository.ts';
import { toTrackingSummary } from '../jobs/tracking-summary.ts';
import type { TRepairJoinedRow } from './repository.ts';

/** A repair's row and its joins as the API answers it. */

const isRepairType = (value: string): value is TRepairType =>
  (REPAIR_TYPES as readonly string[]).includes(value);

export function toRepairListItem(row: TRepairJoinedRow): TRepairListItem {
  const { repair } = row;
  return {
    id: repair.id,
    repairNumber: repair.repairNumber,
    customer: {
      id: repair.customerId,
      name: row.customerName,
      phone: row.customerPhone,
      email: row.customerEmail,
    },
    itemDescription: repair.itemDescription,
    repairTypes: repair.repairTypes.filter(isRepairType),
    declaredValueCents: repair.declaredValueCents,
    estimateCents: repair.estimateCents,
    promisedDate: repair.promisedDate,
    isRush: repair.isRush,
    status: ZRepairStatusSchema.parse(repair.status),
    tracking: toTrackingSummary(row),
    // The job read model's answer: the service adds it for open jobs.
    state: null,
    createdAt: repair.createdAt.toISOString(),
    updatedAt: repair.updatedAt.toISOString(),
  };
}

export function toRepair(row: TRepairJoinedRow, photos: readonly TAttachmentRow[]): TRepair {
  return {
    ...toRepairListItem(row),
    conditionNotes: row.repair.conditionNotes,
    photos: photos.map(toAttachment),
  };
}

/** What the history records of a repair: the customer by name as it was, every other field as stored. */
export function historySnapshot(
  repair: TRepairListItem & { conditionNotes: string },
): Record<string, unknown> {
  return {
    customer: { id: repair.customer.id, name: repair.customer.name },
    itemDescription: repair.itemDescription,
    repairTypes: repair.repairTypes,
    conditionNotes: repair.conditionNotes,
    declaredValueCents: repair.declaredValueCents,
    estimateCents: repair.estimateCents,
    promisedDate: repair.promisedDate,
    isRush: repair.isRush,
    status: repair.status,
  };
}

import { canCreateAndManageRepairs, canViewRepairs } from '@loupe/domain/auth/permissions';
import { roomName } from '@loupe/domain/realtime/events';
import {
  canChangeRepairStatus,
  formatRepairNumber,
  REPAIR_STATUS_LABELS,
  REPAIR_TYPES,
  repairEditableValues,
  repairSearchText,
  type TCreateRepairInput,
  type TRepair,
  type TRepairListItem,
  type TRepairType,
  type TUpdateRepairInput,
  ZRepairStatusSchema,
} from '@loupe/domain/repairs/repair';
import { defaultPromisedDate } from '@loupe/domain/settings/order-settings';
import { fieldError } from '../../lib/service-errors.ts';
import { toAttachment } from '../attachments/owned-attachments.ts';
import type { TJobKindSpec } from './job-kind.ts';
import type { TNewRepairRow, TRepairJoinedRow, TRepairRow, TRepairsRepository } from './repair-repository.ts';
import { toTrackingSummary } from './tracking-summary.ts';

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
    intakeLocationId: repair.intakeLocationId,
    pickupLocationId: repair.pickupLocationId,
    currentLocationId: row.trackingLocationId,
    createdAt: repair.createdAt.toISOString(),
    updatedAt: repair.updatedAt.toISOString(),
  };
}

/** What the history records of a repair: the customer by name as it was, every other field as stored. */
function historySnapshot(repair: TRepair): Record<string, unknown> {
  return {
    customer: { id: repair.customer.id, name: repair.customer.name },
    ...repairEditableValues(repair),
  };
}

async function customerName(repository: TRepairsRepository, customerId: string): Promise<string> {
  const name = await repository.findCustomerName(customerId);
  if (name === undefined) throw fieldError('customerId', 'This customer does not exist.');
  return name;
}

/**
 * Repairs (issue 5 §3): seen by REPAIR_VIEWER_ROLES, taken in and managed by REPAIR_MANAGER_ROLES (spec §6).
 * A customer's piece from the counter to the bench and back.
 */
export const REPAIR_KIND: TJobKindSpec<
  TRepair,
  TRepairListItem,
  TRepairRow,
  TRepairJoinedRow,
  TNewRepairRow,
  TCreateRepairInput,
  TUpdateRepairInput,
  TRepairsRepository
> = {
  kind: 'repair',
  notFoundMessage: 'This repair does not exist.',
  mayView: canViewRepairs,
  mayEdit: canCreateAndManageRepairs,

  toListItem: toRepairListItem,
  toItem: (row, photos) => ({
    ...toRepairListItem(row),
    conditionNotes: row.repair.conditionNotes,
    photos: photos.map(toAttachment),
  }),
  snapshot: historySnapshot,
  numberOf: (repair) => repair.repairNumber,
  rowNumber: (row) => row.repairNumber,
  notesOf: (repair) => repair.conditionNotes,
  rowNotes: (row) => row.conditionNotes,

  statuses: {
    labels: REPAIR_STATUS_LABELS,
    canChange: (from, to) =>
      canChangeRepairStatus(ZRepairStatusSchema.parse(from), ZRepairStatusSchema.parse(to)),
  },

  formatNumber: (sequence, settings) => formatRepairNumber(sequence, settings.repairNumberPrefix),

  async newRow(jobs, input, { actor, nextNumber, settings, now, place }) {
    const name = await customerName(jobs, input.customerId);
    const number = await nextNumber();
    return {
      repairNumber: number,
      customerId: input.customerId,
      itemDescription: input.itemDescription,
      repairTypes: [...new Set(input.repairTypes)],
      conditionNotes: input.conditionNotes ?? '',
      declaredValueCents: input.declaredValueCents ?? 0,
      estimateCents: input.estimateCents ?? 0,
      promisedDate:
        input.promisedDate !== undefined
          ? input.promisedDate
          : defaultPromisedDate(settings, 'repair', now, place),
      isRush: input.isRush ?? false,
      status: 'received',
      intakeLocationId: place.intakeLocationId,
      pickupLocationId: place.pickupLocationId,
      searchText: repairSearchText({
        repairNumber: number,
        customerName: name,
        itemDescription: input.itemDescription,
      }),
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    };
  },

  // A repair type named twice is one.
  locationsOf: ({ intakeLocationId, pickupLocationId }) => ({ intakeLocationId, pickupLocationId }),

  normalize: (changes) =>
    changes.repairTypes === undefined
      ? changes
      : { ...changes, repairTypes: [...new Set(changes.repairTypes)] },

  async derivedChanges(jobs, { current, defined, before }) {
    const name = defined.customerId !== undefined ? await customerName(jobs, defined.customerId) : undefined;
    if (defined.itemDescription === undefined && name === undefined) return {};
    return {
      searchText: repairSearchText({
        repairNumber: current.repairNumber,
        customerName: name ?? before.customer.name,
        itemDescription: defined.itemDescription ?? current.itemDescription,
      }),
    };
  },

  announce(events, repair, change) {
    const payload = {
      repairId: repair.id,
      repairNumber: repair.repairNumber,
      status: repair.status,
      timestamp: change.at.toISOString(),
    };
    const rooms = [roomName({ kind: 'repair', id: repair.id })];
    if (change.kind === 'created') {
      events.publish('repair:created', payload, { rooms });
      return;
    }
    events.publish('repair:updated', payload, { rooms });
    if (change.previousStatus !== undefined && change.previousStatus !== repair.status) {
      events.publish(
        'repair:status-changed',
        { ...payload, previousStatus: ZRepairStatusSchema.parse(change.previousStatus) },
        { rooms },
      );
    }
  },
};

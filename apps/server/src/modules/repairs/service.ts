import { DELIVERED_STATUS } from '@loupe/domain/analytics/analytics-api';
import type { TListPage } from '@loupe/domain/api/list';
import { canCreateAndManageRepairs, canViewRepairs } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import type { TAttachment } from '@loupe/domain/catalog/catalog';
import { AppError } from '@loupe/domain/errors/errors';
import type { TItemChange } from '@loupe/domain/history/item-change';
import { isOpenStatus } from '@loupe/domain/jobs/job-state';
import type { TNotesChange } from '@loupe/domain/notifications/mentions';
import { roomName } from '@loupe/domain/realtime/events';
import {
  canChangeRepairStatus,
  formatRepairNumber,
  REPAIR_STATUS_LABELS,
  repairSearchText,
  type TCreateRepairInput,
  type TRepair,
  type TRepairListItem,
  type TRepairListQuery,
  type TRepairStatus,
  type TUpdateRepairInput,
  ZRepairStatusSchema,
} from '@loupe/domain/repairs/repair';
import {
  defaultPromisedDate,
  ORDER_SETTINGS_DEFAULTS,
  type TOrderSettings,
  ZOrderSettingsSchema,
} from '@loupe/domain/settings/order-settings';
import type { TDatabase } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import { pageOf } from '../../lib/keyset.ts';
import { fieldError, forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import { createAnalyticsFactsRepository } from '../analytics/facts-repository.ts';
import type { TImageStorage, TStoredImage } from '../attachments/image-storage.ts';
import { attachmentsOf } from '../attachments/owned-attachments.ts';
import {
  historyCursor,
  historyPage,
  recordCreated,
  recordUpdated,
  statusConflict,
} from '../jobs/item-changes.ts';
import { itemCursorValue, itemListAfter } from '../jobs/item-list.ts';
import { createItemPhotos } from '../jobs/item-photos.ts';
import type { TJobStatusChange } from '../jobs/status-change.ts';
import { idsOfView, type TJobStateReader, withJobStates } from '../jobs/with-states.ts';
import type { TSettingsRepository } from '../settings/repository.ts';
import { historySnapshot, toRepair, toRepairListItem } from './repair-view.ts';
import { createRepairsRepository } from './repository.ts';

export type TRepairActor = TActor & { readonly id: string };

export type TRepairsServiceOptions = {
  readonly db: TDatabase;
  readonly clock: TClock;
  readonly events: TEventBus;
  readonly settings: Pick<TSettingsRepository, 'read'>;
  readonly storage: TImageStorage;
  /** After commit, when the condition notes changed: the bell tells colleagues they were mentioned. */
  readonly onNotesChanged?: (change: TNotesChange) => void;
  /** The job read model: each answer's state, a list's view filter. */
  readonly jobStates: TJobStateReader;
  /**
   * In the transaction of a status change by hand: what else follows it (the workflow's phase, the tag of a
   * finished job given back). Returns what to announce once it committed.
   */
  readonly onStatusChanged?: (tx: TDatabase, change: TJobStatusChange) => Promise<readonly (() => void)[]>;
};

const notFound = () => new AppError('NOT_FOUND', 'This repair does not exist.');

/**
 * Repairs (issue 5 §3): seen by REPAIR_VIEWER_ROLES, taken in and managed by REPAIR_MANAGER_ROLES (spec §6).
 * Every change is kept in the history with who and when, and announced after commit.
 */
export function createRepairsService(options: TRepairsServiceOptions) {
  const { db, clock, events, storage } = options;
  const repairsRepository = createRepairsRepository(db);

  function assertMayView(actor: TActor): void {
    if (!canViewRepairs(actor)) throw forbidden();
  }

  function assertMayManage(actor: TActor): void {
    if (!canCreateAndManageRepairs(actor)) throw forbidden();
  }

  async function repairSettings(): Promise<TOrderSettings> {
    return options.settings.read('orders', ZOrderSettingsSchema, { ...ORDER_SETTINGS_DEFAULTS });
  }

  async function customerName(tx: TDatabase, customerId: string): Promise<string> {
    const name = await createRepairsRepository(tx).findCustomerName(customerId);
    if (name === undefined) throw fieldError('customerId', 'This customer does not exist.');
    return name;
  }

  async function loadRepair(tx: TDatabase, id: string): Promise<TRepair> {
    const row = await createRepairsRepository(tx).findJoined(id);
    if (!row) throw notFound();
    const photos = await attachmentsOf(tx, { kind: 'repair', id }).list();
    return toRepair(row, photos);
  }

  /** After commit: repair:created, or repair:updated (and repair:status-changed when the status moved). */
  function announce(repair: TRepair, kind: 'created' | 'updated', previousStatus?: TRepairStatus): void {
    const payload = {
      repairId: repair.id,
      repairNumber: repair.repairNumber,
      status: repair.status,
      timestamp: clock().toISOString(),
    };
    const rooms = [roomName({ kind: 'repair', id: repair.id })];
    if (kind === 'created') {
      events.publish('repair:created', payload, { rooms });
      return;
    }
    events.publish('repair:updated', payload, { rooms });
    if (previousStatus !== undefined && previousStatus !== repair.status) {
      events.publish('repair:status-changed', { ...payload, previousStatus }, { rooms });
    }
  }

  const photos = createItemPhotos({
    db,
    clock,
    storage,
    owner: {
      kind: 'repair',
      notFound,
      repository: createRepairsRepository,
      load: loadRepair,
      announce: (repair) => announce(repair, 'updated'),
    },
  });

  /** The repair as its page shows it: with the job read model's state and predicted completion. */
  async function stateOf(item: TRepair): Promise<TRepair> {
    const [withState] = await withJobStates(options.jobStates, 'repair', [item], { prediction: true });
    return withState ?? item;
  }

  return {
    async list(actor: TActor, query: TRepairListQuery): Promise<TListPage<TRepairListItem>> {
      assertMayView(actor);
      const after = itemListAfter(query.sort, query.cursor);
      const ids = await idsOfView(options.jobStates, 'repair', query.view);
      const { rows, total } = await repairsRepository.list({ ...query, after, ids });
      const page = pageOf(rows, query.limit, {
        cursorOf: (row) => ({
          value: itemCursorValue(query.sort, {
            cursorCreatedAt: row.cursorCreatedAt,
            promisedDate: row.repair.promisedDate,
            number: row.repair.repairNumber,
          }),
          id: row.repair.id,
        }),
        toItem: toRepairListItem,
      });
      return { ...page, items: await withJobStates(options.jobStates, 'repair', page.items), total };
    },

    async get(actor: TActor, id: string): Promise<TRepair> {
      assertMayView(actor);
      return stateOf(await loadRepair(db, id));
    },

    async create(actor: TRepairActor, input: TCreateRepairInput): Promise<TRepair> {
      assertMayManage(actor);
      const settings = await repairSettings();
      const repair = await db.transaction(async (tx) => {
        const repository = createRepairsRepository(tx);
        const name = await customerName(tx, input.customerId);
        const now = clock();
        const repairNumber = formatRepairNumber(await repository.nextNumber(), settings.repairNumberPrefix);
        const row = await repository.insert({
          repairNumber,
          customerId: input.customerId,
          itemDescription: input.itemDescription,
          repairTypes: [...new Set(input.repairTypes)],
          conditionNotes: input.conditionNotes ?? '',
          declaredValueCents: input.declaredValueCents ?? 0,
          estimateCents: input.estimateCents ?? 0,
          promisedDate:
            input.promisedDate !== undefined
              ? input.promisedDate
              : defaultPromisedDate(settings, 'repair', now),
          isRush: input.isRush ?? false,
          status: 'received',
          searchText: repairSearchText({
            repairNumber,
            customerName: name,
            itemDescription: input.itemDescription,
          }),
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        });
        const created = await loadRepair(tx, row.id);
        await recordCreated(tx, {
          itemKind: 'repair',
          itemId: row.id,
          at: now,
          actorId: actor.id,
          snapshot: historySnapshot(created),
        });
        return created;
      });
      announce(repair, 'created');
      if (repair.conditionNotes !== '')
        options.onNotesChanged?.({
          actorId: actor.id,
          kind: 'repair',
          id: repair.id,
          number: repair.repairNumber,
          before: '',
          after: repair.conditionNotes,
        });
      return stateOf(repair);
    },

    /** The status only along REPAIR_STATUS_TRANSITIONS (409 otherwise); a change that changes nothing writes nothing. */
    async update(actor: TRepairActor, id: string, changes: TUpdateRepairInput): Promise<TRepair> {
      assertMayManage(actor);
      const result = await db.transaction(async (tx) => {
        const repository = createRepairsRepository(tx);
        const current = await repository.findRowForUpdate(id);
        if (!current) throw notFound();
        const currentStatus = ZRepairStatusSchema.parse(current.status);
        const normalized = {
          ...changes,
          ...(changes.repairTypes === undefined ? {} : { repairTypes: [...new Set(changes.repairTypes)] }),
        };
        const defined = Object.fromEntries(
          Object.entries(normalized).filter(
            ([key, value]) =>
              value !== undefined &&
              JSON.stringify(value) !== JSON.stringify(current[key as keyof typeof current]),
          ),
        ) as TUpdateRepairInput;
        if (Object.keys(defined).length === 0)
          return {
            repair: await loadRepair(tx, id),
            changed: false,
            notesBefore: current.conditionNotes,
            followUps: [],
          };
        if (defined.status !== undefined && !canChangeRepairStatus(currentStatus, defined.status)) {
          throw statusConflict(current.repairNumber, REPAIR_STATUS_LABELS, currentStatus, defined.status);
        }
        const name =
          defined.customerId !== undefined ? await customerName(tx, defined.customerId) : undefined;
        const before = await loadRepair(tx, id);
        const searchText =
          defined.itemDescription !== undefined || name !== undefined
            ? repairSearchText({
                repairNumber: current.repairNumber,
                customerName: name ?? before.customer.name,
                itemDescription: defined.itemDescription ?? current.itemDescription,
              })
            : undefined;
        const now = clock();
        await repository.update(id, {
          ...defined,
          ...(searchText === undefined ? {} : { searchText }),
          updatedAt: now,
        });
        if (defined.status === DELIVERED_STATUS.repair) {
          await createAnalyticsFactsRepository(tx).recordDelivered('repair', id, now);
        }
        const after = await loadRepair(tx, id);
        await recordUpdated(tx, {
          itemKind: 'repair',
          itemId: id,
          at: now,
          actorId: actor.id,
          before: historySnapshot(before),
          after: historySnapshot(after),
        });
        // After the change is recorded: what follows it (the phase, a released tag) comes after it.
        const followUps =
          defined.status === undefined
            ? []
            : ((await options.onStatusChanged?.(tx, {
                kind: 'repair',
                itemId: id,
                status: defined.status,
                at: now,
                actorId: actor.id,
              })) ?? []);
        return {
          repair:
            followUps.length > 0 || !isOpenStatus('repair', after.status) ? await loadRepair(tx, id) : after,
          previousStatus: currentStatus,
          changed: true,
          followUps,
          notesBefore: current.conditionNotes,
        };
      });
      if (result.changed) announce(result.repair, 'updated', result.previousStatus);
      for (const followUp of result.followUps) followUp();
      if (result.changed && result.notesBefore !== result.repair.conditionNotes)
        options.onNotesChanged?.({
          actorId: actor.id,
          kind: 'repair',
          id,
          number: result.repair.repairNumber,
          before: result.notesBefore,
          after: result.repair.conditionNotes,
        });
      return stateOf(result.repair);
    },

    async history(
      actor: TActor,
      id: string,
      query: { limit: number; cursor?: string | undefined },
    ): Promise<TListPage<TItemChange>> {
      assertMayView(actor);
      const after = historyCursor(query.cursor);
      if (!(await repairsRepository.exists(id))) throw notFound();
      return historyPage(db, 'repair', id, { limit: query.limit, after });
    },

    async assertMayAddPhotos(actor: TRepairActor, id: string): Promise<void> {
      assertMayManage(actor);
      if (!(await repairsRepository.exists(id))) throw notFound();
    },

    async addPhotos(
      actor: TRepairActor,
      id: string,
      images: readonly TStoredImage[],
    ): Promise<TAttachment[]> {
      assertMayManage(actor);
      return photos.add(actor.id, id, images);
    },

    async removePhoto(actor: TRepairActor, id: string, imageId: string): Promise<void> {
      assertMayManage(actor);
      await photos.remove(actor.id, id, imageId);
    },
  };
}

export type TRepairsService = ReturnType<typeof createRepairsService>;

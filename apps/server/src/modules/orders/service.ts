import { DELIVERED_STATUS } from '@loupe/domain/analytics/analytics-api';
import type { TListPage } from '@loupe/domain/api/list';
import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import type { TAttachment } from '@loupe/domain/catalog/catalog';
import { AppError } from '@loupe/domain/errors/errors';
import type { TItemChange } from '@loupe/domain/history/item-change';
import { isOpenStatus } from '@loupe/domain/jobs/job-state';
import type { TNotesChange } from '@loupe/domain/notifications/mentions';
import {
  canChangeOrderStatus,
  formatOrderNumber,
  ORDER_STATUS_LABELS,
  orderSearchText,
  type TCreateOrderInput,
  type TOrder,
  type TOrderListItem,
  type TOrderListQuery,
  type TOrderStatus,
  type TUpdateOrderInput,
  ZOrderStatusSchema,
} from '@loupe/domain/orders/order';
import { roomName } from '@loupe/domain/realtime/events';
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
import { historySnapshot, toOrder, toOrderListItem } from './order-view.ts';
import { createOrdersRepository } from './repository.ts';

export type TOrderActor = TActor & { readonly id: string };

export type TOrdersServiceOptions = {
  readonly db: TDatabase;
  readonly clock: TClock;
  readonly events: TEventBus;
  readonly settings: Pick<TSettingsRepository, 'read'>;
  readonly storage: TImageStorage;
  /** After commit, when the notes changed: the bell tells colleagues they were mentioned. */
  readonly onNotesChanged?: (change: TNotesChange) => void;
  /** The job read model: each answer's state, a list's view filter. */
  readonly jobStates: TJobStateReader;
  /**
   * In the transaction of a status change by hand: what else follows it (the workflow's phase, the tag of a
   * finished job given back). Returns what to announce once it committed.
   */
  readonly onStatusChanged?: (tx: TDatabase, change: TJobStatusChange) => Promise<readonly (() => void)[]>;
  /**
   * After commit, when an order needs design work — it has a designer, or went into design: the designs
   * module opens its design request (issue 17 §2).
   */
  readonly onNeedsDesign?: (order: TOrder, actorId: string) => Promise<void>;
};

/** An order needs design work once it has a designer or is in design (issue 17 §2). */
function needsDesign(order: TOrder): boolean {
  return order.designer !== null || order.status === 'in_design';
}

const notFound = () => new AppError('NOT_FOUND', 'This order does not exist.');

type TOrderRefs = Pick<
  TCreateOrderInput,
  'customerId' | 'productTypeId' | 'metalTypeId' | 'designId' | 'salespersonId' | 'designerId'
>;

/**
 * Orders (issue 5 §3): everyone signed in reads them; admins, managers and salespeople create and edit
 * them (spec §6). Every change is written to the history with who and when, in the same transaction, and
 * announced after it committed.
 */
export function createOrdersService(options: TOrdersServiceOptions) {
  const { db, clock, events, storage } = options;
  const ordersRepository = createOrdersRepository(db);

  function assertMayEdit(actor: TActor): void {
    if (!canCreateOrEditOrders(actor)) throw forbidden();
  }

  async function orderSettings(): Promise<TOrderSettings> {
    return options.settings.read('orders', ZOrderSettingsSchema, { ...ORDER_SETTINGS_DEFAULTS });
  }

  /**
   * The references a create or update names must exist; a metal or product type newly chosen must still be
   * offered. Answers the customer's name (the search text holds it) when the customer is named.
   */
  async function checkRefs(tx: TDatabase, refs: Partial<TOrderRefs>): Promise<{ customerName?: string }> {
    const repository = createOrdersRepository(tx);
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

  async function loadOrder(tx: TDatabase, id: string): Promise<TOrder> {
    const row = await createOrdersRepository(tx).findJoined(id);
    if (!row) throw notFound();
    const photos = await attachmentsOf(tx, { kind: 'order', id }).list();
    return toOrder(row, photos);
  }

  /** After commit: order:created, or order:updated (and order:status-changed when the status moved). */
  function announce(order: TOrder, kind: 'created' | 'updated', previousStatus?: TOrderStatus): void {
    const payload = {
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      timestamp: clock().toISOString(),
    };
    const rooms = [roomName({ kind: 'order', id: order.id })];
    if (kind === 'created') {
      events.publish('order:created', payload, { rooms });
      return;
    }
    events.publish('order:updated', payload, { rooms });
    if (previousStatus !== undefined && previousStatus !== order.status) {
      events.publish('order:status-changed', { ...payload, previousStatus }, { rooms });
    }
  }

  const photos = createItemPhotos({
    db,
    clock,
    storage,
    owner: {
      kind: 'order',
      notFound,
      repository: createOrdersRepository,
      load: loadOrder,
      announce: (order) => announce(order, 'updated'),
    },
  });

  /** The order as its page shows it: with the job read model's state and predicted completion. */
  async function stateOf(item: TOrder): Promise<TOrder> {
    const [withState] = await withJobStates(options.jobStates, 'order', [item], { prediction: true });
    return withState ?? item;
  }

  return {
    async list(_actor: TActor, query: TOrderListQuery): Promise<TListPage<TOrderListItem>> {
      const after = itemListAfter(query.sort, query.cursor);
      const ids = await idsOfView(options.jobStates, 'order', query.view);
      const { rows, total } = await ordersRepository.list({ ...query, after, ids });
      const page = pageOf(rows, query.limit, {
        cursorOf: (row) => ({
          value: itemCursorValue(query.sort, {
            cursorCreatedAt: row.cursorCreatedAt,
            promisedDate: row.order.promisedDate,
            number: row.order.orderNumber,
          }),
          id: row.order.id,
        }),
        toItem: toOrderListItem,
      });
      return { ...page, items: await withJobStates(options.jobStates, 'order', page.items), total };
    },

    async get(_actor: TActor, id: string): Promise<TOrder> {
      return stateOf(await loadOrder(db, id));
    },

    async create(actor: TOrderActor, input: TCreateOrderInput): Promise<TOrder> {
      assertMayEdit(actor);
      const settings = await orderSettings();
      const order = await db.transaction(async (tx) => {
        const repository = createOrdersRepository(tx);
        const salespersonId =
          input.salespersonId !== undefined
            ? input.salespersonId
            : actor.role === 'salesperson'
              ? actor.id
              : null;
        const refs = await checkRefs(tx, { ...input, salespersonId });
        const now = clock();
        const isRush = input.isRush ?? false;
        const orderNumber = formatOrderNumber(await repository.nextNumber(), settings.orderNumberPrefix);
        const description = input.description ?? '';
        const row = await repository.insert({
          orderNumber,
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
              : defaultPromisedDate(settings, isRush ? 'rush-order' : 'order', now),
          priceCents: input.priceCents ?? 0,
          depositCents: input.depositCents ?? 0,
          status: 'new',
          notes: input.notes ?? '',
          searchText: orderSearchText({ orderNumber, customerName: refs.customerName ?? '', description }),
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        });
        const created = await loadOrder(tx, row.id);
        await recordCreated(tx, {
          itemKind: 'order',
          itemId: row.id,
          at: now,
          actorId: actor.id,
          snapshot: historySnapshot(created),
        });
        return created;
      });
      announce(order, 'created');
      if (needsDesign(order)) await options.onNeedsDesign?.(order, actor.id);
      if (order.notes !== '')
        options.onNotesChanged?.({
          actorId: actor.id,
          kind: 'order',
          id: order.id,
          number: order.orderNumber,
          before: '',
          after: order.notes,
        });
      return stateOf(order);
    },

    /**
     * Applies a change: the status only along ORDER_STATUS_TRANSITIONS (409 otherwise), the deposit never
     * above the price once merged with the stored values. A change that changes nothing writes nothing.
     */
    async update(actor: TOrderActor, id: string, changes: TUpdateOrderInput): Promise<TOrder> {
      assertMayEdit(actor);
      const result = await db.transaction(async (tx) => {
        const repository = createOrdersRepository(tx);
        const current = await repository.findRowForUpdate(id);
        if (!current) throw notFound();
        const currentStatus = ZOrderStatusSchema.parse(current.status);
        // Only what differs from the stored order counts as a change.
        const defined = Object.fromEntries(
          Object.entries(changes).filter(
            ([key, value]) => value !== undefined && value !== current[key as keyof typeof current],
          ),
        ) as TUpdateOrderInput;
        if (Object.keys(defined).length === 0)
          return {
            order: await loadOrder(tx, id),
            changed: false,
            notesBefore: current.notes,
            followUps: [],
          };
        if (defined.status !== undefined && !canChangeOrderStatus(currentStatus, defined.status)) {
          throw statusConflict(current.orderNumber, ORDER_STATUS_LABELS, currentStatus, defined.status);
        }
        const priceCents = defined.priceCents ?? current.priceCents;
        const depositCents = defined.depositCents ?? current.depositCents;
        if (depositCents > priceCents) {
          throw fieldError('depositCents', 'The deposit cannot be more than the price');
        }
        const refs = await checkRefs(tx, defined);
        const before = await loadOrder(tx, id);
        const description = defined.description ?? current.description;
        const searchText =
          defined.description !== undefined || refs.customerName !== undefined
            ? orderSearchText({
                orderNumber: current.orderNumber,
                customerName: refs.customerName ?? before.customer.name,
                description,
              })
            : undefined;
        const now = clock();
        await repository.update(id, {
          ...defined,
          ...(searchText === undefined ? {} : { searchText }),
          updatedAt: now,
        });
        if (defined.status === DELIVERED_STATUS.order) {
          await createAnalyticsFactsRepository(tx).recordDelivered('order', id, now);
        }
        const after = await loadOrder(tx, id);
        await recordUpdated(tx, {
          itemKind: 'order',
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
                kind: 'order',
                itemId: id,
                status: defined.status,
                at: now,
                actorId: actor.id,
              })) ?? []);
        return {
          order:
            followUps.length > 0 || !isOpenStatus('order', after.status) ? await loadOrder(tx, id) : after,
          previousStatus: currentStatus,
          changed: true,
          notesBefore: current.notes,
          followUps,
        };
      });
      if (result.changed) announce(result.order, 'updated', result.previousStatus);
      for (const followUp of result.followUps) followUp();
      if (result.changed && needsDesign(result.order)) await options.onNeedsDesign?.(result.order, actor.id);
      if (result.changed && result.notesBefore !== result.order.notes)
        options.onNotesChanged?.({
          actorId: actor.id,
          kind: 'order',
          id,
          number: result.order.orderNumber,
          before: result.notesBefore,
          after: result.order.notes,
        });
      return stateOf(result.order);
    },

    async history(
      _actor: TActor,
      id: string,
      query: { limit: number; cursor?: string | undefined },
    ): Promise<TListPage<TItemChange>> {
      const after = historyCursor(query.cursor);
      if (!(await ordersRepository.exists(id))) throw notFound();
      return historyPage(db, 'order', id, { limit: query.limit, after });
    },

    /** Before an upload is read: the order exists and the caller may change it. */
    async assertMayAddPhotos(actor: TOrderActor, id: string): Promise<void> {
      assertMayEdit(actor);
      if (!(await ordersRepository.exists(id))) throw notFound();
    },

    async addPhotos(actor: TOrderActor, id: string, images: readonly TStoredImage[]): Promise<TAttachment[]> {
      assertMayEdit(actor);
      return photos.add(actor.id, id, images);
    },

    async removePhoto(actor: TOrderActor, id: string, imageId: string): Promise<void> {
      assertMayEdit(actor);
      await photos.remove(actor.id, id, imageId);
    },
  };
}

export type TOrdersService = ReturnType<typeof createOrdersService>;

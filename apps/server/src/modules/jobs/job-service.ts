import type { TListPage } from '@loupe/domain/api/list';
import type { TActor } from '@loupe/domain/auth/roles';
import type { TAttachment } from '@loupe/domain/catalog/catalog';
import { AppError } from '@loupe/domain/errors/errors';
import type { TItemChange } from '@loupe/domain/history/item-change';
import { isOpenStatus } from '@loupe/domain/jobs/job-state';
import type { TJobKind, TJobView } from '@loupe/domain/jobs/job-views';
import type { TNotesChange } from '@loupe/domain/notifications/mentions';
import {
  ORDER_SETTINGS_DEFAULTS,
  type TOrderSettings,
  ZOrderSettingsSchema,
} from '@loupe/domain/settings/order-settings';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { pageOf } from '../../lib/keyset.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TImageStorage, TStoredImage } from '../attachments/image-storage.ts';
import type { TOwnedAttachments } from '../attachments/owned-attachments.ts';
import type { TSettingsRepository } from '../settings/repository.ts';
import { historyCursor, historyPage, recordCreated, recordUpdated, statusConflict } from './item-changes.ts';
import type { TItemHistoryRepository } from './item-history-repository.ts';
import { itemCursorValue, itemListAfter, type TItemSort } from './item-list.ts';
import { createItemPhotos } from './item-photos.ts';
import type { TJobItem, TJobKindSpec, TJobRepository } from './job-kind.ts';
import { checkJobLocations, newJobPlace, type TJobLocations } from './job-locations.ts';
import type { TJobStatusChange } from './status-change.ts';
import { idsOfView, type TJobStateReader, withJobStates } from './with-states.ts';

export type TJobActor = TActor & { readonly id: string };

export type TJobServiceOptions<TItem> = {
  readonly attachments: TOwnedAttachments;
  /** Every job's change history, written in the change's transaction. */
  readonly history: TTransactional<TItemHistoryRepository>;
  readonly clock: TClock;
  readonly events: TEventBus;
  readonly settings: Pick<TSettingsRepository, 'read'>;
  readonly storage: TImageStorage;
  /** The job read model: each answer's state and prediction, a list's view filter. */
  readonly jobStates: TJobStateReader;
  /** Issue 39 §2: the locations a job is taken in and collected at, and the creator's home location. */
  readonly locations: TJobLocations;
  /** After commit, when the notes changed: the bell tells colleagues they were mentioned. */
  readonly onNotesChanged?: (change: TNotesChange) => void;
  /**
   * In the transaction of a status change by hand: what else follows it (the workflow's phase, the tag of a
   * finished job given back). Returns what to announce once it committed.
   */
  readonly onStatusChanged?: (tx: TDatabase, change: TJobStatusChange) => Promise<readonly (() => void)[]>;
  /** After commit, once a job is made or changed (an order that needs design work gets its request). */
  readonly onSaved?: (item: TItem, actorId: string) => Promise<void>;
};

/** What a list of jobs is asked for: its filters, its sort and where the page continues. */
export type TJobListQuery = {
  readonly q?: string | undefined;
  readonly status?: string | undefined;
  readonly isRush?: boolean | undefined;
  readonly tracked?: boolean | undefined;
  readonly locationId?: string | undefined;
  readonly view?: TJobView | undefined;
  readonly sort: TItemSort;
  readonly limit: number;
  readonly cursor?: string | undefined;
};

/** What the jobs service offers, whatever the kind: its routes, the realtime refresh and the tests use it. */
export type TJobService<TItem, TListItem, TCreate, TUpdate> = {
  readonly spec: { readonly kind: TJobKind; readonly numberOf: (item: TItem | TListItem) => string };
  list(actor: TActor, query: TJobListQuery): Promise<TListPage<TListItem>>;
  get(actor: TActor, id: string): Promise<TItem>;
  create(actor: TJobActor, input: TCreate): Promise<TItem>;
  update(
    actor: TJobActor,
    id: string,
    changes: TUpdate,
    alongside?: (tx: TDatabase) => Promise<void>,
  ): Promise<TItem>;
  history(
    actor: TActor,
    id: string,
    query: { limit: number; cursor?: string | undefined },
  ): Promise<TListPage<TItemChange>>;
  assertMayAddPhotos(actor: TJobActor, id: string): Promise<void>;
  addPhotos(actor: TJobActor, id: string, images: readonly TStoredImage[]): Promise<TAttachment[]>;
  removePhoto(actor: TJobActor, id: string, imageId: string): Promise<void>;
};

/**
 * Orders and repairs (issue 5 §3, issue 33 §2): one service for both kinds, the differences in each kind's
 * spec. Every change is written to the history with who and when, in the same transaction, and announced
 * after it committed; every answer carries the job read model's state.
 */
export function createJobService<
  TItem extends TListItem,
  TListItem extends TJobItem,
  TRow extends { readonly id: string; readonly status: string },
  TJoined extends { readonly cursorCreatedAt: string },
  TNewRow extends { updatedAt?: Date },
  TCreate,
  TUpdate extends { readonly status?: string | undefined },
  TRepo extends TJobRepository<TRow, TJoined, TNewRow>,
>(
  spec: TJobKindSpec<TItem, TListItem, TRow, TJoined, TNewRow, TCreate, TUpdate, TRepo>,
  options: TJobServiceOptions<TItem> & {
    /** The kind's repository (order-repository.ts, repair-repository.ts). */
    readonly jobs: TTransactional<TRepo>;
  },
): TJobService<TItem, TListItem, TCreate, TUpdate> {
  const { jobs: repository, attachments, history, clock, events, storage } = options;
  const { kind } = spec;
  const notFound = () => new AppError('NOT_FOUND', spec.notFoundMessage);

  function assertMayView(actor: TActor): void {
    if (!spec.mayView(actor)) throw forbidden();
  }

  function assertMayEdit(actor: TActor): void {
    if (!spec.mayEdit(actor)) throw forbidden();
  }

  async function jobSettings(): Promise<TOrderSettings> {
    return options.settings.read('orders', ZOrderSettingsSchema, { ...ORDER_SETTINGS_DEFAULTS });
  }

  /** The job with its photos; in the caller's transaction when given one. */
  async function load(id: string, tx?: TDatabase): Promise<TItem> {
    const row = await (tx ? repository.within(tx) : repository).findJoined(id);
    if (!row) throw notFound();
    return spec.toItem(row, await attachments.of({ kind, id }, tx).list());
  }

  /** The job as its page shows it: with the job read model's state and predicted completion. */
  async function withState(item: TItem): Promise<TItem> {
    const [answered] = await withJobStates(options.jobStates, kind, [item], { prediction: true });
    return answered ?? item;
  }

  const announce = (item: TItem, change: 'created' | 'updated', previousStatus?: string) =>
    spec.announce(events, item, {
      kind: change,
      at: clock(),
      ...(previousStatus === undefined ? {} : { previousStatus }),
    });

  function notesChanged(actorId: string, item: TItem, before: string): void {
    const after = spec.notesOf(item);
    if (after === before) return;
    options.onNotesChanged?.({ actorId, kind, id: item.id, number: spec.numberOf(item), before, after });
  }

  const photos = createItemPhotos({
    attachments,
    history,
    clock,
    storage,
    owner: {
      kind,
      notFound,
      withTransaction: (work) =>
        repository.withTransaction((jobs, tx) =>
          work(
            {
              findRowForUpdate: (id: string) => jobs.findRowForUpdate(id),
              // Every kind's row has updatedAt (TNewRow's bound says so; TypeScript cannot see it in a Partial).
              update: (id: string, values: { updatedAt: Date }) =>
                jobs.update(id, values as Partial<TNewRow>),
            },
            tx,
          ),
        ),
      load,
      announce: (item) => announce(item, 'updated'),
    },
  });

  return {
    spec: { kind, numberOf: spec.numberOf },

    async list(actor: TActor, query: TJobListQuery): Promise<TListPage<TListItem>> {
      assertMayView(actor);
      const after = itemListAfter(query.sort, query.cursor);
      const ids = await idsOfView(options.jobStates, kind, query.view);
      const { rows, total } = await repository.list({ ...query, after, ids });
      const page = pageOf(rows, query.limit, {
        cursorOf: (row) => {
          const item = spec.toListItem(row);
          return {
            value: itemCursorValue(query.sort, {
              cursorCreatedAt: row.cursorCreatedAt,
              promisedDate: item.promisedDate,
              number: spec.numberOf(item),
            }),
            id: item.id,
          };
        },
        toItem: spec.toListItem,
      });
      return { ...page, items: await withJobStates(options.jobStates, kind, page.items), total };
    },

    async get(actor: TActor, id: string): Promise<TItem> {
      assertMayView(actor);
      return withState(await load(id));
    },

    async create(actor: TJobActor, input: TCreate): Promise<TItem> {
      assertMayEdit(actor);
      const settings = await jobSettings();
      const place = await newJobPlace(options.locations, spec.locationsOf(input), actor.id);
      const item = await repository.withTransaction(async (jobs, tx) => {
        const now = clock();
        const nextNumber = async () => spec.formatNumber(await jobs.nextNumber(), settings);
        const row = await jobs.insert(
          await spec.newRow(jobs, input, { actor, nextNumber, settings, now, place }),
        );
        const created = await load(row.id, tx);
        await recordCreated(history.within(tx), {
          itemKind: kind,
          itemId: created.id,
          at: now,
          actorId: actor.id,
          snapshot: spec.snapshot(created),
        });
        return created;
      });
      announce(item, 'created');
      await options.onSaved?.(item, actor.id);
      notesChanged(actor.id, item, '');
      return withState(item);
    },

    /**
     * Applies a change: the status only along the kind's transitions (409 otherwise), the kind's own rules
     * once merged with the stored values. A change that changes nothing writes nothing; a status set by hand
     * brings what follows it (the phase, a finished job's tag given back) into the same transaction.
     * `alongside` runs first in that transaction, the job's row locked: another module's step that stands or
     * falls with the change (the pickup check's checkout before the delivery).
     */
    async update(
      actor: TJobActor,
      id: string,
      changes: TUpdate,
      alongside?: (tx: TDatabase) => Promise<void>,
    ): Promise<TItem> {
      assertMayEdit(actor);
      await checkJobLocations(options.locations, spec.locationsOf(changes));
      const result = await repository.withTransaction(async (jobs, tx) => {
        const current = await jobs.findRowForUpdate(id);
        if (!current) throw notFound();
        await alongside?.(tx);
        // Only what differs from the stored job counts as a change.
        const defined = Object.fromEntries(
          Object.entries(spec.normalize(changes)).filter(
            ([key, value]) =>
              value !== undefined &&
              JSON.stringify(value) !== JSON.stringify(current[key as keyof typeof current]),
          ),
        ) as TUpdate;
        const notesBefore = spec.rowNotes(current);
        if (Object.keys(defined).length === 0) {
          return { item: await load(id, tx), changed: false, notesBefore, followUps: [] };
        }
        if (defined.status !== undefined && !spec.statuses.canChange(current.status, defined.status)) {
          throw statusConflict(spec.rowNumber(current), spec.statuses.labels, current.status, defined.status);
        }
        const before = await load(id, tx);
        const derived = await spec.derivedChanges(jobs, { current, defined, before });
        const now = clock();
        await jobs.update(id, { ...defined, ...derived, updatedAt: now } as Partial<TNewRow>);
        const after = await load(id, tx);
        await recordUpdated(history.within(tx), {
          itemKind: kind,
          itemId: id,
          at: now,
          actorId: actor.id,
          before: spec.snapshot(before),
          after: spec.snapshot(after),
        });
        // After the change is recorded: what follows it (the phase, a released tag) comes after it.
        const followUps =
          defined.status === undefined
            ? []
            : ((await options.onStatusChanged?.(tx, {
                kind,
                itemId: id,
                status: defined.status,
                at: now,
                actorId: actor.id,
              })) ?? []);
        const reloaded = followUps.length > 0 || !isOpenStatus(kind, after.status);
        return {
          item: reloaded ? await load(id, tx) : after,
          previousStatus: current.status,
          changed: true,
          notesBefore,
          followUps,
        };
      });
      if (result.changed) announce(result.item, 'updated', result.previousStatus);
      for (const followUp of result.followUps) followUp();
      if (result.changed) {
        await options.onSaved?.(result.item, actor.id);
        notesChanged(actor.id, result.item, result.notesBefore);
      }
      return withState(result.item);
    },

    async history(
      actor: TActor,
      id: string,
      query: { limit: number; cursor?: string | undefined },
    ): Promise<TListPage<TItemChange>> {
      assertMayView(actor);
      const after = historyCursor(query.cursor);
      if (!(await repository.exists(id))) throw notFound();
      return historyPage(history, kind, id, { limit: query.limit, after });
    },

    /** Before an upload is read: the job exists and the caller may change it. */
    async assertMayAddPhotos(actor: TJobActor, id: string): Promise<void> {
      assertMayEdit(actor);
      if (!(await repository.exists(id))) throw notFound();
    },

    async addPhotos(actor: TJobActor, id: string, images: readonly TStoredImage[]): Promise<TAttachment[]> {
      assertMayEdit(actor);
      return photos.add(actor.id, id, images);
    },

    async removePhoto(actor: TJobActor, id: string, imageId: string): Promise<void> {
      assertMayEdit(actor);
      await photos.remove(actor.id, id, imageId);
    },
  };
}

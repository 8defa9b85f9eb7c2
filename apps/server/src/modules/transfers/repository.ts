import { READY_STATUS } from '@loupe/domain/jobs/job-views';
import type { TJobBag } from '@loupe/domain/transfers/transfer-rules';
import type {
  TLocationKind,
  TStationRole,
  TTransferItemState,
  TTransferStatus,
} from '@loupe/domain/transfers/transfers';
import { personName } from '@loupe/domain/users/user';
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { insertedRow } from '../../db/inserted-row.ts';
import { alerts } from '../../db/schema/alerts.ts';
import { customers } from '../../db/schema/catalog.ts';
import { orders, repairs } from '../../db/schema/jobs.ts';
import { departments, locations, stations } from '../../db/schema/registry.ts';
import { locationHistory, trackedItems } from '../../db/schema/tracking.ts';
import { transferItems, transfers } from '../../db/schema/transfers.ts';
import { personsById } from '../users/repository.ts';

export type TTransferRow = typeof transfers.$inferSelect;
export type TTransferItemRow = typeof transferItems.$inferSelect;
export type TNewTransferItem = typeof transferItems.$inferInsert;
export type TJobKind = 'order' | 'repair';
export type TJobRef = { readonly kind: TJobKind; readonly id: string };

/** A transfer with its two ends, as the views need it. */
export type TTransferWithEnds = {
  readonly transfer: TTransferRow;
  readonly fromName: string;
  readonly toName: string;
  readonly toKind: TLocationKind;
};

/** A job as a bag's manifest shows it, with where it is now. */
export type TJobInfo = {
  readonly kind: TJobKind;
  readonly id: string;
  readonly number: string;
  readonly customerName: string;
  readonly description: string;
  readonly status: string;
  readonly pickupLocationId: string;
  readonly epc: string | null;
  readonly currentLocationId: string | null;
  readonly currentLocationName: string | null;
};

export type TLocationInfo = {
  readonly id: string;
  readonly name: string;
  readonly kind: TLocationKind;
  readonly settings: Record<string, unknown>;
};

export type TStationInfo = {
  readonly id: string;
  readonly role: TStationRole;
  readonly locationId: string;
  readonly locationKind: TLocationKind;
};

const ZSequenceSchema = z.object({ rows: z.array(z.object({ value: z.coerce.number().int().positive() })) });
const OPEN: TTransferStatus[] = ['packing', 'in_transit'];
const jobKey = (kind: string, id: string) => `${kind}:${id}`;
const kindOf = (value: string): TLocationKind =>
  value === 'store' || value === 'vendor' ? value : 'workshop';
const roleOf = (value: string): TStationRole =>
  value === 'shipping' || value === 'receiving' ? value : 'work';

/** The SQL of transfers between locations (issue 39): bags, their manifests, and what reads look up. */
export function createTransfersRepository(db: TDatabase) {
  const fromLocation = alias(locations, 'from_location');
  const toLocation = alias(locations, 'to_location');

  async function withEnds(where: SQL | undefined, options: { limit?: number } = {}) {
    const query = db
      .select({
        transfer: transfers,
        fromName: fromLocation.name,
        toName: toLocation.name,
        toKind: toLocation.kind,
      })
      .from(transfers)
      .innerJoin(fromLocation, eq(fromLocation.id, transfers.fromLocationId))
      .innerJoin(toLocation, eq(toLocation.id, transfers.toLocationId))
      .where(where)
      .orderBy(desc(sql`length(${transfers.number})`), desc(transfers.number));
    const rows = options.limit === undefined ? await query : await query.limit(options.limit);
    return rows.map((row): TTransferWithEnds => ({ ...row, toKind: kindOf(row.toKind) }));
  }

  async function jobsOf(kind: TJobKind, ids: readonly string[]): Promise<TJobInfo[]> {
    if (ids.length === 0) return [];
    const job =
      kind === 'order'
        ? {
            table: orders,
            id: orders.id,
            number: orders.orderNumber,
            description: orders.description,
            customerId: orders.customerId,
            status: orders.status,
            pickup: orders.pickupLocationId,
          }
        : {
            table: repairs,
            id: repairs.id,
            number: repairs.repairNumber,
            description: repairs.itemDescription,
            customerId: repairs.customerId,
            status: repairs.status,
            pickup: repairs.pickupLocationId,
          };
    const rows = await db
      .select({
        id: job.id,
        number: job.number,
        description: job.description,
        customerName: customers.name,
        status: job.status,
        pickupLocationId: job.pickup,
        epc: trackedItems.epc,
        currentLocationId: departments.locationId,
        currentLocationName: locations.name,
      })
      .from(job.table)
      .leftJoin(customers, eq(customers.id, job.customerId))
      .leftJoin(trackedItems, and(eq(trackedItems.itemKind, kind), eq(trackedItems.itemId, job.id)))
      .leftJoin(departments, eq(departments.id, trackedItems.currentDepartmentId))
      .leftJoin(locations, eq(locations.id, departments.locationId))
      .where(inArray(job.id, [...ids]));
    return rows.map((row) => ({ ...row, kind, customerName: row.customerName ?? '' }));
  }

  return {
    async nextNumber(): Promise<number> {
      const result = ZSequenceSchema.parse(
        await db.execute(sql`select nextval('transfer_number_seq') as value`),
      );
      const value = result.rows[0]?.value;
      if (value === undefined) throw new Error('nextval returned no row');
      return value;
    },

    async insertTransfer(values: typeof transfers.$inferInsert): Promise<TTransferRow> {
      return insertedRow(await db.insert(transfers).values(values).returning(), 'transfers');
    },

    async findTransfer(id: string, options: { forUpdate?: boolean } = {}): Promise<TTransferRow | undefined> {
      const query = db.select().from(transfers).where(eq(transfers.id, id));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    async updateTransfer(id: string, changes: Partial<typeof transfers.$inferInsert>): Promise<void> {
      await db.update(transfers).set(changes).where(eq(transfers.id, id));
    },

    async transfersWithEnds(ids: readonly string[]): Promise<TTransferWithEnds[]> {
      if (ids.length === 0) return [];
      return withEnds(inArray(transfers.id, [...ids]));
    },

    /** A page of bags, newest number first; `after` continues after that number. */
    async listTransfers(filter: {
      readonly locationId?: string | undefined;
      readonly direction: 'incoming' | 'outgoing' | 'all';
      readonly status?: TTransferStatus | 'open' | undefined;
      readonly q?: string | undefined;
      readonly after?: string | undefined;
      readonly limit: number;
    }): Promise<{ rows: TTransferWithEnds[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.locationId !== undefined) {
        const incoming = eq(transfers.toLocationId, filter.locationId);
        const outgoing = eq(transfers.fromLocationId, filter.locationId);
        conditions.push(
          filter.direction === 'incoming'
            ? incoming
            : filter.direction === 'outgoing'
              ? outgoing
              : (or(incoming, outgoing) as SQL),
        );
      }
      if (filter.status === 'open') conditions.push(inArray(transfers.status, OPEN));
      else if (filter.status !== undefined) conditions.push(eq(transfers.status, filter.status));
      if (filter.q !== undefined && filter.q !== '') {
        const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          sql`(lower(${transfers.number}) like ${pattern} or lower(${transfers.trackingNumber}) like ${pattern} or lower(${transfers.bagLabel}) like ${pattern} or lower(${transfers.carrier}) like ${pattern})`,
        );
      }
      const where = conditions.length === 0 ? undefined : and(...conditions);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(transfers).where(where);
      const pageWhere =
        filter.after === undefined
          ? where
          : and(
              where,
              sql`(length(${transfers.number}), ${transfers.number}) < (${filter.after.length}, ${filter.after})`,
            );
      const rows = await withEnds(pageWhere, { limit: filter.limit + 1 });
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /** Every piece of these bags. */
    async itemsOf(transferIds: readonly string[]): Promise<TTransferItemRow[]> {
      if (transferIds.length === 0) return [];
      return db
        .select()
        .from(transferItems)
        .where(inArray(transferItems.transferId, [...transferIds]))
        .orderBy(asc(transferItems.addedAt), asc(transferItems.itemKind), asc(transferItems.itemId));
    },

    async insertItems(rows: readonly TNewTransferItem[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(transferItems)
        .values([...rows])
        .onConflictDoNothing();
    },

    async deleteItem(transferId: string, ref: TJobRef): Promise<boolean> {
      const rows = await db
        .delete(transferItems)
        .where(
          and(
            eq(transferItems.transferId, transferId),
            eq(transferItems.itemKind, ref.kind),
            eq(transferItems.itemId, ref.id),
          ),
        )
        .returning({ id: transferItems.itemId });
      return rows.length > 0;
    },

    async setItemState(
      transferId: string,
      ref: TJobRef,
      state: TTransferItemState,
      receivedAt: Date | null,
    ): Promise<void> {
      await db
        .update(transferItems)
        .set({ state, receivedAt })
        .where(
          and(
            eq(transferItems.transferId, transferId),
            eq(transferItems.itemKind, ref.kind),
            eq(transferItems.itemId, ref.id),
          ),
        );
    },

    /** Closing short: what is still expected is missing. */
    async markExpectedMissing(transferId: string): Promise<TTransferItemRow[]> {
      return db
        .update(transferItems)
        .set({ state: 'missing' })
        .where(and(eq(transferItems.transferId, transferId), eq(transferItems.state, 'expected')))
        .returning();
    },

    /** The open bags (packing or in transit) each job is in, with the state of the job in each. */
    async openBagsOf(refs: readonly TJobRef[]): Promise<Map<string, TJobBag & { number: string }>[]> {
      if (refs.length === 0) return [];
      const rows = await db
        .select({
          itemKind: transferItems.itemKind,
          itemId: transferItems.itemId,
          state: transferItems.state,
          transferId: transfers.id,
          number: transfers.number,
          status: transfers.status,
          fromLocationId: transfers.fromLocationId,
          toLocationId: transfers.toLocationId,
          toKind: toLocation.kind,
        })
        .from(transferItems)
        .innerJoin(transfers, eq(transfers.id, transferItems.transferId))
        .innerJoin(toLocation, eq(toLocation.id, transfers.toLocationId))
        .where(
          and(
            inArray(transfers.status, OPEN),
            inArray(
              transferItems.itemId,
              refs.map((ref) => ref.id),
            ),
          ),
        );
      return refs.map((ref) => {
        const bags = new Map<string, TJobBag & { number: string }>();
        for (const row of rows) {
          if (row.itemKind !== ref.kind || row.itemId !== ref.id) continue;
          bags.set(row.transferId, {
            transferId: row.transferId,
            number: row.number,
            status: row.status as TTransferStatus,
            fromLocationId: row.fromLocationId,
            toLocationId: row.toLocationId,
            toKind: kindOf(row.toKind),
            state: row.state as TTransferItemState,
          });
        }
        return bags;
      });
    },

    /** The newest bag being packed at a location. */
    async newestPacking(fromLocationId: string): Promise<TTransferRow | undefined> {
      const [row] = await db
        .select()
        .from(transfers)
        .where(and(eq(transfers.fromLocationId, fromLocationId), eq(transfers.status, 'packing')))
        .orderBy(desc(transfers.createdAt), desc(sql`length(${transfers.number})`), desc(transfers.number))
        .limit(1);
      return row;
    },

    /** The newest bag on its way from one location to another. */
    async newestInTransit(fromLocationId: string, toLocationId: string): Promise<TTransferRow | undefined> {
      const [row] = await db
        .select()
        .from(transfers)
        .where(
          and(
            eq(transfers.fromLocationId, fromLocationId),
            eq(transfers.toLocationId, toLocationId),
            eq(transfers.status, 'in_transit'),
          ),
        )
        .orderBy(desc(transfers.sentAt))
        .limit(1);
      return row;
    },

    async location(id: string): Promise<TLocationInfo | undefined> {
      const [row] = await db
        .select({
          id: locations.id,
          name: locations.name,
          kind: locations.kind,
          settings: locations.settings,
        })
        .from(locations)
        .where(eq(locations.id, id));
      return row ? { ...row, kind: kindOf(row.kind) } : undefined;
    },

    /** The workshop: the first location of kind 'workshop' (LOC001 unless changed). */
    async workshopLocationId(): Promise<string | null> {
      const [row] = await db
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.kind, 'workshop'))
        .orderBy(sql`length(${locations.id})`, asc(locations.id))
        .limit(1);
      return row?.id ?? null;
    },

    async stationsInfo(ids: readonly string[]): Promise<Map<string, TStationInfo>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: stations.id,
          role: stations.role,
          locationId: departments.locationId,
          locationKind: locations.kind,
        })
        .from(stations)
        .innerJoin(departments, eq(departments.id, stations.departmentId))
        .innerJoin(locations, eq(locations.id, departments.locationId))
        .where(inArray(stations.id, [...ids]));
      return new Map(
        rows.map((row) => [
          row.id,
          { ...row, role: roleOf(row.role), locationKind: kindOf(row.locationKind) },
        ]),
      );
    },

    /** Where the job was before `at`: the location of its previous arrival. */
    async locationBefore(ref: TJobRef, at: Date): Promise<string | null> {
      const [row] = await db
        .select({ locationId: departments.locationId })
        .from(locationHistory)
        .innerJoin(departments, eq(departments.id, locationHistory.departmentId))
        .where(
          and(
            eq(locationHistory.itemKind, ref.kind),
            eq(locationHistory.itemId, ref.id),
            lt(locationHistory.arrivedAt, at),
          ),
        )
        .orderBy(desc(locationHistory.arrivedAt))
        .limit(1);
      return row?.locationId ?? null;
    },

    async jobs(refs: readonly TJobRef[]): Promise<Map<string, TJobInfo>> {
      const ids = (kind: TJobKind) => refs.filter((ref) => ref.kind === kind).map((ref) => ref.id);
      const rows = [...(await jobsOf('order', ids('order'))), ...(await jobsOf('repair', ids('repair')))];
      return new Map(rows.map((row) => [jobKey(row.kind, row.id), row]));
    },

    async trackedByEpc(epc: string): Promise<TJobRef | undefined> {
      const [row] = await db
        .select({ kind: trackedItems.itemKind, id: trackedItems.itemId })
        .from(trackedItems)
        .where(eq(trackedItems.epc, epc));
      return row ? { kind: row.kind as TJobKind, id: row.id } : undefined;
    },

    /** Names of people, by id. */
    async personNames(ids: readonly (string | null)[]): Promise<Map<string, string>> {
      const people = await personsById(db, ids);
      return new Map([...people].map(([id, row]) => [id, personName(row)]));
    },

    /** A location's bags in and out that are open, or were received (or closed) since `since`. */
    async bagsOfLocationDay(locationId: string, since: Date): Promise<TTransferWithEnds[]> {
      return withEnds(
        and(
          or(eq(transfers.fromLocationId, locationId), eq(transfers.toLocationId, locationId)),
          or(
            inArray(transfers.status, OPEN),
            and(inArray(transfers.status, ['received', 'received_short']), gte(transfers.receivedAt, since)),
          ),
        ),
      );
    },

    /** Jobs ready for pickup at this location, with where each one is. */
    async readyForPickup(locationId: string): Promise<TJobInfo[]> {
      const found: TJobInfo[] = [];
      for (const kind of ['order', 'repair'] as const) {
        const table = kind === 'order' ? orders : repairs;
        const rows = await db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.pickupLocationId, locationId), eq(table.status, READY_STATUS)));
        found.push(
          ...(await jobsOf(
            kind,
            rows.map((row) => row.id),
          )),
        );
      }
      return found.sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
    },

    /** Of these alert causes, those raised before (open or resolved): an overdue bag alerts once. */
    async raisedCauses(causeKeys: readonly string[]): Promise<Set<string>> {
      if (causeKeys.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ causeKey: alerts.causeKey })
        .from(alerts)
        .where(inArray(alerts.causeKey, [...causeKeys]));
      return new Set(rows.map((row) => row.causeKey));
    },

    /** Bags on their way whose expected day has passed before `today`. */
    async overdueInTransit(today: string): Promise<TTransferWithEnds[]> {
      return withEnds(
        and(
          eq(transfers.status, 'in_transit'),
          sql`${transfers.expectedOn} is not null`,
          lt(transfers.expectedOn, today),
        ),
      );
    },
  };
}

export type TTransfersRepository = ReturnType<typeof createTransfersRepository>;

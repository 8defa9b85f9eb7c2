import type { TJobKind } from '@loupe/domain/jobs/job-views';
import type { TCountRead, TJobRef } from '@loupe/domain/safe-counts/safe-counts';
import { personName } from '@loupe/domain/users/user';
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { insertedRow } from '../../db/inserted-row.ts';
import { orders, repairs } from '../../db/schema/jobs.ts';
import { departments, locations, readerAntennas, stations } from '../../db/schema/registry.ts';
import { rfidReads } from '../../db/schema/rfid.ts';
import { locationSafes, safeCountRemovals, safeCounts } from '../../db/schema/safe-counts.ts';
import { locationHistory, trackedItems } from '../../db/schema/tracking.ts';
import { personsById } from '../users/repository.ts';

/** Longer than any dedupe window: a read row's repeats end this soon after its first read. */
const REPEATS_MARGIN_MS = 3_600_000;

export type TSafeCountRow = typeof safeCounts.$inferSelect;
export type TSafeCountRemovalRow = typeof safeCountRemovals.$inferSelect;

/** A tracked job as a count sees it: its status, whether offsite, its location and where it was last read. */
export type TCandidateRow = {
  readonly kind: TJobKind;
  readonly id: string;
  readonly number: string;
  readonly description: string;
  readonly status: string;
  readonly trackingStatus: string;
  readonly locationId: string | null;
  readonly stationName: string | null;
  readonly lastSeenAt: Date | null;
};

/** The SQL of the closing count: the safes, the counts and their removals, and the reads a count looks at. */
export function createSafeCountsRepository(db: TDatabase) {
  const JOBS = {
    order: { table: orders, number: orders.orderNumber, description: orders.description },
    repair: { table: repairs, number: repairs.repairNumber, description: repairs.itemDescription },
  } as const;

  async function candidatesOf(kind: TJobKind, ids?: readonly string[]): Promise<TCandidateRow[]> {
    const job = JOBS[kind];
    if (ids !== undefined && ids.length === 0) return [];
    const rows = await db
      .select({
        id: job.table.id,
        number: job.number,
        description: job.description,
        status: job.table.status,
        trackingStatus: trackedItems.status,
        locationId: departments.locationId,
        stationName: stations.name,
        lastSeenAt: trackedItems.lastSeenAt,
      })
      .from(trackedItems)
      .innerJoin(job.table, and(eq(trackedItems.itemKind, kind), eq(trackedItems.itemId, job.table.id)))
      .leftJoin(stations, eq(stations.id, trackedItems.currentStationId))
      .leftJoin(departments, eq(departments.id, trackedItems.currentDepartmentId))
      .where(ids === undefined ? undefined : inArray(job.table.id, [...ids]));
    return rows.map((row) => ({ kind, ...row }));
  }

  return {
    /** Every location with its safe (if chosen) and its stations. */
    async locations() {
      return db
        .select({
          id: locations.id,
          name: locations.name,
          safeStationId: locationSafes.stationId,
          safeStationName: stations.name,
        })
        .from(locations)
        .leftJoin(locationSafes, eq(locationSafes.locationId, locations.id))
        .leftJoin(stations, eq(stations.id, locationSafes.stationId))
        .orderBy(asc(locations.name));
    },

    async stations() {
      return db
        .select({
          id: stations.id,
          name: stations.name,
          departmentName: departments.name,
          locationId: departments.locationId,
        })
        .from(stations)
        .innerJoin(departments, eq(departments.id, stations.departmentId))
        .orderBy(asc(departments.position), asc(stations.position), asc(stations.name));
    },

    async setSafe(locationId: string, stationId: string | null, by: string, at: Date): Promise<void> {
      if (stationId === null) {
        await db.delete(locationSafes).where(eq(locationSafes.locationId, locationId));
        return;
      }
      await db
        .insert(locationSafes)
        .values({ locationId, stationId, updatedBy: by, updatedAt: at })
        .onConflictDoUpdate({
          target: locationSafes.locationId,
          set: { stationId, updatedBy: by, updatedAt: at },
        });
    },

    /** Every tracked order and repair, open or not: the domain decides which a count expects. */
    async candidates(): Promise<TCandidateRow[]> {
      return [...(await candidatesOf('order')), ...(await candidatesOf('repair'))];
    },

    async jobs(refs: readonly TJobRef[]): Promise<TCandidateRow[]> {
      const ids = (kind: TJobKind) => refs.filter((ref) => ref.kind === kind).map((ref) => ref.id);
      return [
        ...(await candidatesOf('order', ids('order'))),
        ...(await candidatesOf('repair', ids('repair'))),
      ];
    },

    /**
     * Every read of a tracked job between `from` and `to`: the readers' reads (at the station their antenna
     * stands for, first and last time within the dedupe window) and the arrivals of the location history
     * (station scans and hand-reported moves among them).
     */
    async readsBetween(from: Date, to: Date): Promise<TCountRead[]> {
      const tagReads = await db
        .select({
          kind: trackedItems.itemKind,
          id: trackedItems.itemId,
          stationId: readerAntennas.stationId,
          readAt: rfidReads.readAt,
          lastSeenAt: rfidReads.lastSeenAt,
        })
        .from(rfidReads)
        .innerJoin(
          readerAntennas,
          and(eq(readerAntennas.readerId, rfidReads.readerId), eq(readerAntennas.antenna, rfidReads.antenna)),
        )
        .innerJoin(trackedItems, eq(trackedItems.epc, rfidReads.epc))
        // A row's repeats fall within the dedupe window of its first read: bounded by read_at (indexed), a row
        // that began a little before the window and was seen again within it is found too.
        .where(
          and(
            gte(rfidReads.readAt, new Date(from.getTime() - REPEATS_MARGIN_MS)),
            lte(rfidReads.readAt, to),
            gte(rfidReads.lastSeenAt, from),
          ),
        );
      const arrivals = await db
        .select({
          kind: locationHistory.itemKind,
          id: locationHistory.itemId,
          stationId: locationHistory.stationId,
          at: locationHistory.arrivedAt,
        })
        .from(locationHistory)
        .where(and(gte(locationHistory.arrivedAt, from), lte(locationHistory.arrivedAt, to)));
      const reads: TCountRead[] = [];
      for (const read of tagReads) {
        if (read.stationId === null) continue;
        const kind = read.kind as TJobKind;
        reads.push({ kind, id: read.id, stationId: read.stationId, at: read.readAt });
        if (read.lastSeenAt.getTime() !== read.readAt.getTime())
          reads.push({ kind, id: read.id, stationId: read.stationId, at: read.lastSeenAt });
      }
      for (const arrival of arrivals) reads.push({ ...arrival, kind: arrival.kind as TJobKind });
      return reads;
    },

    async personName(userId: string): Promise<string | null> {
      const row = (await personsById(db, [userId])).get(userId);
      return row ? personName(row) : null;
    },

    /** A new running count; undefined when one already runs at the location (or its closing count exists). */
    async insertCount(row: typeof safeCounts.$inferInsert): Promise<TSafeCountRow | undefined> {
      const [inserted] = await db.insert(safeCounts).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async findCount(id: string, options: { forUpdate?: boolean } = {}): Promise<TSafeCountRow | undefined> {
      const query = db.select().from(safeCounts).where(eq(safeCounts.id, id));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    async finishCount(
      id: string,
      result: Pick<
        TSafeCountRow,
        'finishedAt' | 'finishedBy' | 'finishedByName' | 'counted' | 'missing' | 'extra'
      >,
    ): Promise<TSafeCountRow> {
      return insertedRow(
        await db
          .update(safeCounts)
          .set({ ...result, status: 'finished' })
          .where(eq(safeCounts.id, id))
          .returning(),
        'safe_counts',
      );
    },

    async listCounts(limit: number): Promise<TSafeCountRow[]> {
      return db.select().from(safeCounts).orderBy(desc(safeCounts.startedAt)).limit(limit);
    },

    async runningCounts(): Promise<TSafeCountRow[]> {
      return db.select().from(safeCounts).where(eq(safeCounts.status, 'running'));
    },

    /** Each location's newest finished count: the one whose pieces leaving the safe are logged. */
    async latestFinishedCounts(): Promise<TSafeCountRow[]> {
      return db
        .selectDistinctOn([safeCounts.locationId])
        .from(safeCounts)
        .where(eq(safeCounts.status, 'finished'))
        .orderBy(safeCounts.locationId, desc(safeCounts.finishedAt));
    },

    async insertRemovals(rows: readonly (typeof safeCountRemovals.$inferInsert)[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(safeCountRemovals)
        .values([...rows])
        .onConflictDoNothing();
    },

    async removals(countId: string): Promise<TSafeCountRemovalRow[]> {
      return db
        .select()
        .from(safeCountRemovals)
        .where(eq(safeCountRemovals.countId, countId))
        .orderBy(asc(safeCountRemovals.at));
    },
  };
}

export type TSafeCountsRepository = ReturnType<typeof createSafeCountsRepository>;

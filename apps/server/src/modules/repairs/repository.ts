import { likePattern } from '@loupe/domain/api/list';
import type { TRepairStatus } from '@loupe/domain/repairs/repair';
import { and, asc, count, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { customers, departments, repairs, stations, trackedItems } from '../../db/schema.ts';
import { cursorTimestamp, type TItemListAfter, type TItemSort } from '../orders/keyset.ts';
import {
  isTracked,
  trackedItemOf,
  trackingColumns,
  trackingDepartmentJoin,
  trackingStationJoin,
} from '../orders/tracking-summary.ts';

export type TRepairRow = typeof repairs.$inferSelect;
export type TNewRepairRow = typeof repairs.$inferInsert;
/** Repairs page exactly like orders: the same sorts and cursors. */
type TRepairListAfter = TItemListAfter;
type TRepairSort = TItemSort;

/** The trailing digits of a repair number (REP-00042 → 42): the `number` sort, whatever the prefix. */
const numberOf = sql`(substring(${repairs.repairNumber} from '[0-9]+$'))::bigint`;

const joinedColumns = {
  repair: repairs,
  cursorCreatedAt: cursorTimestamp(repairs.createdAt),
  customerName: customers.name,
  customerPhone: customers.phone,
  customerEmail: customers.email,
  ...trackingColumns,
};

export type TRepairListOptions = {
  readonly q?: string | undefined;
  readonly status?: TRepairStatus | undefined;
  readonly isRush?: boolean | undefined;
  readonly tracked?: boolean | undefined;
  readonly sort: TRepairSort;
  readonly limit: number;
  readonly after?: TRepairListAfter | undefined;
};

function orderByOf(sort: TRepairSort): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(repairs.createdAt), desc(repairs.id)];
    case 'oldest':
      return [asc(repairs.createdAt), asc(repairs.id)];
    case 'promised':
      return [sql`${repairs.promisedDate} asc nulls last`, asc(repairs.id)];
    case 'number':
      return [sql`${numberOf} asc`, asc(repairs.id)];
  }
}

function afterOf(after: TRepairListAfter | undefined): SQL | undefined {
  if (!after) return undefined;
  switch (after.sort) {
    case 'newest':
      return sql`(${repairs.createdAt}, ${repairs.id}) < (${after.value}::timestamptz, ${after.id}::uuid)`;
    case 'oldest':
      return sql`(${repairs.createdAt}, ${repairs.id}) > (${after.value}::timestamptz, ${after.id}::uuid)`;
    case 'promised':
      return after.value === null
        ? sql`(${repairs.promisedDate} is null and ${repairs.id} > ${after.id}::uuid)`
        : sql`((${repairs.promisedDate}, ${repairs.id}) > (${after.value}::date, ${after.id}::uuid) or ${repairs.promisedDate} is null)`;
    case 'number':
      return sql`(${numberOf}, ${repairs.id}) > (${after.value}::bigint, ${after.id}::uuid)`;
  }
}

const ZSequenceSchema = z.object({ rows: z.array(z.object({ value: z.coerce.number().int().positive() })) });

/** SQL of repairs; pass a transaction to write a repair with its history. */
export function createRepairsRepository(db: TDatabase) {
  function joined() {
    return db
      .select(joinedColumns)
      .from(repairs)
      .innerJoin(customers, eq(customers.id, repairs.customerId))
      .leftJoin(trackedItems, trackedItemOf('repair', repairs.id))
      .leftJoin(departments, trackingDepartmentJoin)
      .leftJoin(stations, trackingStationJoin);
  }

  return {
    async nextNumber(): Promise<number> {
      const result = ZSequenceSchema.parse(
        await db.execute(sql`select nextval('repair_number_seq') as value`),
      );
      const value = result.rows[0]?.value;
      if (value === undefined) throw new Error('nextval returned no row');
      return value;
    },

    async insert(values: TNewRepairRow): Promise<TRepairRow> {
      const [row] = await db.insert(repairs).values(values).returning();
      if (!row) throw new Error('insert into repairs returned no row');
      return row;
    },

    async update(id: string, values: Partial<TNewRepairRow>): Promise<void> {
      await db.update(repairs).set(values).where(eq(repairs.id, id));
    },

    async findRowForUpdate(id: string): Promise<TRepairRow | undefined> {
      const [row] = await db.select().from(repairs).where(eq(repairs.id, id)).limit(1).for('update');
      return row;
    },

    async exists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: repairs.id }).from(repairs).where(eq(repairs.id, id)).limit(1);
      return row !== undefined;
    },

    async findJoined(id: string) {
      const [row] = await joined().where(eq(repairs.id, id)).limit(1);
      return row;
    },

    async list(options: TRepairListOptions) {
      const filter = and(
        options.q ? like(repairs.searchText, likePattern(options.q)) : undefined,
        options.status === undefined ? undefined : eq(repairs.status, options.status),
        options.isRush === undefined ? undefined : eq(repairs.isRush, options.isRush),
        options.tracked === undefined ? undefined : isTracked('repair', 'repairs', options.tracked),
      );
      const [rows, [total]] = await Promise.all([
        joined()
          .where(and(filter, afterOf(options.after)))
          .orderBy(...orderByOf(options.sort))
          .limit(options.limit + 1),
        db.select({ value: count() }).from(repairs).where(filter),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type TRepairsRepository = ReturnType<typeof createRepairsRepository>;
export type TRepairJoinedRow = NonNullable<Awaited<ReturnType<TRepairsRepository['findJoined']>>>;

import type { TRepairStatus } from '@loupe/domain/repairs/repair';
import { and, count, eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { insertedRow } from '../../db/inserted-row.ts';
import { customers } from '../../db/schema/catalog.ts';
import { repairs } from '../../db/schema/jobs.ts';
import { departments, stations } from '../../db/schema/registry.ts';
import { trackedItems } from '../../db/schema/tracking.ts';
import { cursorTimestamp } from '../../lib/keyset.ts';
import type { TItemListOptions } from './item-list.ts';
import { nextItemNumber } from './item-numbers-repository.ts';
import {
  findCustomerName,
  itemAfter,
  itemListFilter,
  itemOrderBy,
  trackedItemOf,
  trackingColumns,
  trackingDepartmentJoin,
  trackingStationJoin,
} from './item-repository.ts';

export type TRepairRow = typeof repairs.$inferSelect;
export type TNewRepairRow = typeof repairs.$inferInsert;

const joinedColumns = {
  repair: repairs,
  cursorCreatedAt: cursorTimestamp(repairs.createdAt),
  customerName: customers.name,
  customerPhone: customers.phone,
  customerEmail: customers.email,
  ...trackingColumns,
};

export type TRepairListOptions = TItemListOptions<TRepairStatus>;

const listColumns = {
  id: repairs.id,
  createdAt: repairs.createdAt,
  promisedDate: repairs.promisedDate,
  number: repairs.repairNumber,
  searchText: repairs.searchText,
  status: repairs.status,
  isRush: repairs.isRush,
  pickupLocationId: repairs.pickupLocationId,
};

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
      return nextItemNumber(db, 'repair');
    },

    async insert(values: TNewRepairRow): Promise<TRepairRow> {
      return insertedRow(await db.insert(repairs).values(values).returning(), 'repairs');
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

    /** A named customer's name; undefined when there is no such customer. */
    findCustomerName: (customerId: string) => findCustomerName(db, customerId),

    async findJoined(id: string) {
      const [row] = await joined().where(eq(repairs.id, id)).limit(1);
      return row;
    },

    async list(options: TRepairListOptions) {
      const filter = itemListFilter('repair', listColumns, options);
      const [rows, [total]] = await Promise.all([
        joined()
          .where(and(filter, itemAfter(listColumns, options.after)))
          .orderBy(...itemOrderBy(listColumns, options.sort))
          .limit(options.limit + 1),
        db.select({ value: count() }).from(repairs).where(filter),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type TRepairsRepository = ReturnType<typeof createRepairsRepository>;
export type TRepairJoinedRow = NonNullable<Awaited<ReturnType<TRepairsRepository['findJoined']>>>;

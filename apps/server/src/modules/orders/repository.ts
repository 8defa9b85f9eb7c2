import { likePattern } from '@loupe/domain/api/list';
import type { TOrderSort, TOrderStatus } from '@loupe/domain/orders/order';
import { and, asc, count, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import {
  customers,
  departments,
  designs,
  metalTypes,
  orders,
  productTypes,
  stations,
  trackedItems,
  users,
} from '../../db/schema.ts';
import { cursorTimestamp, type TItemListAfter } from './keyset.ts';
import {
  isTracked,
  trackedItemOf,
  trackingColumns,
  trackingDepartmentJoin,
  trackingStationJoin,
} from './tracking-summary.ts';

export type TOrderRow = typeof orders.$inferSelect;
export type TNewOrderRow = typeof orders.$inferInsert;

const salesperson = alias(users, 'salesperson');
const designer = alias(users, 'designer');

/** The trailing digits of an order number (ORD-00042 → 42): the `number` sort, whatever the prefix. */
const numberOf = sql`(substring(${orders.orderNumber} from '[0-9]+$'))::bigint`;

const joinedColumns = {
  order: orders,
  cursorCreatedAt: cursorTimestamp(orders.createdAt),
  customerName: customers.name,
  customerPhone: customers.phone,
  customerEmail: customers.email,
  productTypeName: productTypes.name,
  metalTypeName: metalTypes.name,
  designName: designs.name,
  salespersonEmail: salesperson.email,
  salespersonName: salesperson.name,
  salespersonFirstName: salesperson.firstName,
  salespersonLastName: salesperson.lastName,
  salespersonRole: salesperson.role,
  designerEmail: designer.email,
  designerName: designer.name,
  designerFirstName: designer.firstName,
  designerLastName: designer.lastName,
  designerRole: designer.role,
  ...trackingColumns,
};

export type TOrderListAfter = TItemListAfter;

export type TOrderListOptions = {
  readonly q?: string | undefined;
  readonly status?: TOrderStatus | undefined;
  readonly isRush?: boolean | undefined;
  readonly tracked?: boolean | undefined;
  readonly sort: TOrderSort;
  readonly limit: number;
  readonly after?: TOrderListAfter | undefined;
};

/**
 * Every sort is a keyset over an index: (created_at, id) for newest and oldest, (promised_date, id) for
 * promised (no promised date last), the number's digits then id for number.
 */
function orderByOf(sort: TOrderSort): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(orders.createdAt), desc(orders.id)];
    case 'oldest':
      return [asc(orders.createdAt), asc(orders.id)];
    case 'promised':
      return [sql`${orders.promisedDate} asc nulls last`, asc(orders.id)];
    case 'number':
      return [sql`${numberOf} asc`, asc(orders.id)];
  }
}

function afterOf(after: TOrderListAfter | undefined): SQL | undefined {
  if (!after) return undefined;
  switch (after.sort) {
    case 'newest':
      return sql`(${orders.createdAt}, ${orders.id}) < (${after.value}::timestamptz, ${after.id}::uuid)`;
    case 'oldest':
      return sql`(${orders.createdAt}, ${orders.id}) > (${after.value}::timestamptz, ${after.id}::uuid)`;
    case 'promised':
      // NULLs sort last: after a dated row come later dates and then every undated row.
      return after.value === null
        ? sql`(${orders.promisedDate} is null and ${orders.id} > ${after.id}::uuid)`
        : sql`((${orders.promisedDate}, ${orders.id}) > (${after.value}::date, ${after.id}::uuid) or ${orders.promisedDate} is null)`;
    case 'number':
      return sql`(${numberOf}, ${orders.id}) > (${after.value}::bigint, ${after.id}::uuid)`;
  }
}

const ZSequenceSchema = z.object({ rows: z.array(z.object({ value: z.coerce.number().int().positive() })) });

/** SQL of orders; pass a transaction to write an order with its history. */
export function createOrdersRepository(db: TDatabase) {
  function joined() {
    return db
      .select(joinedColumns)
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(productTypes, eq(productTypes.id, orders.productTypeId))
      .leftJoin(metalTypes, eq(metalTypes.id, orders.metalTypeId))
      .leftJoin(designs, eq(designs.id, orders.designId))
      .leftJoin(salesperson, eq(salesperson.id, orders.salespersonId))
      .leftJoin(designer, eq(designer.id, orders.designerId))
      .leftJoin(trackedItems, trackedItemOf('order', orders.id))
      .leftJoin(departments, trackingDepartmentJoin)
      .leftJoin(stations, trackingStationJoin);
  }

  return {
    /** The next number of order_number_seq (never reused, even when the transaction rolls back). */
    async nextNumber(): Promise<number> {
      const result = ZSequenceSchema.parse(
        await db.execute(sql`select nextval('order_number_seq') as value`),
      );
      const value = result.rows[0]?.value;
      if (value === undefined) throw new Error('nextval returned no row');
      return value;
    },

    async insert(values: TNewOrderRow): Promise<TOrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      if (!row) throw new Error('insert into orders returned no row');
      return row;
    },

    async update(id: string, values: Partial<TNewOrderRow>): Promise<void> {
      await db.update(orders).set(values).where(eq(orders.id, id));
    },

    /** The row, locked until the transaction ends: two edits of one order apply one after the other. */
    async findRowForUpdate(id: string): Promise<TOrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
      return row;
    },

    async exists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).limit(1);
      return row !== undefined;
    },

    async findJoined(id: string) {
      const [row] = await joined().where(eq(orders.id, id)).limit(1);
      return row;
    },

    /** One page (limit + 1 rows, the extra one says there is more) and the total of the filtered list. */
    async list(options: TOrderListOptions) {
      const filter = and(
        options.q ? like(orders.searchText, likePattern(options.q)) : undefined,
        options.status === undefined ? undefined : eq(orders.status, options.status),
        options.isRush === undefined ? undefined : eq(orders.isRush, options.isRush),
        options.tracked === undefined ? undefined : isTracked('order', 'orders', options.tracked),
      );
      const [rows, [total]] = await Promise.all([
        joined()
          .where(and(filter, afterOf(options.after)))
          .orderBy(...orderByOf(options.sort))
          .limit(options.limit + 1),
        db.select({ value: count() }).from(orders).where(filter),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type TOrdersRepository = ReturnType<typeof createOrdersRepository>;
export type TOrderJoinedRow = NonNullable<Awaited<ReturnType<TOrdersRepository['findJoined']>>>;

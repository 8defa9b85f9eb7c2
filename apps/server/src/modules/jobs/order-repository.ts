import type { TOrderStatus } from '@loupe/domain/orders/order';
import { and, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client.ts';
import { insertedRow } from '../../db/inserted-row.ts';
import { customers, metalTypes, productTypes } from '../../db/schema/catalog.ts';
import { designs } from '../../db/schema/designs.ts';
import { orders } from '../../db/schema/jobs.ts';
import { departments, stations } from '../../db/schema/registry.ts';
import { trackedItems } from '../../db/schema/tracking.ts';
import { users } from '../../db/schema/users.ts';
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

export type TOrderRow = typeof orders.$inferSelect;
export type TNewOrderRow = typeof orders.$inferInsert;

const salesperson = alias(users, 'salesperson');
const designer = alias(users, 'designer');

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

export type TOrderListOptions = TItemListOptions<TOrderStatus>;

const listColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  promisedDate: orders.promisedDate,
  number: orders.orderNumber,
  searchText: orders.searchText,
  status: orders.status,
  isRush: orders.isRush,
  pickupLocationId: orders.pickupLocationId,
};

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
      return nextItemNumber(db, 'order');
    },

    async insert(values: TNewOrderRow): Promise<TOrderRow> {
      return insertedRow(await db.insert(orders).values(values).returning(), 'orders');
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

    /** A named customer's name; undefined when there is no such customer. */
    findCustomerName: (customerId: string) => findCustomerName(db, customerId),

    /** A product or metal type's name and whether it is still offered; undefined when there is none. */
    async findCatalogType(
      type: 'productType' | 'metalType',
      id: string,
    ): Promise<{ name: string; isActive: boolean } | undefined> {
      const table = type === 'productType' ? productTypes : metalTypes;
      const [row] = await db
        .select({ name: table.name, isActive: table.isActive })
        .from(table)
        .where(eq(table.id, id))
        .limit(1);
      return row;
    },

    async designExists(designId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: designs.id })
        .from(designs)
        .where(eq(designs.id, designId))
        .limit(1);
      return row !== undefined;
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return row !== undefined;
    },

    async findJoined(id: string) {
      const [row] = await joined().where(eq(orders.id, id)).limit(1);
      return row;
    },

    /** One page (limit + 1 rows, the extra one says there is more) and the total of the filtered list. */
    async list(options: TOrderListOptions) {
      const filter = itemListFilter('order', listColumns, options);
      const [rows, [total]] = await Promise.all([
        joined()
          .where(and(filter, itemAfter(listColumns, options.after)))
          .orderBy(...itemOrderBy(listColumns, options.sort))
          .limit(options.limit + 1),
        db.select({ value: count() }).from(orders).where(filter),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type TOrdersRepository = ReturnType<typeof createOrdersRepository>;
export type TOrderJoinedRow = NonNullable<Awaited<ReturnType<TOrdersRepository['findJoined']>>>;

import { likePattern } from '@loupe/domain/api/list';
import { customerSearchTerms } from '@loupe/domain/customers/customer';
import { orderSearchText } from '@loupe/domain/orders/order';
import { repairSearchText } from '@loupe/domain/repairs/repair';
import { and, count, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { insertedRow } from '../../db/inserted-row.ts';
import { customers } from '../../db/schema/catalog.ts';
import { orders, repairs } from '../../db/schema/jobs.ts';

export type TCustomerRow = typeof customers.$inferSelect;
export type TNewCustomerRow = typeof customers.$inferInsert;
export type TCustomerListRow = TCustomerRow & { readonly sortName: string };

const sortName = sql<string>`lower(${customers.name})`;

/** Rows of `customers`; pass a transaction to write together with other changes. */
export function createCustomersRepository(db: TDatabase) {
  return {
    async findById(id: string): Promise<TCustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },

    async insert(values: TNewCustomerRow): Promise<TCustomerRow> {
      return insertedRow(await db.insert(customers).values(values).returning(), 'customers');
    },

    async update(id: string, values: Partial<TNewCustomerRow>): Promise<TCustomerRow | undefined> {
      const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
      return row;
    },

    /** By name (case-insensitive), then id; `q` matches name, e-mail or phone digits through search_text. */
    async list(options: {
      q?: string | undefined;
      limit: number;
      after?: { value: string; id: string } | undefined;
    }): Promise<{ rows: TCustomerListRow[]; total: number }> {
      const terms = customerSearchTerms(options.q ?? '');
      const filter =
        terms.length > 0
          ? or(...terms.map((term) => like(customers.searchText, likePattern(term))))
          : undefined;
      const after: SQL | undefined = options.after
        ? sql`(${sortName}, ${customers.id}) > (${options.after.value}, ${options.after.id}::uuid)`
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ customer: customers, sortName })
          .from(customers)
          .where(and(filter, after))
          .orderBy(sortName, customers.id)
          .limit(options.limit + 1),
        db.select({ value: count() }).from(customers).where(filter),
      ]);
      return {
        rows: rows.map((row) => ({ ...row.customer, sortName: row.sortName })),
        total: total?.value ?? 0,
      };
    },

    /**
     * The search text of the customer's orders and repairs holds their name: rewritten when it changes, in
     * the caller's transaction. Computed here rather than in SQL so it is lower-cased exactly as the
     * searches are (JavaScript's toLowerCase, whatever the database's locale).
     */
    async refreshItemSearchText(customerId: string, customerName: string): Promise<void> {
      const orderRows = await db
        .select({ id: orders.id, orderNumber: orders.orderNumber, description: orders.description })
        .from(orders)
        .where(eq(orders.customerId, customerId));
      const repairRows = await db
        .select({
          id: repairs.id,
          repairNumber: repairs.repairNumber,
          itemDescription: repairs.itemDescription,
        })
        .from(repairs)
        .where(eq(repairs.customerId, customerId));
      const orderTexts = orderRows.map((row) => ({
        id: row.id,
        text: orderSearchText({ ...row, customerName }),
      }));
      const repairTexts = repairRows.map((row) => ({
        id: row.id,
        text: repairSearchText({ ...row, customerName }),
      }));
      for (const chunk of chunks(orderTexts, 500)) {
        await db.execute(
          sql`update ${orders} set search_text = v.text from (values ${valuesList(chunk)}) as v(id, text) where ${orders.id} = v.id`,
        );
      }
      for (const chunk of chunks(repairTexts, 500)) {
        await db.execute(
          sql`update ${repairs} set search_text = v.text from (values ${valuesList(chunk)}) as v(id, text) where ${repairs.id} = v.id`,
        );
      }
    },
  };
}

function valuesList(rows: readonly { id: string; text: string }[]): SQL {
  return sql.join(
    rows.map((row) => sql`(${row.id}::uuid, ${row.text}::text)`),
    sql`, `,
  );
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

export type TCustomersRepository = ReturnType<typeof createCustomersRepository>;

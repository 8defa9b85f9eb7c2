import type { TDesignRequestStatus } from '@loupe/domain/designs/design-requests';
import { FINISHED_ORDER_STATUSES } from '@loupe/domain/orders/order';
import { and, asc, desc, eq, isNotNull, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client.ts';
import { insertedRow } from '../../db/inserted-row.ts';
import { customers } from '../../db/schema/catalog.ts';
import { designRequests, designRevisions } from '../../db/schema/design-requests.ts';
import { orders } from '../../db/schema/jobs.ts';
import { users } from '../../db/schema/users.ts';

export type TDesignRequestRowBase = typeof designRequests.$inferSelect;
export type TDesignRevisionRow = typeof designRevisions.$inferSelect;

type TPersonRow = {
  id: string;
  email: string;
  name: string | null;
  firstName: string;
  lastName: string;
  role: string;
};

/** A request with what the queue shows of its order: number, status, customer, salesperson, due date. */
export type TDesignRequestRow = TDesignRequestRowBase & {
  orderNumber: string;
  orderStatus: string;
  customerName: string;
  salespersonId: string | null;
  designer: TPersonRow | null;
  salesperson: TPersonRow | null;
  effectiveDueDate: string | null;
  revisionCount: number;
};

/** A left-joined person: drizzle types each column nullable; no id means nobody. */
function toPerson(row: { [K in keyof TPersonRow]: TPersonRow[K] | null } | null): TPersonRow | null {
  if (
    !row?.id ||
    row.email === null ||
    row.firstName === null ||
    row.lastName === null ||
    row.role === null
  ) {
    return null;
  }
  return {
    ...row,
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
  };
}

const designer = alias(users, 'designer');
const salesperson = alias(users, 'salesperson');

function personColumns(table: typeof designer | typeof salesperson) {
  return {
    id: table.id,
    email: table.email,
    name: table.name,
    firstName: table.firstName,
    lastName: table.lastName,
    role: table.role,
  };
}

// Spelled out: due dates come from the request, else an open design-phase assignment, else the promise.
const effectiveDueDate = sql<string | null>`coalesce(
  ${designRequests.dueDate}::text,
  (select to_char(min(wa.due_at) at time zone 'UTC', 'YYYY-MM-DD') from workflow_assignments wa
    where wa.item_kind = 'order' and wa.item_id = ${designRequests.orderId}
      and wa.phase_key in ('design', 'approval') and wa.status = 'open'),
  ${orders.promisedDate}::text
)`;
const revisionCount = sql<number>`(select count(*) from design_revisions r where r.request_id = ${designRequests.id})::int`;

export type TDesignRequestFilter = {
  readonly status?: TDesignRequestStatus | undefined;
  /** Only the orders of this salesperson (their customers). */
  readonly salespersonId?: string | undefined;
  /** Only requests assigned to this designer or to nobody. */
  readonly designerOrNobody?: string | undefined;
  /** Only this order's request, finished or not. */
  readonly orderId?: string | undefined;
};

export function createDesignsRepository(db: TDatabase) {
  function selectRequests(where: SQL | undefined) {
    return db
      .select({
        request: designRequests,
        orderNumber: orders.orderNumber,
        orderStatus: orders.status,
        customerName: customers.name,
        salespersonId: orders.salespersonId,
        designer: personColumns(designer),
        salesperson: personColumns(salesperson),
        effectiveDueDate,
        revisionCount,
      })
      .from(designRequests)
      .innerJoin(orders, eq(orders.id, designRequests.orderId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(designer, eq(designer.id, designRequests.designerId))
      .leftJoin(salesperson, eq(salesperson.id, orders.salespersonId))
      .where(where);
  }

  type TSelected = Awaited<ReturnType<typeof selectRequests>>[number];
  const toRow = (row: TSelected): TDesignRequestRow => ({
    ...row.request,
    orderNumber: row.orderNumber,
    orderStatus: row.orderStatus,
    customerName: row.customerName,
    salespersonId: row.salespersonId,
    designer: toPerson(row.designer),
    salesperson: toPerson(row.salesperson),
    effectiveDueDate: row.effectiveDueDate,
    revisionCount: row.revisionCount,
  });

  return {
    async listRequests(filter: TDesignRequestFilter): Promise<TDesignRequestRow[]> {
      const rows = await selectRequests(
        and(
          // A delivered or cancelled order's request is history, not work: the queue leaves it out. Asked for
          // by its order, it is still that order's design.
          filter.orderId
            ? eq(designRequests.orderId, filter.orderId)
            : notInArray(orders.status, [...FINISHED_ORDER_STATUSES]),
          filter.status ? eq(designRequests.status, filter.status) : undefined,
          filter.salespersonId ? eq(orders.salespersonId, filter.salespersonId) : undefined,
          filter.designerOrNobody
            ? or(eq(designRequests.designerId, filter.designerOrNobody), isNull(designRequests.designerId))
            : undefined,
        ),
      ).orderBy(
        sql`${effectiveDueDate} asc nulls last`,
        asc(designRequests.createdAt),
        asc(designRequests.id),
      );
      return rows.map(toRow);
    },

    async findRequest(id: string): Promise<TDesignRequestRow | undefined> {
      const [row] = await selectRequests(eq(designRequests.id, id)).limit(1);
      return row ? toRow(row) : undefined;
    },

    /** Locks the request's row for the rest of the transaction (two decisions or revisions at once). */
    async lockRequest(id: string): Promise<TDesignRequestRowBase | undefined> {
      const [row] = await db.select().from(designRequests).where(eq(designRequests.id, id)).for('update');
      return row;
    },

    /** Whether a designer given to a request exists (as the orders module checks its people). */
    async userExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      return row !== undefined;
    },

    /** What opening a request needs of its order: that it exists, and whose customer it is. */
    async findOrder(id: string): Promise<{ id: string; salespersonId: string | null } | undefined> {
      const [row] = await db
        .select({ id: orders.id, salespersonId: orders.salespersonId })
        .from(orders)
        .where(eq(orders.id, id))
        .limit(1);
      return row;
    },

    async findRequestOfOrder(orderId: string): Promise<TDesignRequestRowBase | undefined> {
      const [row] = await db
        .select()
        .from(designRequests)
        .where(eq(designRequests.orderId, orderId))
        .limit(1);
      return row;
    },

    async insertRequest(values: typeof designRequests.$inferInsert): Promise<TDesignRequestRowBase> {
      return insertedRow(await db.insert(designRequests).values(values).returning(), 'design_requests');
    },

    async updateRequest(
      id: string,
      values: Partial<typeof designRequests.$inferInsert>,
    ): Promise<TDesignRequestRowBase | undefined> {
      const [row] = await db.update(designRequests).set(values).where(eq(designRequests.id, id)).returning();
      return row;
    },

    /** Newest first, with who made each. */
    async listRevisions(requestId: string): Promise<(TDesignRevisionRow & { author: TPersonRow | null })[]> {
      const rows = await db
        .select({ revision: designRevisions, author: personColumns(designer) })
        .from(designRevisions)
        .leftJoin(designer, eq(designer.id, designRevisions.createdBy))
        .where(eq(designRevisions.requestId, requestId))
        .orderBy(desc(designRevisions.number));
      return rows.map((row) => ({ ...row.revision, author: toPerson(row.author) }));
    },

    async findRevision(id: string): Promise<TDesignRevisionRow | undefined> {
      const [row] = await db.select().from(designRevisions).where(eq(designRevisions.id, id)).limit(1);
      return row;
    },

    /** The next number is taken under the request's row lock (lockRequest), so two never share one. */
    async insertRevision(values: {
      requestId: string;
      notes: string;
      createdBy: string;
      createdAt: Date;
    }): Promise<TDesignRevisionRow> {
      const [row] = await db
        .insert(designRevisions)
        .values({
          ...values,
          number: sql`(select coalesce(max(number), 0) + 1 from design_revisions where request_id = ${values.requestId})`,
        })
        .returning();
      if (!row) throw new Error('insert into design_revisions returned no row');
      return row;
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db.update(designRevisions).set({ sentAt: at }).where(eq(designRevisions.id, id));
    },

    /** The highest number of the request's revisions sent to the customer, or null when none was. */
    async newestSentNumber(requestId: string): Promise<number | null> {
      const [row] = await db
        .select({ number: sql<number | null>`max(${designRevisions.number})` })
        .from(designRevisions)
        .where(and(eq(designRevisions.requestId, requestId), isNotNull(designRevisions.sentAt)));
      return row?.number ?? null;
    },

    /** Writes the customer's answer once, with the name they typed: undefined when answered already. */
    async decide(
      id: string,
      answer: { decision: string; comment: string; name: string; at: Date },
    ): Promise<TDesignRevisionRow | undefined> {
      const [row] = await db
        .update(designRevisions)
        .set({
          decision: answer.decision,
          decisionComment: answer.comment,
          decidedByName: answer.name,
          decidedAt: answer.at,
        })
        .where(and(eq(designRevisions.id, id), isNull(designRevisions.decision)))
        .returning();
      return row;
    },
  };
}

export type TDesignsRepository = ReturnType<typeof createDesignsRepository>;

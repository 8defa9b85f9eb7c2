import type { TPublicJobKind } from '@loupe/domain/public-tracking/public-tracking';
import { and, eq, isNull } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { customers } from '../../db/schema/catalog.ts';
import { orders, repairs } from '../../db/schema/jobs.ts';
import { trackingLinks } from '../../db/schema/public-links.ts';
import { trackedItems } from '../../db/schema/tracking.ts';

/** What the public page and customer messages need of a job: nothing about money, notes or staff. */
export type TJobFacts = {
  readonly kind: TPublicJobKind;
  readonly id: string;
  readonly number: string;
  readonly status: string;
  readonly promisedDate: string | null;
  readonly createdAt: Date;
  /** Sent out on purpose (an expected offsite that was detected): "with a specialist". */
  readonly isWithSpecialist: boolean;
  readonly customer: {
    readonly id: string;
    readonly name: string;
    readonly phone: string | null;
    readonly email: string | null;
    readonly contactPreferences: readonly string[];
  };
};

export function createPublicLinksRepository(db: TDatabase) {
  return {
    async findJob(kind: TPublicJobKind, id: string): Promise<TJobFacts | undefined> {
      const table = kind === 'order' ? orders : repairs;
      const number = kind === 'order' ? orders.orderNumber : repairs.repairNumber;
      const [row] = await db
        .select({
          id: table.id,
          number,
          status: table.status,
          promisedDate: table.promisedDate,
          createdAt: table.createdAt,
          customerId: customers.id,
          customerName: customers.name,
          phone: customers.phone,
          email: customers.email,
          contactPreferences: customers.contactPreferences,
          trackedStatus: trackedItems.status,
          expectedOffsite: trackedItems.expectedOffsite,
        })
        .from(table)
        .innerJoin(customers, eq(customers.id, table.customerId))
        .leftJoin(trackedItems, and(eq(trackedItems.itemKind, kind), eq(trackedItems.itemId, table.id)))
        .where(eq(table.id, id))
        .limit(1);
      if (!row) return undefined;
      return {
        kind,
        id: row.id,
        number: row.number,
        status: row.status,
        promisedDate: row.promisedDate,
        createdAt: row.createdAt,
        isWithSpecialist: row.trackedStatus === 'offsite' && row.expectedOffsite === true,
        customer: {
          id: row.customerId,
          name: row.customerName,
          phone: row.phone,
          email: row.email,
          contactPreferences: row.contactPreferences,
        },
      };
    },

    /** `kind`: a job kind, or another capability's (`design-revision`, docs/decisions/010). */
    async liveLink(kind: string, itemId: string) {
      const [row] = await db
        .select()
        .from(trackingLinks)
        .where(
          and(
            eq(trackingLinks.itemKind, kind),
            eq(trackingLinks.itemId, itemId),
            isNull(trackingLinks.revokedAt),
          ),
        )
        .limit(1);
      return row;
    },

    async liveLinkByHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(trackingLinks)
        .where(and(eq(trackingLinks.tokenHash, tokenHash), isNull(trackingLinks.revokedAt)))
        .limit(1);
      return row;
    },

    /** A token's link, live or revoked: an approval link says why it no longer opens (issue 35 §7). */
    async linkByHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(trackingLinks)
        .where(eq(trackingLinks.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async insert(values: typeof trackingLinks.$inferInsert) {
      const [row] = await db.insert(trackingLinks).values(values).returning();
      if (!row) throw new Error('tracking link not inserted');
      return row;
    },

    /** Revokes the job's live link; answers whether there was one. */
    async revoke(kind: string, itemId: string, at: Date, by: string | null): Promise<boolean> {
      const rows = await db
        .update(trackingLinks)
        .set({ revokedAt: at, revokedBy: by })
        .where(
          and(
            eq(trackingLinks.itemKind, kind),
            eq(trackingLinks.itemId, itemId),
            isNull(trackingLinks.revokedAt),
          ),
        )
        .returning({ id: trackingLinks.id });
      return rows.length > 0;
    },
  };
}

export type TPublicLinksRepository = ReturnType<typeof createPublicLinksRepository>;

import type { TLlrpConnectionState, TLlrpSettings } from '@loupe/domain/registry/llrp';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { readerLeases, readerLlrpSettings } from '../../db/schema/llrp.ts';
import { readers } from '../../db/schema/registry.ts';
import { inTransaction } from '../../db/transaction.ts';

export type TLlrpSettingsRow = typeof readerLlrpSettings.$inferSelect;

/** What the connection of a reader came to, as its holder writes it down. */
export type TLlrpConnectionPatch = {
  readonly state?: TLlrpConnectionState;
  readonly lastError?: string | null;
  readonly lastReportAt?: Date;
  readonly manufacturer?: string;
  readonly model?: string;
  readonly firmware?: string;
  readonly antennaCount?: number;
};

/** SQL of LLRP readers: their settings, what their connection is doing, and who holds it (issue 40). */
export function createLlrpRepository(db: TDatabase) {
  return {
    /** Every reader of kind llrp that has settings: the ones Loupe keeps a connection to. */
    listConfigured(): Promise<{ readerId: string; name: string; settings: TLlrpSettings }[]> {
      return db
        .select({ readerId: readers.id, name: readers.name, settings: readerLlrpSettings.settings })
        .from(readerLlrpSettings)
        .innerJoin(readers, eq(readers.id, readerLlrpSettings.readerId))
        .where(eq(readers.kind, 'llrp'))
        .orderBy(readers.id);
    },

    /** The settings and connection, with the instance whose lease has not expired (database time). */
    async find(readerId: string): Promise<(TLlrpSettingsRow & { heldBy: string | null }) | undefined> {
      const [row] = await db
        .select({ settings: readerLlrpSettings, heldBy: readerLeases.holder })
        .from(readerLlrpSettings)
        .leftJoin(
          readerLeases,
          and(eq(readerLeases.readerId, readerLlrpSettings.readerId), sql`${readerLeases.expiresAt} > now()`),
        )
        .where(eq(readerLlrpSettings.readerId, readerId));
      return row ? { ...row.settings, heldBy: row.heldBy } : undefined;
    },

    async save(readerId: string, settings: TLlrpSettings, at: Date): Promise<void> {
      await db
        .insert(readerLlrpSettings)
        .values({ readerId, settings, updatedAt: at })
        .onConflictDoUpdate({ target: readerLlrpSettings.readerId, set: { settings, updatedAt: at } });
    },

    async record(readerId: string, patch: TLlrpConnectionPatch): Promise<void> {
      await db.update(readerLlrpSettings).set(patch).where(eq(readerLlrpSettings.readerId, readerId));
    },

    /**
     * Takes or renews a reader's lease in one statement: it is ours if nobody holds it, we hold it, or its
     * holder let it expire. Times are the database's, the one clock every instance shares (theirs may
     * differ). True when it is ours for `leaseMs` from now.
     */
    async claimLease(readerId: string, holder: string, leaseMs: number): Promise<boolean> {
      const expiresAt = sql`now() + ${Math.round(leaseMs)}::int * interval '1 millisecond'`;
      const rows = await db
        .insert(readerLeases)
        .values({ readerId, holder, expiresAt })
        .onConflictDoUpdate({
          target: readerLeases.readerId,
          set: { holder: sql`excluded.holder`, expiresAt: sql`excluded.expires_at` },
          setWhere: sql`${readerLeases.holder} = excluded.holder or ${readerLeases.expiresAt} <= now()`,
        })
        .returning({ holder: readerLeases.holder });
      return rows.length === 1;
    },

    /** Gives the leases back on a clean stop, so another instance takes the readers at once. */
    async releaseLeases(holder: string, readerIds: readonly string[]): Promise<void> {
      if (readerIds.length === 0) return;
      await db
        .delete(readerLeases)
        .where(and(eq(readerLeases.holder, holder), inArray(readerLeases.readerId, [...readerIds])));
    },

    /** The reader's status on the mapping screen; a heartbeat when it is online. */
    setReaderStatus(readerId: string, status: TReaderStatus, at: Date) {
      return setReaderStatusOn(db, readerId, status, at);
    },

    /**
     * What the connection came to and, with it, the reader's status, in one transaction: the mapping screen
     * and the reader's settings never disagree about a connection.
     */
    recordWithStatus(readerId: string, patch: TLlrpConnectionPatch, status: TReaderStatus, at: Date) {
      return inTransaction(db, async (tx) => {
        await tx.update(readerLlrpSettings).set(patch).where(eq(readerLlrpSettings.readerId, readerId));
        return setReaderStatusOn(tx, readerId, status, at);
      });
    },
  };
}

type TReaderStatus = 'online' | 'offline' | 'error';

async function setReaderStatusOn(
  db: TDatabase,
  readerId: string,
  status: TReaderStatus,
  at: Date,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .update(readers)
    .set(status === 'online' ? { status, lastHeartbeat: at } : { status })
    .where(eq(readers.id, readerId))
    .returning({ id: readers.id, name: readers.name });
  return row;
}

export type TLlrpRepository = ReturnType<typeof createLlrpRepository>;

import type { TJobKind } from '@loupe/domain/jobs/job-views';
import type { TSignaturePurpose } from '@loupe/domain/jobs/materials';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { orders, repairs } from '../../db/schema/jobs.ts';
import { jobSignatures, materialEntries, materialLines } from '../../db/schema/materials.ts';
import { personsById, type TPersonNameRow } from '../users/repository.ts';

export type TMaterialLineRow = typeof materialLines.$inferSelect;
export type TMaterialEntryRow = typeof materialEntries.$inferSelect;
export type TJobSignatureRow = typeof jobSignatures.$inferSelect;
export type TNewMaterialLine = typeof materialLines.$inferInsert;
export type TNewMaterialEntry = typeof materialEntries.$inferInsert;
export type TNewJobSignature = typeof jobSignatures.$inferInsert;

/** The SQL of a job's materials: its lines, their ledger and the customer's signatures. */
export function createMaterialsRepository(db: TDatabase) {
  return {
    /** The job's number and status, locked when `forUpdate`: a pickup and a status change wait for each other. */
    async findJob(kind: TJobKind, id: string, forUpdate = false) {
      const query =
        kind === 'order'
          ? db
              .select({ id: orders.id, number: orders.orderNumber, status: orders.status })
              .from(orders)
              .where(eq(orders.id, id))
          : db
              .select({ id: repairs.id, number: repairs.repairNumber, status: repairs.status })
              .from(repairs)
              .where(eq(repairs.id, id));
      const [row] = await (forUpdate ? query.for('update') : query);
      return row ?? null;
    },

    async lines(kind: TJobKind, itemId: string): Promise<TMaterialLineRow[]> {
      return db
        .select()
        .from(materialLines)
        .where(and(eq(materialLines.itemKind, kind), eq(materialLines.itemId, itemId)))
        .orderBy(asc(materialLines.position));
    },

    async line(id: string): Promise<TMaterialLineRow | null> {
      const [row] = await db.select().from(materialLines).where(eq(materialLines.id, id));
      return row ?? null;
    },

    async entriesOf(lineIds: readonly string[]): Promise<TMaterialEntryRow[]> {
      if (lineIds.length === 0) return [];
      return db
        .select()
        .from(materialEntries)
        .where(inArray(materialEntries.lineId, [...lineIds]))
        .orderBy(asc(materialEntries.seq));
    },

    async nextPosition(kind: TJobKind, itemId: string): Promise<number> {
      const [row] = await db
        .select({ last: max(materialLines.position) })
        .from(materialLines)
        .where(and(eq(materialLines.itemKind, kind), eq(materialLines.itemId, itemId)));
      return (row?.last ?? -1) + 1;
    },

    async insertLine(line: TNewMaterialLine): Promise<TMaterialLineRow> {
      const [row] = await db.insert(materialLines).values(line).returning();
      if (!row) throw new Error('material line not inserted');
      return row;
    },

    async insertEntries(entries: readonly TNewMaterialEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db.insert(materialEntries).values([...entries]);
    },

    async insertSignature(signature: TNewJobSignature): Promise<TJobSignatureRow> {
      const [row] = await db.insert(jobSignatures).values(signature).returning();
      if (!row) throw new Error('signature not inserted');
      return row;
    },

    async signatures(
      kind: TJobKind,
      itemId: string,
      purpose?: TSignaturePurpose,
    ): Promise<TJobSignatureRow[]> {
      return db
        .select()
        .from(jobSignatures)
        .where(
          and(
            eq(jobSignatures.itemKind, kind),
            eq(jobSignatures.itemId, itemId),
            purpose === undefined ? undefined : eq(jobSignatures.purpose, purpose),
          ),
        )
        .orderBy(asc(jobSignatures.signedAt));
    },

    async namesOf(ids: readonly string[]): Promise<Map<string, TPersonNameRow>> {
      return personsById(db, ids);
    },
  };
}

export type TMaterialsRepository = ReturnType<typeof createMaterialsRepository>;

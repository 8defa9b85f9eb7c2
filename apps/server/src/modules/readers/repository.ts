import { likePattern } from '@loupe/domain/api/list';
import type { TAntennaMapping } from '@loupe/domain/registry/readers';
import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { departments, readerAntennas, readers, stations } from '../../db/schema/registry.ts';
import { rfidReads } from '../../db/schema/rfid.ts';
import { sha256 } from '../../lib/crypto.ts';

export type TReaderRow = typeof readers.$inferSelect;
export type TNewReaderRow = typeof readers.$inferInsert;

/** Reader + antenna → department + station, or a tag-assignment antenna (spec §3), with names for screens. */
const mappingColumns = {
  readerId: readerAntennas.readerId,
  antenna: readerAntennas.antenna,
  departmentId: readerAntennas.departmentId,
  departmentName: departments.name,
  stationId: readerAntennas.stationId,
  stationName: stations.name,
  isTagAssignment: readerAntennas.isTagAssignment,
  updatedAt: readerAntennas.updatedAt,
};

type TMappingRow = {
  readerId: string;
  antenna: number;
  departmentId: string | null;
  departmentName: string | null;
  stationId: string | null;
  stationName: string | null;
  isTagAssignment: boolean;
  updatedAt: Date;
};

function toMapping(row: TMappingRow): TAntennaMapping {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** SQL of readers and their antenna mappings. */
export function createReadersRepository(db: TDatabase) {
  async function mappings(where?: SQL): Promise<TAntennaMapping[]> {
    const rows = await db
      .select(mappingColumns)
      .from(readerAntennas)
      .leftJoin(departments, eq(departments.id, readerAntennas.departmentId))
      .leftJoin(stations, eq(stations.id, readerAntennas.stationId))
      .where(where)
      .orderBy(readerAntennas.readerId, readerAntennas.antenna);
    return rows.map(toMapping);
  }

  return {
    async list(options: { q?: string | undefined }): Promise<TReaderRow[]> {
      const pattern = options.q ? likePattern(options.q) : undefined;
      return db
        .select()
        .from(readers)
        .where(pattern ? or(ilike(readers.id, pattern), ilike(readers.name, pattern)) : undefined);
    },

    /** Each antenna's newest read: one row per reader and antenna, along rfid_reads' (reader, antenna, time) index. */
    async lastReads(): Promise<{ readerId: string; antenna: number; epc: string; lastSeenAt: Date }[]> {
      return db
        .selectDistinctOn([rfidReads.readerId, rfidReads.antenna], {
          readerId: rfidReads.readerId,
          antenna: rfidReads.antenna,
          epc: rfidReads.epc,
          lastSeenAt: rfidReads.lastSeenAt,
        })
        .from(rfidReads)
        .orderBy(rfidReads.readerId, rfidReads.antenna, desc(rfidReads.readAt));
    },

    async find(id: string): Promise<TReaderRow | undefined> {
      const [row] = await db.select().from(readers).where(eq(readers.id, id)).limit(1);
      return row;
    },

    /**
     * The reader an HTTP ingest key belongs to. Looked up by the key's SHA-256 digest, so the comparison
     * never touches the key itself and takes the same time however much of a wrong key matches.
     */
    async findReaderByApiKey(apiKey: string): Promise<TReaderRow | undefined> {
      if (apiKey === '') return undefined;
      const [row] = await db
        .select()
        .from(readers)
        .where(eq(readers.apiKeyHash, sha256(apiKey)))
        .limit(1);
      return row;
    },

    /** Undefined when the id is taken. */
    async insert(values: TNewReaderRow): Promise<TReaderRow | undefined> {
      const [row] = await db
        .insert(readers)
        .values(values)
        .onConflictDoNothing({ target: readers.id })
        .returning();
      return row;
    },

    async update(
      id: string,
      changes: Partial<Pick<TNewReaderRow, 'name' | 'kind' | 'apiKeyHash' | 'apiKeyPrefix' | 'updatedAt'>>,
    ): Promise<TReaderRow | undefined> {
      const [row] = await db.update(readers).set(changes).where(eq(readers.id, id)).returning();
      return row;
    },

    /** Its antenna mappings go with it (ON DELETE CASCADE). */
    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(readers).where(eq(readers.id, id)).returning({ id: readers.id });
      return rows.length > 0;
    },

    /** Every mapping of the workshop, for the RFID ingestion's resolver and the mapping screen. */
    listAntennaMappings(): Promise<TAntennaMapping[]> {
      return mappings();
    },

    antennasOf(readerIds: readonly string[]): Promise<TAntennaMapping[]> {
      if (readerIds.length === 0) return Promise.resolve([]);
      return mappings(inArray(readerAntennas.readerId, [...readerIds]));
    },

    async findAntenna(readerId: string, antenna: number): Promise<TAntennaMapping | undefined> {
      const [row] = await mappings(
        and(eq(readerAntennas.readerId, readerId), eq(readerAntennas.antenna, antenna)),
      );
      return row;
    },

    async upsertAntenna(values: typeof readerAntennas.$inferInsert): Promise<void> {
      const { readerId: _readerId, antenna: _antenna, ...changes } = values;
      await db
        .insert(readerAntennas)
        .values(values)
        .onConflictDoUpdate({ target: [readerAntennas.readerId, readerAntennas.antenna], set: changes });
    },

    async deleteAntenna(readerId: string, antenna: number): Promise<boolean> {
      const rows = await db
        .delete(readerAntennas)
        .where(and(eq(readerAntennas.readerId, readerId), eq(readerAntennas.antenna, antenna)))
        .returning({ readerId: readerAntennas.readerId });
      return rows.length > 0;
    },

    /** The station with its department, to check that a mapping names a station of its department. */
    async findStation(id: string): Promise<{ id: string; departmentId: string } | undefined> {
      const [row] = await db
        .select({ id: stations.id, departmentId: stations.departmentId })
        .from(stations)
        .where(eq(stations.id, id))
        .limit(1);
      return row;
    },

    async departmentExists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(eq(departments.id, id))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type TReadersRepository = ReturnType<typeof createReadersRepository>;

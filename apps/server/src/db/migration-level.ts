import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The committed migrations (drizzle-kit's output), applied in order and only forward. */
export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

const ZJournalSchema = z.object({
  entries: z.array(z.object({ idx: z.number(), when: z.number(), tag: z.string() })),
});

export type TJournalEntry = z.infer<typeof ZJournalSchema>['entries'][number];

/** The migrations this Loupe knows, oldest first (drizzle/meta/_journal.json). */
export function migrationJournal(folder = MIGRATIONS_FOLDER): readonly TJournalEntry[] {
  const journal = ZJournalSchema.parse(
    JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')),
  );
  return journal.entries;
}

/**
 * How far a database is migrated: how many migrations it has applied and the newest (drizzle's migrator
 * records each with the journal's `when` as `created_at`). `lastTag` is null when this Loupe does not know
 * that migration (a newer release applied it) or none was applied.
 */
export type TMigrationLevel = {
  readonly applied: number;
  readonly lastAppliedAt: number | null;
  readonly lastTag: string | null;
};

export const ZMigrationLevelSchema = z.object({
  applied: z.number().int().min(0),
  lastAppliedAt: z.number().nullable(),
  lastTag: z.string().nullable(),
});

/** A client, a pool, or a drizzle handle's `execute` wrapped as one. */
export type TQueryable = { query(text: string): Promise<{ rows: unknown[] }> };

/** Reads the level from drizzle's own table; an empty database is at level 0. */
export async function migrationLevelOf(
  client: TQueryable,
  journal: readonly TJournalEntry[] = migrationJournal(),
): Promise<TMigrationLevel> {
  const exists = await client.query(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS "table"`);
  if (!(exists.rows[0] as { table: string | null } | undefined)?.table) {
    return { applied: 0, lastAppliedAt: null, lastTag: null };
  }
  const result = await client.query(
    'SELECT count(*)::int AS applied, max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
  );
  const row = result.rows[0] as { applied: number; last: string | null } | undefined;
  const lastAppliedAt = row?.last ? Number(row.last) : null;
  return {
    applied: row?.applied ?? 0,
    lastAppliedAt,
    lastTag: journal.find((entry) => entry.when === lastAppliedAt)?.tag ?? null,
  };
}

/** A database migrated by a newer Loupe than this one: starting would run old code on a newer schema. */
export class DatabaseNewerError extends Error {
  readonly code = 'DATABASE_NEWER_THAN_LOUPE';
  override readonly name = 'DatabaseNewerError';
}

/** Throws DatabaseNewerError when the database has a migration this Loupe does not have. */
export function checkNotNewer(
  level: TMigrationLevel,
  journal: readonly TJournalEntry[] = migrationJournal(),
): void {
  const last = journal.at(-1);
  const isNewer =
    level.applied > journal.length ||
    (level.lastAppliedAt !== null && (last === undefined || level.lastAppliedAt > last.when));
  if (!isNewer) return;
  throw new DatabaseNewerError(
    `the database was migrated by a newer Loupe (${level.applied} migrations applied, the newest not known ` +
      `here; this Loupe knows ${journal.length}, up to ${last?.tag ?? 'none'}). Start the newer Loupe again, ` +
      'or restore a backup made by this version (docs/deployment.md).',
  );
}

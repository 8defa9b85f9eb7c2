import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { settings } from '../../db/schema/system.ts';

export function createSettingsRepository(db: TDatabase) {
  return {
    /** The stored section parsed by its schema; a missing or unparsable value falls back to the defaults (spec §5). */
    async read<T>(key: string, schema: z.ZodType<T>, defaults: Record<string, unknown> = {}): Promise<T> {
      const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
      const stored = typeof row?.value === 'object' && row.value !== null ? row.value : {};
      const parsed = schema.safeParse({ ...defaults, ...stored });
      return parsed.success ? parsed.data : schema.parse(defaults);
    },

    async write(key: string, value: unknown, updatedBy: string | null): Promise<void> {
      await db
        .insert(settings)
        .values({ key, value, updatedBy, updatedAt: new Date() })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy, updatedAt: new Date() } });
    },

    /**
     * Whether the database knows this time zone: every date the analytics and the workflow count in the
     * workshop's zone is converted there. Node's Intl accepts a few names PostgreSQL has dropped
     * (US/Pacific-New).
     */
    async isTimeZoneKnown(name: string): Promise<boolean> {
      const { rows } = (await db.execute(
        sql`select exists (select 1 from pg_timezone_names where name = ${name}) as known`,
      )) as { rows: { known: boolean }[] };
      return rows[0]?.known === true;
    },
  };
}

export type TSettingsRepository = ReturnType<typeof createSettingsRepository>;

import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

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
  };
}

export type TSettingsRepository = ReturnType<typeof createSettingsRepository>;

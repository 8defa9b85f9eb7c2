import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { settings } from '../../db/schema/system.ts';

/** The settings table's key of the EPCIS capture: its settings and its progress, one document. */
export const EPCIS_CAPTURE_SETTINGS_KEY = 'epcis-capture';

const date = z.iso.datetime({ offset: true }).nullable().catch(null);
const count = z.number().int().nonnegative().catch(0);

/**
 * What is stored. The admin's fields (url … allowPrivateNetwork) and the sweep's (the rest) are written by
 * merging only one's own keys, so a save and a sweep at the same moment never undo each other. The Authorization
 * value is sealed for the URL it was entered for (lib/bound-secret.ts); `npm run reseal` finds it like any
 * sealed value in a settings document.
 */
export const ZStoredEpcisCaptureSchema = z.object({
  url: z.string().catch(''),
  enabled: z.boolean().catch(false),
  authorizationSealed: z.string().min(1).nullable().catch(null),
  allowPrivateNetwork: z.boolean().catch(false),
  /** The last arrival (location_history.id) and change (item_changes.id) the repository accepted. */
  moveId: count,
  changeId: count,
  attempts: count,
  nextAttemptAt: date,
  leaseUntil: date,
  lastCaptureAt: date,
  lastError: z.string().nullable().catch(null),
});
export type TStoredEpcisCapture = z.infer<typeof ZStoredEpcisCaptureSchema>;

export function createEpcisCaptureRepository(db: TDatabase) {
  const parse = (value: unknown) =>
    ZStoredEpcisCaptureSchema.parse(typeof value === 'object' && value !== null ? value : {});

  return {
    async read(): Promise<TStoredEpcisCapture> {
      const [row] = await db
        .select()
        .from(settings)
        .where(eq(settings.key, EPCIS_CAPTURE_SETTINGS_KEY))
        .limit(1);
      return parse(row?.value);
    },

    /** Merges `patch` into the stored document (made if missing). */
    async merge(patch: Partial<TStoredEpcisCapture>, updatedBy: string | null): Promise<TStoredEpcisCapture> {
      const value = JSON.stringify(patch);
      const [row] = await db
        .insert(settings)
        .values({ key: EPCIS_CAPTURE_SETTINGS_KEY, value: patch, updatedBy, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`${settings.value} || ${value}::jsonb`, updatedAt: new Date(), updatedBy },
        })
        .returning();
      return parse(row?.value);
    },

    /**
     * Takes the sweep's lease when capture is on, due and not leased by another instance: the document as it
     * was, or null. Two instances never send one batch at once; a stopped one only delays it until `until`.
     */
    async claim(now: Date, until: Date): Promise<TStoredEpcisCapture | null> {
      const at = now.toISOString();
      const result = (await db.execute(sql`
        update settings set value = value || jsonb_build_object('leaseUntil', ${until.toISOString()}::text)
        where key = ${EPCIS_CAPTURE_SETTINGS_KEY}
          and value ->> 'enabled' = 'true' and coalesce(value ->> 'url', '') <> ''
          and coalesce((value ->> 'leaseUntil')::timestamptz, '-infinity') <= ${at}::timestamptz
          and coalesce((value ->> 'nextAttemptAt')::timestamptz, '-infinity') <= ${at}::timestamptz
        returning value
      `)) as { rows: { value: unknown }[] };
      const row = result.rows[0];
      return row ? parse(typeof row.value === 'string' ? JSON.parse(row.value) : row.value) : null;
    },
  };
}

export type TEpcisCaptureRepository = ReturnType<typeof createEpcisCaptureRepository>;

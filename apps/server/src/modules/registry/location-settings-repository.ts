import { eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { departments, locations, stations } from '../../db/schema/registry.ts';
import { users } from '../../db/schema/users.ts';

/** SQL of issue 39's per-location rules: a location's kind and settings, and where each station stands. */
export function createLocationSettingsRepository(db: TDatabase) {
  return {
    async find(id: string): Promise<{ id: string; kind: string; settings: unknown } | undefined> {
      const [row] = await db
        .select({ id: locations.id, kind: locations.kind, settings: locations.settings })
        .from(locations)
        .where(eq(locations.id, id))
        .limit(1);
      return row;
    },

    async save(id: string, settings: Record<string, unknown>, at: Date): Promise<boolean> {
      const rows = await db
        .update(locations)
        .set({ settings, updatedAt: at })
        .where(eq(locations.id, id))
        .returning({ id: locations.id });
      return rows.length > 0;
    },

    /** Every station with its location's settings (the offsite sweep's per-location timeouts). */
    async stationSettings(): Promise<{ stationId: string; settings: unknown }[]> {
      return db
        .select({ stationId: stations.id, settings: locations.settings })
        .from(stations)
        .innerJoin(departments, eq(departments.id, stations.departmentId))
        .innerJoin(locations, eq(locations.id, departments.locationId));
    },

    async homeLocationOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ homeLocationId: users.homeLocationId })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.homeLocationId ?? null;
    },
  };
}

export type TLocationSettingsRepository = ReturnType<typeof createLocationSettingsRepository>;

import { likePattern } from '@loupe/domain/api/list';
import { DEFAULT_LOCATION } from '@loupe/domain/registry/locations';
import { and, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { departments, locations, readerAntennas, readers, stations } from '../../db/schema/registry.ts';
import { trackedItems } from '../../db/schema/tracking.ts';

export type TLocationRow = typeof locations.$inferSelect;
export type TDepartmentRow = typeof departments.$inferSelect;
export type TStationRow = typeof stations.$inferSelect;
export type TNewDepartmentRow = typeof departments.$inferInsert;
export type TNewStationRow = typeof stations.$inferInsert;
export type TStationWithDepartmentRow = TStationRow & { readonly departmentName: string };

/** A temporary name no person types: lets an import swap two names without tripping the unique index. */
const IMPORT_PLACEHOLDER_PREFIX = '\u0001import:';

const byNameInsensitive = (
  column: typeof locations.name | typeof departments.name | typeof stations.name,
  name: string,
) => eq(sql`lower(${column})`, name.toLowerCase());

/** Every id of a registry table: to pick a free one for a new row, or to check an import's references. */
async function idsOf(db: TDatabase, table: typeof locations | typeof departments | typeof stations) {
  const rows = await db.select({ id: table.id }).from(table);
  return rows.map((row) => row.id);
}

/** One past the last position among the rows `inScope` picks (0 for the first), so a new row shows at the end. */
async function nextPositionOf(db: TDatabase, table: typeof departments | typeof stations, inScope: SQL) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${table.position}) + 1, 0)`.mapWith(Number) })
    .from(table)
    .where(inScope);
  return row?.next ?? 0;
}

/** SQL of the workshop registry: locations, departments, stations, and the item counts derived from tracking. */
export function createRegistryRepository(db: TDatabase) {
  return {
    // ── Locations ──────────────────────────────────────────────────────────────────────────────

    /** LOC001 (spec §3, §9). Two instances starting together both try; the second inserts nothing. */
    async ensureDefaultLocation(at: Date): Promise<void> {
      await db
        .insert(locations)
        .values({ ...DEFAULT_LOCATION, createdAt: at, updatedAt: at })
        .onConflictDoNothing({ target: locations.id });
    },

    async listLocations(options: { q?: string | undefined }) {
      const pattern = options.q ? likePattern(options.q) : undefined;
      return db
        .select({ location: locations, departmentCount: count(departments.id) })
        .from(locations)
        .leftJoin(departments, eq(departments.locationId, locations.id))
        .where(
          pattern
            ? or(
                ilike(locations.name, pattern),
                ilike(locations.address, pattern),
                ilike(locations.description, pattern),
              )
            : undefined,
        )
        .groupBy(locations.id);
    },

    async findLocation(id: string) {
      const [row] = await db
        .select({ location: locations, departmentCount: count(departments.id) })
        .from(locations)
        .leftJoin(departments, eq(departments.locationId, locations.id))
        .where(eq(locations.id, id))
        .groupBy(locations.id);
      return row;
    },

    async findLocationByName(name: string): Promise<TLocationRow | undefined> {
      const [row] = await db.select().from(locations).where(byNameInsensitive(locations.name, name)).limit(1);
      return row;
    },

    async locationIds(): Promise<string[]> {
      return idsOf(db, locations);
    },

    /** Undefined when the id is taken (another request got there first). */
    async insertLocation(values: typeof locations.$inferInsert): Promise<TLocationRow | undefined> {
      const [row] = await db
        .insert(locations)
        .values(values)
        .onConflictDoNothing({ target: locations.id })
        .returning();
      return row;
    },

    async updateLocation(
      id: string,
      changes: Partial<Pick<TLocationRow, 'name' | 'address' | 'description' | 'kind' | 'updatedAt'>>,
    ): Promise<TLocationRow | undefined> {
      const [row] = await db.update(locations).set(changes).where(eq(locations.id, id)).returning();
      return row;
    },

    async deleteLocation(id: string): Promise<boolean> {
      const rows = await db.delete(locations).where(eq(locations.id, id)).returning({ id: locations.id });
      return rows.length > 0;
    },

    // ── Departments ────────────────────────────────────────────────────────────────────────────

    async listDepartments(
      options: { locationId?: string | undefined; q?: string | undefined } = {},
    ): Promise<TDepartmentRow[]> {
      const conditions: SQL[] = [];
      if (options.locationId) conditions.push(eq(departments.locationId, options.locationId));
      if (options.q) {
        const pattern = likePattern(options.q);
        const matching = or(ilike(departments.name, pattern), ilike(departments.description, pattern));
        if (matching) conditions.push(matching);
      }
      return db
        .select()
        .from(departments)
        .where(and(...conditions));
    },

    async findDepartment(id: string): Promise<TDepartmentRow | undefined> {
      const [row] = await db.select().from(departments).where(eq(departments.id, id)).limit(1);
      return row;
    },

    /** Spec §5: case-insensitive. */
    async findDepartmentByName(name: string): Promise<TDepartmentRow | undefined> {
      const [row] = await db
        .select()
        .from(departments)
        .where(byNameInsensitive(departments.name, name))
        .limit(1);
      return row;
    },

    async departmentIds(): Promise<string[]> {
      return idsOf(db, departments);
    },

    /** One past the last department of the location, so a new one shows at the end. */
    async nextDepartmentPosition(locationId: string): Promise<number> {
      return nextPositionOf(db, departments, eq(departments.locationId, locationId));
    },

    /** Undefined when the id or the name is taken. */
    async insertDepartment(values: TNewDepartmentRow): Promise<TDepartmentRow | undefined> {
      const [row] = await db.insert(departments).values(values).onConflictDoNothing().returning();
      return row;
    },

    async updateDepartment(
      id: string,
      changes: Partial<Omit<TNewDepartmentRow, 'id' | 'createdAt'>>,
    ): Promise<TDepartmentRow | undefined> {
      const [row] = await db.update(departments).set(changes).where(eq(departments.id, id)).returning();
      return row;
    },

    /** Its stations go with it (ON DELETE CASCADE). */
    async deleteDepartment(id: string): Promise<boolean> {
      const rows = await db
        .delete(departments)
        .where(eq(departments.id, id))
        .returning({ id: departments.id });
      return rows.length > 0;
    },

    /** Tracked items of any status that stand in the department or at one of its stations. */
    async countItemsInDepartment(id: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(trackedItems)
        .where(
          or(
            eq(trackedItems.currentDepartmentId, id),
            inArray(
              trackedItems.currentStationId,
              db.select({ id: stations.id }).from(stations).where(eq(stations.departmentId, id)),
            ),
          ),
        );
      return row?.value ?? 0;
    },

    // ── Stations ───────────────────────────────────────────────────────────────────────────────

    async stationsOfDepartments(departmentIds: readonly string[]): Promise<TStationRow[]> {
      if (departmentIds.length === 0) return [];
      return db
        .select()
        .from(stations)
        .where(inArray(stations.departmentId, [...departmentIds]));
    },

    /**
     * The readers whose antennas are mapped to each department (to it or to one of its stations): whether
     * one of them is online, and the newest heartbeat among them.
     */
    async readerHealthOfDepartments(
      departmentIds: readonly string[],
    ): Promise<Map<string, { isOnline: boolean; lastHeartbeat: Date | null }>> {
      if (departmentIds.length === 0) return new Map();
      const departmentOf = sql<string>`coalesce(${stations.departmentId}, ${readerAntennas.departmentId})`;
      const rows = await db
        .select({
          departmentId: departmentOf,
          isOnline: sql<boolean>`bool_or(${readers.status} = 'online')`,
          lastHeartbeat: sql<string | null>`max(${readers.lastHeartbeat})`,
        })
        .from(readerAntennas)
        .innerJoin(readers, eq(readers.id, readerAntennas.readerId))
        .leftJoin(stations, eq(stations.id, readerAntennas.stationId))
        .where(
          or(
            inArray(readerAntennas.departmentId, [...departmentIds]),
            inArray(stations.departmentId, [...departmentIds]),
          ),
        )
        .groupBy(departmentOf);
      return new Map(
        rows.map((row) => [
          row.departmentId,
          {
            isOnline: Boolean(row.isOnline),
            lastHeartbeat: row.lastHeartbeat === null ? null : new Date(row.lastHeartbeat),
          },
        ]),
      );
    },

    async listStations(
      options: { departmentId?: string | undefined; q?: string | undefined } = {},
    ): Promise<TStationWithDepartmentRow[]> {
      const conditions: SQL[] = [];
      if (options.departmentId) conditions.push(eq(stations.departmentId, options.departmentId));
      if (options.q) {
        const pattern = likePattern(options.q);
        const matching = or(
          ilike(stations.name, pattern),
          ilike(stations.jewelerName, pattern),
          ilike(stations.specialization, pattern),
        );
        if (matching) conditions.push(matching);
      }
      const rows = await db
        .select({ station: stations, departmentName: departments.name })
        .from(stations)
        .innerJoin(departments, eq(departments.id, stations.departmentId))
        .where(and(...conditions));
      return rows.map((row) => ({ ...row.station, departmentName: row.departmentName }));
    },

    async findStation(id: string): Promise<TStationWithDepartmentRow | undefined> {
      const [row] = await db
        .select({ station: stations, departmentName: departments.name })
        .from(stations)
        .innerJoin(departments, eq(departments.id, stations.departmentId))
        .where(eq(stations.id, id))
        .limit(1);
      return row ? { ...row.station, departmentName: row.departmentName } : undefined;
    },

    /** Spec §5: case-insensitive, within one department. */
    async findStationByName(departmentId: string, name: string): Promise<TStationRow | undefined> {
      const [row] = await db
        .select()
        .from(stations)
        .where(and(eq(stations.departmentId, departmentId), byNameInsensitive(stations.name, name)))
        .limit(1);
      return row;
    },

    /** Every station id of the workshop: station ids are unique across departments. */
    async stationIds(): Promise<string[]> {
      return idsOf(db, stations);
    },

    async nextStationPosition(departmentId: string): Promise<number> {
      return nextPositionOf(db, stations, eq(stations.departmentId, departmentId));
    },

    /** Undefined when the id or the name (within the department) is taken. */
    async insertStation(values: TNewStationRow): Promise<TStationRow | undefined> {
      const [row] = await db.insert(stations).values(values).onConflictDoNothing().returning();
      return row;
    },

    async updateStation(
      id: string,
      changes: Partial<Omit<TNewStationRow, 'id' | 'departmentId' | 'createdAt'>>,
    ): Promise<TStationRow | undefined> {
      const [row] = await db.update(stations).set(changes).where(eq(stations.id, id)).returning();
      return row;
    },

    async deleteStations(ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .delete(stations)
        .where(inArray(stations.id, [...ids]))
        .returning({ id: stations.id });
      return rows.length;
    },

    /** Tracked items of any status whose current station is one of these (the foreign key counts them all). */
    async countItemsAtStations(ids: readonly string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ stationId: trackedItems.currentStationId, value: count() })
        .from(trackedItems)
        .where(inArray(trackedItems.currentStationId, [...ids]))
        .groupBy(trackedItems.currentStationId);
      return new Map(rows.flatMap((row) => (row.stationId ? [[row.stationId, row.value] as const] : [])));
    },

    /** Spec §3 itemCount: the items standing at each station now, offsite ones not included. */
    async standingItemCounts(stationIds: readonly string[]): Promise<Map<string, number>> {
      if (stationIds.length === 0) return new Map();
      const rows = await db
        .select({ stationId: trackedItems.currentStationId, value: count() })
        .from(trackedItems)
        .where(
          and(inArray(trackedItems.currentStationId, [...stationIds]), ne(trackedItems.status, 'offsite')),
        )
        .groupBy(trackedItems.currentStationId);
      return new Map(rows.flatMap((row) => (row.stationId ? [[row.stationId, row.value] as const] : [])));
    },

    // ── Import ─────────────────────────────────────────────────────────────────────────────────

    async stationsByIds(ids: readonly string[]): Promise<TStationRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(stations)
        .where(inArray(stations.id, [...ids]));
    },

    /**
     * Gives the departments (and the stations of those departments) placeholder names first, so that an
     * import may swap two names: the unique indexes are checked row by row, not at commit.
     */
    async clearNamesForImport(departmentIds: readonly string[]): Promise<void> {
      if (departmentIds.length === 0) return;
      const ids = [...departmentIds];
      await db
        .update(departments)
        .set({ name: sql`${IMPORT_PLACEHOLDER_PREFIX} || ${departments.id}` })
        .where(inArray(departments.id, ids));
      await db
        .update(stations)
        .set({ name: sql`${IMPORT_PLACEHOLDER_PREFIX} || ${stations.id}` })
        .where(inArray(stations.departmentId, ids));
    },

    async upsertDepartment(values: TNewDepartmentRow & { id: string }): Promise<void> {
      const {
        id: _id,
        createdAt: _createdAt,
        connectionStatus: _status,
        lastHeartbeat: _heartbeat,
        ...changes
      } = values;
      // Connection status and heartbeat are live state reported by the department's reader, not configuration.
      await db
        .insert(departments)
        .values(values)
        .onConflictDoUpdate({ target: departments.id, set: changes });
    },

    async upsertStation(values: TNewStationRow & { id: string }): Promise<void> {
      const { id: _id, createdAt: _createdAt, lastSeen: _lastSeen, ...changes } = values;
      await db.insert(stations).values(values).onConflictDoUpdate({ target: stations.id, set: changes });
    },
  };
}

export type TRegistryRepository = ReturnType<typeof createRegistryRepository>;

import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { int, nullableText, query, text } from './query-repository.ts';

/** What every analytics screen names and lays out: stations, workflow templates, and the names of ids. */
export function createAnalyticsReferenceRepository(db: TDatabase) {
  return {
    /** Every station with its department and location, and how many jobs stand at it now. */
    async stations() {
      return query(
        db,
        sql`
          select s.id, s.name, s.is_active as "isActive", s.jeweler_name as "jewelerName",
            d.id as "departmentId", d.name as "departmentName", d.location_id as "locationId",
            (select count(*) from tracked_items ti where ti.current_station_id = s.id)::int as "waitingNow"
          from stations s join departments d on d.id = s.department_id
          order by d.position, d.name, s.position, s.name`,
        {
          id: text,
          name: text,
          isActive: z.boolean(),
          jewelerName: nullableText,
          departmentId: text,
          departmentName: text,
          locationId: text,
          waitingNow: int,
        },
      );
    },

    /** Phase names and template order of every workflow template. */
    async templates() {
      return query(
        db,
        sql`select kind, product_type_id::text as "productTypeId", phases, repair_type_steps as "repairTypeSteps"
            from workflow_templates order by kind, product_type_id nulls first`,
        { kind: text, productTypeId: nullableText, phases: z.unknown(), repairTypeSteps: z.unknown() },
      );
    },

    /** Names for the ids the screens group by. */
    async names() {
      const [productTypes, people, locations, metals] = await Promise.all([
        query(db, sql`select id::text, name from product_types`, { id: text, name: text }),
        query(
          db,
          sql`select id::text, coalesce(nullif(name, ''), nullif(trim(first_name || ' ' || last_name), ''), email) as name from users`,
          { id: text, name: text },
        ),
        query(db, sql`select id, name from locations`, { id: text, name: text }),
        query(db, sql`select id::text, name from metal_types`, { id: text, name: text }),
      ]);
      const map = (rows: { id: string; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
      return {
        productTypes: map(productTypes),
        people: map(people),
        locations: map(locations),
        metals: map(metals),
      };
    },
  };
}

export type TAnalyticsReferenceRepository = ReturnType<typeof createAnalyticsReferenceRepository>;

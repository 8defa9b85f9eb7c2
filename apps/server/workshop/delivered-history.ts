import { formatOrderNumber, ORDER_NUMBER_PREFIX } from '@loupe/domain/orders/order';
import { formatRepairNumber } from '@loupe/domain/repairs/repair';
import { ZWorkflowPhasesSchema } from '@loupe/domain/workflow/workflow-template';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../src/db/client.ts';
import { itemChanges, orders, repairs } from '../src/db/schema/jobs.ts';
import { locationHistory } from '../src/db/schema/tracking.ts';
import { createAnalyticsFactsRepository } from '../src/modules/analytics/facts-repository.ts';
import { chance, pick, randomInt, seededRandom } from './random.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The demo's past (issue 13): orders and repairs delivered over the last months, each read at a station of
 * every phase of its workflow, most on time, some held up at one station or at a vendor and late, so every
 * analytics screen has real figures. Written straight into the database while Loupe is stopped (the API
 * cannot deliver a job in the past), then the analytics facts are rebuilt from the history.
 */
export async function seedDeliveredHistory(
  db: TDatabase,
  options: {
    readonly now: Date;
    readonly orders: number;
    readonly repairs: number;
    readonly days: number;
    readonly seed?: number;
  },
): Promise<{ delivered: number; late: number; reads: number }> {
  const random = seededRandom(options.seed ?? 13);
  const rows = async <T extends z.ZodRawShape>(statement: ReturnType<typeof sql>, shape: T) =>
    z.array(z.object(shape)).parse(((await db.execute(statement)) as { rows: unknown[] }).rows);
  const templates = await rows(
    sql`select kind, phases from workflow_templates where product_type_id is null`,
    { kind: z.string(), phases: z.unknown() },
  );
  const stations = await rows(
    sql`select s.id, s.name, s.department_id as "departmentId", d.name as "departmentName", d.gradient
        from stations s join departments d on d.id = s.department_id where s.is_active`,
    {
      id: z.string(),
      name: z.string(),
      departmentId: z.string(),
      departmentName: z.string(),
      gradient: z.string(),
    },
  );
  const ids = async (statement: ReturnType<typeof sql>) =>
    (await rows(statement, { id: z.string() })).map((row) => row.id);
  const productTypes = await ids(sql`select id::text as id from product_types where is_active`);
  const metals = await ids(sql`select id::text as id from metal_types where is_active`);
  const sellers = await ids(
    sql`select id::text as id from users where role = 'salesperson' and not disabled`,
  );
  const customers = await ids(sql`select id::text as id from customers`);
  if (customers.length === 0 || stations.length === 0) return { delivered: 0, late: 0, reads: 0 };

  /** Each phase's stations (those of its departments), skipping phases no department does. */
  const routeOf = (kind: string) => {
    const template = templates.find((t) => t.kind === kind);
    const phases = template ? ZWorkflowPhasesSchema.parse(template.phases) : [];
    return phases
      .map((phase) => ({
        phase,
        stations: stations.filter((s) => phase.departmentIds.includes(s.departmentId)),
      }))
      .filter((step) => step.stations.length > 0);
  };
  const routes = { order: routeOf('order'), repair: routeOf('repair') };
  // One bench and one vendor leg that run slow more often than the others: the root cause screen's story.
  const slowStation = pick(random, stations).id;

  let late = 0;
  let reads = 0;
  let delivered = 0;
  const total = options.orders + options.repairs;
  for (let index = 0; index < total; index += 1) {
    const kind = index < options.orders ? 'order' : 'repair';
    const route = routes[kind];
    if (route.length === 0) continue;
    const started = new Date(
      options.now.getTime() -
        (options.days * DAY_MS * (total - index)) / total -
        (randomInt(random, 2, 30) * DAY_MS) / 10,
    );
    const history: { station: (typeof stations)[number]; at: Date }[] = [];
    let at = started.getTime();
    let expectedHours = 0;
    for (const step of route) {
      // A rework loop now and then: the previous phase's station again before this one.
      const visitsHere = chance(random, 0.08) ? 2 : 1;
      for (let visit = 0; visit < visitsHere; visit += 1) {
        const station = pick(random, step.stations);
        history.push({ station, at: new Date(at) });
        const typical = step.phase.targetHours * (0.5 + random());
        const slow = station.id === slowStation ? chance(random, 0.5) : chance(random, 0.06);
        at += (slow ? typical * randomInt(random, 3, 6) : typical) * HOUR_MS;
      }
      expectedHours += step.phase.targetHours * 1.1;
    }
    const deliveredAt = new Date(at + randomInt(random, 2, 30) * HOUR_MS);
    if (deliveredAt.getTime() >= options.now.getTime()) continue;
    // Promised with a day or three of slack over the usual time.
    const promisedDate = new Date(started.getTime() + (expectedHours + randomInt(random, 24, 80)) * HOUR_MS)
      .toISOString()
      .slice(0, 10);
    if (deliveredAt.toISOString().slice(0, 10) > promisedDate) late += 1;
    const customerId = pick(random, customers);
    const [{ seq } = { seq: 0 }] = await rows(
      kind === 'order'
        ? sql`select nextval('order_number_seq')::int as seq`
        : sql`select nextval('repair_number_seq')::int as seq`,
      { seq: z.number() },
    );
    const id = crypto.randomUUID();
    if (kind === 'order') {
      const number = formatOrderNumber(seq, ORDER_NUMBER_PREFIX);
      await db.insert(orders).values({
        id,
        orderNumber: number,
        customerId,
        productTypeId: productTypes.length ? pick(random, productTypes) : null,
        metalTypeId: metals.length ? pick(random, metals) : null,
        salespersonId: sellers.length ? pick(random, sellers) : null,
        description: 'Delivered earlier this season',
        promisedDate,
        status: 'delivered',
        searchText: `${number} delivered earlier this season`.toLowerCase(),
        createdAt: started,
        updatedAt: deliveredAt,
      });
    } else {
      const number = formatRepairNumber(seq);
      await db.insert(repairs).values({
        id,
        repairNumber: number,
        customerId,
        itemDescription: 'Ring resized and polished',
        promisedDate,
        status: 'picked_up',
        searchText: `${number} ring resized and polished`.toLowerCase(),
        createdAt: started,
        updatedAt: deliveredAt,
      });
    }
    const epc = `E2801199${String(index).padStart(16, '0')}`;
    await db.insert(locationHistory).values(
      history.map((entry, position) => ({
        itemKind: kind,
        itemId: id,
        epc,
        departmentId: entry.station.departmentId,
        departmentName: entry.station.departmentName,
        departmentGradient: entry.station.gradient,
        stationId: entry.station.id,
        stationName: entry.station.name,
        arrivedAt: entry.at,
        durationMinutes:
          position === 0
            ? 0
            : Math.floor((entry.at.getTime() - (history[position - 1]?.at.getTime() ?? 0)) / 60_000),
      })),
    );
    // The piece leaves the last station for the pickup counter: its time there ends with the delivery.
    await db.insert(itemChanges).values({
      itemKind: kind,
      itemId: id,
      at: deliveredAt,
      action: 'status-changed',
      changes: { status: { from: 'ready', to: kind === 'order' ? 'delivered' : 'picked_up' } },
    });
    await finalDeparture(db, kind, id, epc, history.at(-1), deliveredAt);
    reads += history.length + 1;
    delivered += 1;
  }
  await createAnalyticsFactsRepository(db).rebuildFacts();
  return { delivered, late, reads };
}

/** The last visit ends at the pickup counter: a closing read there, so the last station's time counts. */
async function finalDeparture(
  db: TDatabase,
  kind: 'order' | 'repair',
  itemId: string,
  epc: string,
  last:
    | {
        station: { departmentId: string; departmentName: string; gradient: string; id: string; name: string };
        at: Date;
      }
    | undefined,
  deliveredAt: Date,
) {
  if (last === undefined) return;
  await db.insert(locationHistory).values({
    itemKind: kind,
    itemId,
    epc,
    departmentId: last.station.departmentId,
    departmentName: last.station.departmentName,
    departmentGradient: last.station.gradient,
    stationId: last.station.id,
    stationName: last.station.name,
    arrivedAt: new Date(deliveredAt.getTime() - 60 * 60_000),
    durationMinutes: Math.floor((deliveredAt.getTime() - 60 * 60_000 - last.at.getTime()) / 60_000),
  });
}

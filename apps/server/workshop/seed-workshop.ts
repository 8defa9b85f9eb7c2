import type { LoupeClient } from './loupe-client.ts';
import { mapLimited } from './map-limited.ts';
import { drawOrderInput, drawRepairInput, type TPieceRefs } from './piece-inputs.ts';
import { chance, randomEpc, randomInt, seededRandom, type TRandom } from './random.ts';
import { seedHistory } from './seed-history.ts';
import { CUSTOMER_NAMES, METAL_TYPES, PRODUCT_TYPES } from './workshop-catalog.ts';
import { antennaOf, DEPARTMENTS, READERS, stationKey, type TStationKey } from './workshop-plan.ts';

/**
 * Seeds a fresh Loupe with the demo workshop of workshop-plan.ts through its public API only: the
 * registry, four mapped readers, catalog, customers, orders and repairs each tagged with its own EPC, and
 * (withHistory) a past for every piece, sent as real reader payloads to the HTTP ingest.
 */

export type TWorkshop = {
  departments: { id: string; name: string; stations: { id: string; name: string }[] }[];
  readers: {
    id: string;
    name: string;
    kind: 'zebra' | 'impinj';
    apiKey: string;
    antennas: {
      antenna: number;
      departmentId: string | null;
      stationId: string | null;
      isTagAssignment: boolean;
    }[];
  }[];
  items: { kind: 'order' | 'repair'; id: string; number: string; epc: string }[];
};

export type TSeedOptions = {
  readonly orders: number;
  readonly repairs: number;
  /** Walk every piece through the departments over the past days with reads sent to the HTTP ingest. */
  readonly withHistory: boolean;
  /** The present the history ends at; default the real now (reads from the future count as now). */
  readonly now?: Date;
  /** Default a generator seeded with 42, so two seeds make the same workshop. */
  readonly random?: TRandom;
  /** One line per step, for a progress display. */
  readonly onProgress?: (line: string) => void;
  /** Requests in flight at once; default 6. */
  readonly concurrency?: number;
};

type TItem = TWorkshop['items'][number];

export async function seedWorkshop(client: LoupeClient, options: TSeedOptions): Promise<TWorkshop> {
  const random = options.random ?? seededRandom(42);
  const now = options.now ?? new Date();
  const limit = options.concurrency ?? 6;
  const progress = options.onProgress ?? (() => {});
  const started = Date.now();
  const step = (line: string) => progress(`${line} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // ── Registry: one at a time, as department ids are sequence numbers and station ids come from the clock.
  const departments: TWorkshop['departments'] = [];
  const stationIds = new Map<TStationKey, { departmentId: string; stationId: string }>();
  for (const plan of DEPARTMENTS) {
    const department = await client.data<{ id: string }>('POST', '/departments', {
      name: plan.name,
      description: plan.description,
      gradient: plan.gradient,
      iconName: plan.iconName,
    });
    const stations: { id: string; name: string }[] = [];
    for (const station of plan.stations) {
      const key = stationKey(plan.name, station.name);
      const created = await client.data<{ id: string; name: string }>(
        'POST',
        `/departments/${department.id}/stations`,
        {
          name: station.name,
          jewelerName: station.jewelerName,
          specialization: station.specialization,
          antennaNumber: antennaOf(key)?.antenna ?? 1,
          status: 'open',
        },
      );
      stations.push({ id: created.id, name: created.name });
      stationIds.set(key, { departmentId: department.id, stationId: created.id });
    }
    departments.push({ id: department.id, name: plan.name, stations });
  }
  const stationCount = departments.reduce((sum, department) => sum + department.stations.length, 0);
  step(`Created ${departments.length} departments with ${stationCount} stations`);

  // ── Readers and their antennas.
  const readers: TWorkshop['readers'] = await Promise.all(
    READERS.map(async (plan) => {
      const { apiKey } = await client.data<{ apiKey: string }>('POST', '/readers', {
        id: plan.id,
        name: plan.name,
        kind: plan.kind,
      });
      const antennas: TWorkshop['readers'][number]['antennas'] = [];
      for (const antenna of plan.antennas) {
        if ('tagAssignment' in antenna) {
          await client.request('PUT', `/readers/${plan.id}/antennas/${antenna.antenna}`, {
            isTagAssignment: true,
          });
          antennas.push({
            antenna: antenna.antenna,
            departmentId: null,
            stationId: null,
            isTagAssignment: true,
          });
          continue;
        }
        const place = stationIds.get(antenna.station);
        if (place === undefined) throw new Error(`the plan maps an unknown station ${antenna.station}`);
        await client.request('PUT', `/readers/${plan.id}/antennas/${antenna.antenna}`, {
          isTagAssignment: false,
          departmentId: place.departmentId,
          stationId: place.stationId,
        });
        antennas.push({ antenna: antenna.antenna, ...place, isTagAssignment: false });
      }
      return { id: plan.id, name: plan.name, kind: plan.kind, apiKey, antennas };
    }),
  );
  step(`Registered ${readers.length} readers with ${readers.length * 4} antennas mapped`);

  // ── Catalog, staff and customers.
  const [metalIds, productIds] = await Promise.all([
    mapLimited(METAL_TYPES, limit, (name) =>
      client.data<{ id: string }>('POST', '/catalog/metal-types', { name }).then((type) => type.id),
    ),
    mapLimited(PRODUCT_TYPES, limit, (name) =>
      client.data<{ id: string }>('POST', '/catalog/product-types', { name }).then((type) => type.id),
    ),
  ]);
  const metalIdOf = new Map(METAL_TYPES.map((name, index) => [name as string, metalIds[index] ?? '']));
  const staff = await client
    .data<{ items: { id: string; role: string }[] }>('GET', '/users?limit=100')
    .then((page) => page.items)
    .catch(() => [] as { id: string; role: string }[]);
  const salespeople = staff.filter((user) => user.role === 'salesperson').map((user) => user.id);
  const designers = staff.filter((user) => user.role === 'designer').map((user) => user.id);

  const customerCount = Math.min(
    CUSTOMER_NAMES.length,
    Math.max(3, Math.ceil((options.orders + options.repairs) / 2.5)),
  );
  const customerIds = await mapLimited(CUSTOMER_NAMES.slice(0, customerCount), limit, async (name, index) => {
    const email = `${name
      .toLowerCase()
      .replace(/[^a-z ]/g, '')
      .replace(/ /g, '.')}@example.com`;
    const phone = `+1 555 01${String(index).padStart(2, '0')} ${String(randomInt(random, 100, 999))}`;
    const customer = await client.data<{ id: string }>('POST', '/customers', {
      name,
      email,
      phone,
      contactPreferences: chance(random, 0.5) ? ['email'] : ['phone', 'sms'],
    });
    return customer.id;
  });
  step(
    `Added ${metalIds.length} metal types, ${productIds.length} product types and ${customerIds.length} customers`,
  );

  // ── Orders and repairs. The inputs are drawn first so the random sequence does not depend on timing.
  const refs: TPieceRefs = {
    customerIds,
    productIdOf: new Map(PRODUCT_TYPES.map((name, index) => [name as string, productIds[index] ?? ''])),
    metalIdOf,
    salespeople,
    designers,
  };
  const orderInputs = Array.from({ length: options.orders }, () => drawOrderInput(random, refs, now));
  const repairInputs = Array.from({ length: options.repairs }, () => drawRepairInput(random, refs, now));
  const epcs = new Set<string>();
  while (epcs.size < options.orders + options.repairs) epcs.add(randomEpc(random));
  const epcList = [...epcs];

  const orders = await mapLimited(orderInputs, limit, async (input, index): Promise<TItem> => {
    const order = await client.data<{ id: string; orderNumber: string }>('POST', '/orders', input);
    const epc = epcList[index] ?? '';
    await client.request('POST', '/tracking/assign-epc', {
      orderId: order.id,
      epcCode: epc,
      orderNumber: order.orderNumber,
    });
    return { kind: 'order', id: order.id, number: order.orderNumber, epc };
  });
  step(`Created and tagged ${orders.length} orders`);
  const repairs = await mapLimited(repairInputs, limit, async (input, index): Promise<TItem> => {
    const repair = await client.data<{ id: string; repairNumber: string }>('POST', '/repairs', input);
    const epc = epcList[options.orders + index] ?? '';
    await client.request('POST', '/tracking/repairs/assign-epc', {
      repairId: repair.id,
      epcCode: epc,
      repairNumber: repair.repairNumber,
    });
    return { kind: 'repair', id: repair.id, number: repair.repairNumber, epc };
  });
  step(`Created and tagged ${repairs.length} repairs`);
  const items = [...orders, ...repairs];
  const workshop: TWorkshop = { departments, readers, items };
  if (!options.withHistory) return workshop;
  await seedHistory(client, workshop, { now, random, limit, step });
  return workshop;
}

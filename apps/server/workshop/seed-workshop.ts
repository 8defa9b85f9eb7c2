import type { LoupeClient } from './loupe-client.ts';
import { chance, pick, randomEpc, randomInt, seededRandom, shuffle, type TRandom } from './random.ts';
import { postReaderPayload } from './reader-http.ts';
import { impinjPayload, type TSimRead, zebraPayload } from './reader-payloads.ts';
import {
  antennaOf,
  CUSTOMER_NAMES,
  DEPARTMENTS,
  DISPATCH,
  dwellMinutes,
  intakeAntenna,
  METAL_TYPES,
  ORDER_TEMPLATES,
  PRODUCT_TYPES,
  plannedRoute,
  READERS,
  REPAIR_TEMPLATES,
  stationKey,
  statusByHandAt,
  statusSteps,
  type TReaderPlan,
  type TStationKey,
  VENDOR_RETURNS,
} from './workshop-plan.ts';

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

/** Runs `work` over `items` with at most `limit` at a time; the results keep the items' order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

const MINUTE = 60_000;

function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

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

  // ── History: every piece walked through the rooms over the past days, as reader payloads.
  const histories = planHistories(items, { now, random });
  const rounds = Math.max(...histories.map((history) => history.rounds.length));
  const keyOf = new Map(readers.map((reader) => [reader.id, reader.apiKey]));
  let sent = 0;
  for (let round = 0; round < rounds; round += 1) {
    const byReader = new Map<string, TSimRead[]>();
    for (const history of histories) {
      for (const read of history.rounds[round] ?? []) {
        const list = byReader.get(read.reader.id) ?? [];
        list.push(read);
        byReader.set(read.reader.id, list);
      }
    }
    await Promise.all(
      [...byReader].map(([readerId, reads]) => {
        const plan = READERS.find((reader) => reader.id === readerId);
        const apiKey = keyOf.get(readerId);
        if (plan === undefined || apiKey === undefined) throw new Error(`no reader ${readerId}`);
        sent += reads.length;
        return postReaderPayload(client.baseUrl, apiKey, plan.kind, payloadFor(plan, reads));
      }),
    );
  }
  step(`Sent ${sent} past reads through the HTTP ingest (${rounds} rounds)`);

  // Pieces at an outside vendor are expected offsite; the status follows where each piece is.
  const flagged = histories.filter((history) => history.fate === 'expected-offsite');
  await mapLimited(flagged, limit, (history) =>
    client.request('POST', `/tracking/${history.item.kind}s/${history.item.id}/expected-offsite`, {
      expectedOffsite: true,
    }),
  );
  // The reads moved each job's status with its phase; staff set by hand only what reads do not.
  await mapLimited(histories, limit, async (history) => {
    const wanted = statusByHandAt(history.item.kind, history.lastStation);
    if (wanted === null) return;
    const path = history.item.kind === 'order' ? '/orders' : '/repairs';
    const { status } = await client.data<{ status: string }>('GET', `${path}/${history.item.id}`);
    for (const next of statusSteps(history.item.kind, status, wanted)) {
      await client.request('PATCH', `${path}/${history.item.id}`, { status: next });
    }
  });
  const away = histories.filter((history) => history.fate === 'offsite').length;
  step(
    `Set statuses; ${flagged.length} pieces at outside vendors flagged expected offsite, ${away} unseen for hours (the offsite sweep marks them)`,
  );
  return workshop;
}

/** What new orders and repairs refer to: customers, catalog types by name, and staff. */
export type TPieceRefs = {
  readonly customerIds: readonly string[];
  readonly productIdOf: ReadonlyMap<string, string>;
  readonly metalIdOf: ReadonlyMap<string, string>;
  readonly salespeople: readonly string[];
  readonly designers: readonly string[];
};

/** The refs of a seeded Loupe, for pieces made later (the simulator's next orders). */
export async function loadPieceRefs(client: LoupeClient): Promise<TPieceRefs> {
  type TPage<T> = { items: T[] };
  const [customers, metals, products, staff] = await Promise.all([
    client.data<TPage<{ id: string }>>('GET', '/customers?limit=100'),
    client.data<TPage<{ id: string; name: string }>>('GET', '/catalog/metal-types?limit=100'),
    client.data<TPage<{ id: string; name: string }>>('GET', '/catalog/product-types?limit=100'),
    client.data<TPage<{ id: string; role: string }>>('GET', '/users?limit=100'),
  ]);
  return {
    customerIds: customers.items.map((customer) => customer.id),
    metalIdOf: new Map(metals.items.map((type) => [type.name, type.id])),
    productIdOf: new Map(products.items.map((type) => [type.name, type.id])),
    salespeople: staff.items.filter((user) => user.role === 'salesperson').map((user) => user.id),
    designers: staff.items.filter((user) => user.role === 'designer').map((user) => user.id),
  };
}

function promisedIn(random: TRandom, now: Date, minDays: number, maxDays: number): string {
  return isoDay(new Date(now.getTime() + randomInt(random, minDays, maxDays) * 24 * 60 * MINUTE));
}

/** A custom order as a salesperson would take it: a product, a metal, a description, price and deposit. */
export function drawOrderInput(random: TRandom, refs: TPieceRefs, now: Date) {
  const template = pick(random, ORDER_TEMPLATES);
  const price = Math.round(randomInt(random, template.price[0], template.price[1]) / 50) * 50;
  const deposit = Math.round((price * randomInt(random, 30, 50)) / 100 / 10) * 10;
  const isRush = chance(random, 0.1);
  return {
    customerId: pick(random, refs.customerIds),
    productTypeId: refs.productIdOf.get(template.productType) ?? null,
    metalTypeId: refs.metalIdOf.get(pick(random, template.metals)) ?? null,
    description: pick(random, template.descriptions),
    ...(refs.salespeople.length > 0 ? { salespersonId: pick(random, refs.salespeople) } : {}),
    ...(refs.designers.length > 0 ? { designerId: pick(random, refs.designers) } : {}),
    isRush,
    promisedDate: isRush ? promisedIn(random, now, 3, 7) : promisedIn(random, now, 14, 45),
    priceCents: price * 100,
    depositCents: deposit * 100,
  };
}

/** A repair as the counter takes it in: the item, the work, its condition, value and estimate. */
export function drawRepairInput(random: TRandom, refs: TPieceRefs, now: Date) {
  const template = pick(random, REPAIR_TEMPLATES);
  const isRush = chance(random, 0.15);
  return {
    customerId: pick(random, refs.customerIds),
    itemDescription: template.item,
    repairTypes: [...template.types],
    conditionNotes: template.condition,
    declaredValueCents: template.value * 100,
    estimateCents: template.estimate * 100,
    isRush,
    promisedDate: isRush ? promisedIn(random, now, 1, 3) : promisedIn(random, now, 5, 14),
  };
}

type THistoryRead = TSimRead & { readonly reader: TReaderPlan };

type THistory = {
  readonly item: TItem;
  /** What becomes of the piece: in the workshop, out unannounced, or out at a vendor as expected. */
  readonly fate: 'active' | 'offsite' | 'expected-offsite';
  readonly lastStation: TStationKey;
  /** Reads by round: the intake read, one round per station, then the latest sighting. */
  readonly rounds: THistoryRead[][];
};

/** 2 to 4 reads of a tag landing in a field, within a second or two, the RSSI wandering a few dB. */
function arrivalReads(
  place: { reader: TReaderPlan; antenna: number },
  epc: string,
  at: Date,
  random: TRandom,
): THistoryRead[] {
  const base = randomInt(random, -66, -46);
  let time = at.getTime();
  return Array.from({ length: randomInt(random, 2, 4) }, () => {
    const read = {
      reader: place.reader,
      epc,
      antenna: place.antenna,
      at: new Date(time),
      rssi: base + randomInt(random, -3, 3),
    };
    time += randomInt(random, 150, 1500);
    return read;
  });
}

function planHistories(items: readonly TItem[], context: { now: Date; random: TRandom }): THistory[] {
  const { now, random } = context;
  const count = items.length;
  const fateCount = count >= 10 ? Math.max(1, Math.round(count * 0.04)) : count >= 4 ? 1 : 0;
  // A few pieces of each fate, drawn without repeats.
  const shuffled = shuffle(
    random,
    items.map((_, index) => index),
  );
  const expected = new Set(shuffled.slice(0, fateCount));
  const offsite = new Set(shuffled.slice(fateCount, 2 * fateCount));
  const intake = intakeAntenna();

  return items.map((item, index): THistory => {
    const fate = expected.has(index) ? 'expected-offsite' : offsite.has(index) ? 'offsite' : 'active';
    let route: TStationKey[];
    let stops: number;
    if (fate === 'expected-offsite') {
      route = plannedRoute(item.kind, random, { toVendor: true });
      stops = route.indexOf(DISPATCH) + 1;
    } else {
      route = plannedRoute(item.kind, random);
      stops = randomInt(random, 1, route.length);
      // Not left at the dispatch shelf unflagged: that piece is already back.
      if (route[stops - 1] === DISPATCH) stops += 1;
    }
    const path = route.slice(0, Math.max(1, stops));
    const lastStation = path[path.length - 1] ?? route[0] ?? VENDOR_RETURNS;

    // Backwards from the last arrival: each station held the piece for its dwell time.
    const lastArrivalAgo =
      fate === 'active'
        ? randomInt(random, 5, Math.min(600, dwellMinutes(lastStation, random)))
        : fate === 'offsite'
          ? randomInt(random, 120, 1200)
          : randomInt(random, 180, 2160);
    const arrivals: Date[] = new Array(path.length);
    let at = now.getTime() - lastArrivalAgo * MINUTE;
    for (let stop = path.length - 1; stop >= 0; stop -= 1) {
      arrivals[stop] = new Date(at);
      const previous = path[stop - 1];
      if (previous !== undefined)
        at -= dwellMinutes(previous, random) * MINUTE + randomInt(random, 0, 59_000);
    }
    const first = arrivals[0] ?? now;
    const rounds: THistoryRead[][] = [
      arrivalReads(intake, item.epc, new Date(first.getTime() - randomInt(random, 5, 90) * MINUTE), random),
    ];
    path.forEach((key, stop) => {
      const place = antennaOf(key);
      const arrival = arrivals[stop];
      if (place === null || arrival === undefined) throw new Error(`no antenna at ${key}`);
      rounds.push(arrivalReads(place, item.epc, arrival, random));
    });
    if (fate === 'active') {
      // The reader kept seeing it until a moment ago.
      const place = antennaOf(lastStation);
      if (place !== null) {
        rounds.push(
          arrivalReads(place, item.epc, new Date(now.getTime() - randomInt(random, 20, 240) * 1000), random),
        );
      }
    }
    return { item, fate, lastStation, rounds };
  });
}

function payloadFor(reader: TReaderPlan, reads: readonly TSimRead[]): string {
  switch (reader.kind) {
    case 'zebra':
      return zebraPayload(reads, { hostName: reader.hostName, mac: reader.mac });
    case 'impinj':
      return impinjPayload(reads, reader.hostName, { antennaNames: impinjAntennaNames(reader) });
  }
}

/** The names an R700's antennas are given in its configuration: the station they look at. */
export function impinjAntennaNames(reader: TReaderPlan): Record<number, string> {
  const names: Record<number, string> = {};
  for (const antenna of reader.antennas) {
    names[antenna.antenna] =
      'station' in antenna ? (antenna.station.split('/')[1] ?? antenna.station) : antenna.label;
  }
  return names;
}

/** More hands at the benches than the one demo account per role, so the board shows who has what. */
export const BENCH_STAFF = [
  { firstName: 'Hannah', lastName: 'Okafor' },
  { firstName: 'Yuki', lastName: 'Tanaka' },
  { firstName: 'Priya', lastName: 'Nair' },
  { firstName: 'Grace', lastName: 'Mensah' },
] as const;

type TBoardCard = { id: string; kind: 'order' | 'repair'; workflow: { phaseKey: string } };
type TBoardAnswer = { columns: { jobs: TBoardCard[] }[] };

/**
 * Gives out the current phase of about two jobs in three, as a manager would on a Monday morning: design
 * and CAD to designers, customer approval to salespeople, the bench phases to production staff (the least
 * loaded first). Returns how many were assigned.
 */
export async function assignDemoWork(client: LoupeClient, options: { seed?: number } = {}): Promise<number> {
  const random = seededRandom(options.seed ?? 7);
  const people = await client.data<{ id: string; role: string; openAssignments: number }[]>(
    'GET',
    '/workflow/people',
  );
  const load = new Map(people.map((person) => [person.id, person.openAssignments]));
  const byRole = (role: string) => people.filter((person) => person.role === role).map((person) => person.id);
  const roleFor = (phase: string) =>
    ['design', 'cad'].includes(phase)
      ? 'designer'
      : phase === 'approval' || phase === 'ready'
        ? 'salesperson'
        : phase === 'qa'
          ? 'qa'
          : 'production';
  let assigned = 0;
  for (const kind of ['order', 'repair'] as const) {
    const board = await client.data<TBoardAnswer>('GET', `/workflow/board?kind=${kind}`);
    for (const job of board.columns.flatMap((column) => column.jobs)) {
      if (!chance(random, 0.66)) continue;
      const candidates = byRole(roleFor(job.workflow.phaseKey));
      if (candidates.length === 0) continue;
      const assigneeId = [...candidates].sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0))[0];
      if (assigneeId === undefined) continue;
      await client.request('POST', '/workflow/assignments', { kind, itemId: job.id, assigneeId });
      load.set(assigneeId, (load.get(assigneeId) ?? 0) + 1);
      assigned += 1;
    }
  }
  return assigned;
}

/**
 * The demo's reader simulator: connects as each of the workshop's four readers and keeps the pieces moving.
 * Every few seconds it takes a piece that has sat long enough to its next station and emits what a real
 * reader would (a handful of reads of the tag with wandering RSSI); every 30 s each reader reports the
 * tags in its fields (an inventory round, which keeps them from looking offsite); Zebra readers send a
 * heartbeat every 60 s and Impinj readers keep-alive arrays. Zebra readers and one Impinj reader publish
 * over MQTT (QoS 1, reader credentials), the other Impinj reader posts to the HTTP webhook.
 *
 *   npx tsx apps/server/workshop/reader-simulator.ts --workshop .demo-data/workshop.json \
 *     --loupe-url http://127.0.0.1:3000 --mqtt-url mqtt://127.0.0.1:1883
 *
 * Flags (each also an environment variable):
 *   --workshop PATH     LOUPE_WORKSHOP       the JSON file `npm run demo` writes (seedWorkshop's result:
 *                                            departments, readers with their API keys, tagged items);
 *                       LOUPE_WORKSHOP_JSON  or that JSON itself
 *   --loupe-url URL     LOUPE_URL            Loupe's address (webhook reader, API); default http://127.0.0.1:3000
 *   --mqtt-url URL      LOUPE_MQTT_URL       Loupe's MQTT broker; default mqtt://127.0.0.1:1883
 *   --email, --password LOUPE_EMAIL, LOUPE_PASSWORD   optional: a user allowed to read tracking (an admin),
 *                                            to start from where the pieces are, and to flag pieces sent to
 *                                            a vendor as expected offsite
 *   --interval SECONDS  SIM_INTERVAL_SECONDS a move every this many seconds; default 4
 *   --min-dwell SECONDS SIM_MIN_DWELL_SECONDS a piece stays at least this long; default 45
 *   --inventory SECONDS SIM_INVENTORY_SECONDS inventory rounds; default 30
 *   --seed N            SIM_SEED             random seed; default the time
 * Stops cleanly on SIGINT / SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { readerTopic } from '../src/modules/ingest/mqtt-topics.ts';
import { LoupeClient } from './loupe-client.ts';
import { chance, randomInt, seededRandom, type TRandom } from './random.ts';
import { postReaderPayload } from './reader-http.ts';
import {
  impinjEventPayload,
  impinjKeepAlive,
  impinjPayload,
  type TSimRead,
  zebraHeartbeat,
  zebraPayload,
} from './reader-payloads.ts';
import {
  drawOrderInput,
  drawRepairInput,
  impinjAntennaNames,
  loadPieceRefs,
  type TPieceRefs,
  type TWorkshop,
} from './seed-workshop.ts';
import {
  antennaOf,
  DISPATCH,
  FINAL_STATUS,
  nextStation,
  PACKING,
  READERS,
  statusByHandAt,
  statusSteps,
  type TItemKind,
  type TReaderPlan,
  type TStationKey,
  VENDOR_RETURNS,
} from './workshop-plan.ts';

export type TSimulatorOptions = {
  readonly workshop: TWorkshop;
  readonly loupeUrl: string;
  readonly mqttUrl: string;
  /** A user who may read tracking; without one every piece is taken to start at intake. */
  readonly credentials?: { readonly email: string; readonly password: string } | undefined;
  readonly intervalMs?: number;
  readonly minDwellMs?: number;
  readonly inventoryMs?: number;
  readonly heartbeatMs?: number;
  readonly keepAliveMs?: number;
  readonly random?: TRandom;
  readonly clock?: () => Date;
  /** One line per move and event; default console.info. */
  readonly log?: (line: string) => void;
};

export type TReaderSimulator = {
  /** Moves made so far. */
  moves(): number;
  stop(): Promise<void>;
};

type TSimItem = {
  readonly kind: TItemKind;
  /** The order or repair the tag is on; a finished piece's tag moves to a new one. */
  id: string;
  number: string;
  readonly epc: string;
  /** Its business status when known (with credentials), kept in step with where it stands. */
  status: string | null;
  at: TStationKey | null;
  arrivedAt: number;
  /** Out of the building (at a vendor, or just gone) until then; null while here. */
  awayUntil: number | null;
  flaggedExpected: boolean;
};

type TSimReader = {
  readonly plan: TReaderPlan;
  readonly apiKey: string;
  client: mqtt.MqttClient | null;
  eventNum: number;
  readonly startedAt: number;
};

/** Where Loupe says a piece is: GET /tracking/orders gives the backend shape, /tracking/repairs spec §3's. */
type TPosition = { stationId: string | null; status: string; lastSeen: string | null };
type TTrackedOrderAnswer = {
  orderId: string;
  currentStationId: string | null;
  status: string;
  lastSeenAt: string | null;
};
type TTrackedRepairAnswer = {
  repairId: string;
  currentLocation: { stationId: string } | null;
  status: string;
  lastSeen: string | null;
};

const MINUTE = 60_000;

export async function startReaderSimulator(options: TSimulatorOptions): Promise<TReaderSimulator> {
  const random = options.random ?? seededRandom(Date.now());
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.info(line));
  const intervalMs = options.intervalMs ?? 4000;
  const minDwellMs = options.minDwellMs ?? 45_000;
  const { workshop } = options;

  // Station ids → plan keys ("Department/Station").
  const keyOfStation = new Map<string, TStationKey>();
  for (const department of workshop.departments) {
    for (const station of department.stations)
      keyOfStation.set(station.id, `${department.name}/${station.name}`);
  }

  const readers = new Map<string, TSimReader>();
  for (const reader of workshop.readers) {
    const plan = READERS.find((candidate) => candidate.id === reader.id);
    if (plan === undefined) {
      log(`reader ${reader.id} is not one of the demo's readers: left alone`);
      continue;
    }
    readers.set(plan.id, { plan, apiKey: reader.apiKey, client: null, eventNum: 1, startedAt: Date.now() });
  }

  let refs: TPieceRefs | null = null;
  const api = options.credentials
    ? await LoupeClient.signIn(options.loupeUrl, options.credentials.email, options.credentials.password)
    : null;

  const items: TSimItem[] = workshop.items.map((item) => ({
    ...item,
    status: null,
    at: null,
    arrivedAt: clock().getTime(),
    awayUntil: null,
    flaggedExpected: false,
  }));
  if (api !== null) await syncPositions(api);

  /** Start from where Loupe says each piece is; pieces unseen for a while are out, and come back later. */
  async function syncPositions(client: LoupeClient): Promise<void> {
    const [orders, repairs, general] = await Promise.all([
      client.data<TTrackedOrderAnswer[]>('GET', '/tracking/orders'),
      client.data<TTrackedRepairAnswer[]>('GET', '/tracking/repairs'),
      client.data<{ offsiteCheckInterval: number }>('GET', '/settings/workshop-defaults'),
    ]);
    const byId = new Map<string, TPosition>();
    for (const order of orders) {
      byId.set(order.orderId, {
        stationId: order.currentStationId,
        status: order.status,
        lastSeen: order.lastSeenAt,
      });
    }
    for (const repair of repairs) {
      const stationId = repair.currentLocation?.stationId ?? null;
      byId.set(repair.repairId, { stationId, status: repair.status, lastSeen: repair.lastSeen });
    }
    type TStatusPage = { items: { id: string; status: string }[] };
    const [orderPage, repairPage] = await Promise.all([
      client.data<TStatusPage>('GET', '/orders?tracked=true&limit=200'),
      client.data<TStatusPage>('GET', '/repairs?tracked=true&limit=200'),
    ]);
    const statusOf = new Map([...orderPage.items, ...repairPage.items].map((row) => [row.id, row.status]));
    const now = clock().getTime();
    for (const item of items) {
      item.status = statusOf.get(item.id) ?? null;
      const tracked = byId.get(item.id);
      if (tracked === undefined) continue;
      item.at = tracked.stationId === null ? null : (keyOfStation.get(tracked.stationId) ?? null);
      const lastSeen = Date.parse(tracked.lastSeen ?? '');
      if (tracked.status === 'offsite' || (!Number.isNaN(lastSeen) && now - lastSeen > 15 * MINUTE)) {
        // Back once the offsite sweep has had time to notice: it runs every offsiteCheckInterval (one minute
        // in the demo) and checks its settings every minute, so a sweep has run by then.
        const sweptBy = general.offsiteCheckInterval + 1;
        item.awayUntil = now + randomInt(random, sweptBy, sweptBy + 2) * MINUTE;
        item.flaggedExpected = item.at === DISPATCH;
      }
    }
  }

  // ── Transports ────────────────────────────────────────────────────────────────────────────────

  for (const reader of readers.values()) {
    if (reader.plan.transport !== 'mqtt') continue;
    const client = mqtt.connect(options.mqttUrl, {
      username: reader.plan.id,
      password: reader.apiKey,
      clientId: `${reader.plan.id}.sim`,
      reconnectPeriod: 2000,
      connectTimeout: 5000,
    });
    client.on('error', (error) => log(`${reader.plan.id}: MQTT ${error.message}`));
    reader.client = client;
  }
  await Promise.all(
    [...readers.values()].map(
      (reader) =>
        new Promise<void>((resolve) => {
          if (reader.client === null || reader.client.connected) return resolve();
          const timer = setTimeout(resolve, 5000);
          reader.client.once('connect', () => {
            clearTimeout(timer);
            resolve();
          });
        }),
    ),
  );

  const publish = async (reader: TSimReader, suffix: string, payload: string) => {
    if (reader.client === null) throw new Error(`${reader.plan.id} has no MQTT connection`);
    await reader.client.publishAsync(`${readerTopic(reader.plan.id, reader.plan.kind)}${suffix}`, payload, {
      qos: 1,
    });
  };

  /** Sends reads the way this reader does: Zebra over MQTT, Impinj over MQTT (one event a message) or webhook. */
  async function send(reader: TSimReader, reads: readonly TSimRead[]): Promise<void> {
    if (reads.length === 0) return;
    const { plan } = reader;
    switch (plan.kind) {
      case 'zebra': {
        const payload = zebraPayload(reads, {
          hostName: plan.hostName,
          mac: plan.mac,
          firstEventNum: reader.eventNum,
        });
        reader.eventNum += reads.length;
        if (plan.transport === 'mqtt') await publish(reader, '/data', payload);
        else await postReaderPayload(options.loupeUrl, reader.apiKey, 'zebra', payload);
        return;
      }
      case 'impinj': {
        const antennaNames = impinjAntennaNames(plan);
        if (plan.transport === 'mqtt') {
          for (const read of reads)
            await publish(reader, '', impinjEventPayload(read, plan.hostName, { antennaNames }));
        } else {
          await postReaderPayload(
            options.loupeUrl,
            reader.apiKey,
            'impinj',
            impinjPayload(reads, plan.hostName, { antennaNames }),
          );
        }
        return;
      }
    }
  }

  async function sendAlive(reader: TSimReader, kind: 'heartbeat' | 'keep-alive'): Promise<void> {
    const { plan } = reader;
    if (kind === 'heartbeat' && plan.kind === 'zebra') {
      const uptime = Math.floor((Date.now() - reader.startedAt) / 1000) + 3 * 86_400;
      const payload = zebraHeartbeat({ hostName: plan.hostName, mac: plan.mac }, clock(), uptime);
      if (plan.transport === 'mqtt') await publish(reader, '/management', payload);
      else await postReaderPayload(options.loupeUrl, reader.apiKey, 'zebra', payload);
    }
    if (kind === 'keep-alive' && plan.kind === 'impinj') {
      if (plan.transport === 'mqtt') await publish(reader, '', impinjKeepAlive());
      else await postReaderPayload(options.loupeUrl, reader.apiKey, 'impinj', impinjKeepAlive());
    }
  }

  /** A tag landing in a field: 2–5 reads over a second or two, ending now, RSSI wandering around a base. */
  function arrivalReads(epc: string, antenna: number): TSimRead[] {
    const count = randomInt(random, 2, 5);
    const base = randomInt(random, -66, -46);
    const end = clock().getTime();
    return Array.from({ length: count }, (_, index) => ({
      epc,
      antenna,
      at: new Date(end - (count - 1 - index) * randomInt(random, 150, 600)),
      rssi: base + randomInt(random, -4, 4),
    }));
  }

  // ── Moves ───────────────────────────────────────────────────────────────────────────────────────

  let moveCount = 0;
  const time = () => clock().toISOString().slice(11, 19);
  const where = (key: TStationKey | null) => (key === null ? 'intake' : key.replace('/', ' › '));

  async function moveTo(item: TSimItem, to: TStationKey, note: string): Promise<void> {
    const place = antennaOf(to);
    const reader = place ? readers.get(place.reader.id) : undefined;
    if (place === null || reader === undefined) return;
    const reads = arrivalReads(item.epc, place.antenna);
    // Placed before the reads are sent: an inventory round meanwhile reads it here, never at its old station.
    const from = item.at;
    item.at = to;
    item.arrivedAt = clock().getTime();
    await send(reader, reads);
    moveCount += 1;
    const via = `${reader.plan.id} ant ${place.antenna}, ${reader.plan.kind}/${reader.plan.transport}, ${reads.length} reads`;
    const path = from === to ? `${where(to)} (read again)` : `${where(from)} → ${where(to)}`;
    log(`${time()}  ${item.number.padEnd(9)} ${path}  [${via}]${note}`);
  }

  async function setExpected(item: TSimItem, expected: boolean): Promise<void> {
    if (api === null || item.flaggedExpected === expected) return;
    await api.request('POST', `/tracking/${item.kind}s/${item.id}/expected-offsite`, {
      expectedOffsite: expected,
    });
    item.flaggedExpected = expected;
  }

  /** With credentials: steps a job's status by hand from what the server holds now to `wanted`. */
  async function setStatus(item: TSimItem, wanted: string): Promise<void> {
    if (api === null) return;
    // Reads move the status with the job's phase (issue 32): start from the server's, not from a copy.
    const { status: current } = await api.data<{ status: string }>('GET', `/${item.kind}s/${item.id}`);
    item.status = current;
    for (const status of statusSteps(item.kind, current, wanted)) {
      await api.request('PATCH', `/${item.kind}s/${item.id}`, { status });
      item.status = status;
    }
  }

  /** With credentials: what staff set by hand where the piece now stands (ready once packed, waiting for parts). */
  async function followStatus(item: TSimItem): Promise<void> {
    if (api === null || item.status === null || item.at === null) return;
    const wanted = statusByHandAt(item.kind, item.at);
    if (wanted !== null) await setStatus(item, wanted);
  }

  /**
   * A piece leaves packing. With credentials it is delivered (or picked up), and its envelope and tag go
   * to a new order or repair, as at a real intake counter; without, the tag simply starts a new round.
   */
  async function finish(item: TSimItem): Promise<string> {
    if (api === null || item.status === null) return '  (finished: the envelope starts a new round)';
    await setStatus(item, FINAL_STATUS[item.kind]);
    refs ??= await loadPieceRefs(api);
    const finished = item.number;
    if (item.kind === 'order') {
      const order = await api.data<{ id: string; orderNumber: string; status: string }>(
        'POST',
        '/orders',
        drawOrderInput(random, refs, clock()),
      );
      await api.request('POST', '/tracking/assign-epc', { orderId: order.id, epcCode: item.epc });
      Object.assign(item, { id: order.id, number: order.orderNumber, status: order.status });
    } else {
      const repair = await api.data<{ id: string; repairNumber: string; status: string }>(
        'POST',
        '/repairs',
        drawRepairInput(random, refs, clock()),
      );
      await api.request('POST', '/tracking/repairs/assign-epc', { repairId: repair.id, epcCode: item.epc });
      Object.assign(item, { id: repair.id, number: repair.repairNumber, status: repair.status });
    }
    item.at = null;
    const word = item.kind === 'order' ? 'delivered' : 'picked up';
    return `  (${finished} ${word}; its tag now tracks the new ${item.kind} ${item.number})`;
  }

  async function step(): Promise<void> {
    const now = clock().getTime();
    // Pieces coming back: from the vendor to the returns shelf, anything else to where it was.
    for (const item of items) {
      if (item.awayUntil === null || item.awayUntil > now) continue;
      item.awayUntil = null;
      const back = item.at === DISPATCH ? VENDOR_RETURNS : (item.at ?? nextStation(item.kind, null, random));
      if (back === null) continue;
      await moveTo(item, back, '  (back in the building)');
      await setExpected(item, false);
      await followStatus(item);
    }
    const movable = items.filter((item) => item.awayUntil === null && now - item.arrivedAt >= minDwellMs);
    const count = Math.min(movable.length, chance(random, 0.5) ? 2 : 1);
    for (let move = 0; move < count; move += 1) {
      // The longer a piece has waited the likelier it moves on, up to 10 minutes: after that all are equal.
      // Finished pieces wait on the packing shelf for their customer a while longer.
      const weights = movable.map(
        (item) => (Math.min(now - item.arrivedAt, 10 * MINUTE) + 1) * (item.at === PACKING ? 0.25 : 1),
      );
      let roll = random() * weights.reduce((sum, weight) => sum + weight, 0);
      let index = 0;
      while (index < movable.length - 1 && roll >= (weights[index] ?? 0)) roll -= weights[index++] ?? 0;
      const [item] = movable.splice(index, 1);
      if (item === undefined) break;
      let next = nextStation(item.kind, item.at, random);
      let note = '';
      if (next === null) {
        note = await finish(item);
        next = nextStation(item.kind, null, random);
      }
      if (next === null) continue;
      if (next === DISPATCH) {
        // Longer than the offsite timeout (30 min) and mostly than the expected-offsite grace (60 min).
        const minutes = randomInt(random, 45, 90);
        note = `  (leaves for the vendor, back in ~${minutes} min)`;
        await moveTo(item, next, note);
        item.awayUntil = clock().getTime() + minutes * MINUTE;
        await setExpected(item, true);
        await followStatus(item);
        continue;
      }
      await moveTo(item, next, note);
      await followStatus(item);
    }
  }

  /** Every reader reports the tags lying in its fields, so Loupe keeps seeing them. */
  async function inventory(): Promise<void> {
    const byReader = new Map<TSimReader, TSimRead[]>();
    for (const item of items) {
      if (item.awayUntil !== null || item.at === null) continue;
      const place = antennaOf(item.at);
      const reader = place ? readers.get(place.reader.id) : undefined;
      if (place === null || reader === undefined) continue;
      const reads = byReader.get(reader) ?? [];
      reads.push({ epc: item.epc, antenna: place.antenna, at: clock(), rssi: randomInt(random, -70, -48) });
      byReader.set(reader, reads);
    }
    await Promise.all([...byReader].map(([reader, reads]) => send(reader, reads)));
  }

  // ── Timers: one job of each kind at a time; a failure is logged and the next tick tries again.

  const running = new Set<Promise<void>>();
  const timers: ReturnType<typeof setInterval>[] = [];
  let stopped = false;
  function every(ms: number, name: string, job: () => Promise<void>, now = false): void {
    let busy = false;
    const run = () => {
      if (busy || stopped) return;
      busy = true;
      const work = job()
        .catch((error: unknown) => log(`${time()}  ${name} failed: ${(error as Error).message}`))
        .finally(() => {
          busy = false;
          running.delete(work);
        });
      running.add(work);
    };
    timers.push(setInterval(run, ms));
    if (now) run();
  }
  const allReaders = () => [...readers.values()];
  every(
    options.heartbeatMs ?? 60_000,
    'heartbeat',
    () => Promise.all(allReaders().map((r) => sendAlive(r, 'heartbeat'))).then(() => {}),
    true,
  );
  every(
    options.keepAliveMs ?? 30_000,
    'keep-alive',
    () => Promise.all(allReaders().map((r) => sendAlive(r, 'keep-alive'))).then(() => {}),
    true,
  );
  every(options.inventoryMs ?? 30_000, 'inventory', inventory);
  every(intervalMs, 'move', step);

  const mqttReaders = allReaders().filter((reader) => reader.plan.transport === 'mqtt').length;
  log(
    `Reader simulator: ${readers.size} readers (${mqttReaders} over MQTT at ${options.mqttUrl}, ` +
      `${readers.size - mqttReaders} by HTTP webhook), ${items.length} tagged pieces, a move every ` +
      `${intervalMs / 1000} s${api === null ? '; no credentials, so every piece starts at intake' : ''}.`,
  );

  return {
    moves: () => moveCount,
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
      await Promise.all(
        allReaders().map((reader) => reader.client?.endAsync().catch(() => undefined) ?? Promise.resolve()),
      );
    },
  };
}

// ── Command line ──────────────────────────────────────────────────────────────────────────────────

function seconds(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed * 1000 : fallback;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      workshop: { type: 'string' },
      'loupe-url': { type: 'string' },
      'mqtt-url': { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      interval: { type: 'string' },
      'min-dwell': { type: 'string' },
      inventory: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const env = process.env;
  if (values.help) {
    console.info(
      'Usage: tsx apps/server/workshop/reader-simulator.ts --workshop FILE [--loupe-url URL] [--mqtt-url URL]\n' +
        '       [--email E --password P] [--interval S] [--min-dwell S] [--inventory S] [--seed N]\n' +
        'See the comment at the top of this file for the environment variables.',
    );
    return;
  }
  const file = values.workshop ?? env.LOUPE_WORKSHOP;
  const json = file ? readFileSync(file, 'utf8') : env.LOUPE_WORKSHOP_JSON;
  if (!json) {
    console.error(
      'reader simulator: give the workshop with --workshop FILE, LOUPE_WORKSHOP or LOUPE_WORKSHOP_JSON',
    );
    process.exit(2);
  }
  const email = values.email ?? env.LOUPE_EMAIL;
  const password = values.password ?? env.LOUPE_PASSWORD;
  const seed = Number(values.seed ?? env.SIM_SEED ?? Date.now());
  const simulator = await startReaderSimulator({
    workshop: JSON.parse(json) as TWorkshop,
    loupeUrl: values['loupe-url'] ?? env.LOUPE_URL ?? 'http://127.0.0.1:3000',
    mqttUrl: values['mqtt-url'] ?? env.LOUPE_MQTT_URL ?? 'mqtt://127.0.0.1:1883',
    credentials: email && password ? { email, password } : undefined,
    intervalMs: seconds(values.interval ?? env.SIM_INTERVAL_SECONDS, 4000),
    minDwellMs: seconds(values['min-dwell'] ?? env.SIM_MIN_DWELL_SECONDS, 45_000),
    inventoryMs: seconds(values.inventory ?? env.SIM_INVENTORY_SECONDS, 30_000),
    random: seededRandom(Number.isFinite(seed) ? seed : Date.now()),
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    simulator.stop().then(
      () => {
        console.info(`Reader simulator stopped (${signal}) after ${simulator.moves()} moves.`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error('reader simulator: stopping failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  main().catch((error: unknown) => {
    console.error('reader simulator failed:', error);
    process.exit(1);
  });
}

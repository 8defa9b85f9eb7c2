/**
 * The demo's reader simulator: connects as each of the workshop's four readers and keeps the pieces moving.
 * Every few seconds it takes a piece that has sat long enough to its next station and emits what a real
 * reader would (a handful of reads of the tag with wandering RSSI); every 30 s each reader reports the
 * tags in its fields (an inventory round, which keeps them from looking offsite); Zebra readers send a
 * heartbeat every 60 s and Impinj readers keep-alive arrays. Zebra readers and one Impinj reader publish
 * over MQTT (QoS 1, reader credentials), the other Impinj reader posts to the HTTP webhook. With
 * credentials it also closes up as a workshop does: when a closing count runs, every expected piece but one
 * (left on a bench) is read into the safe and stays there until the count's window ends.
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
import { LoupeClient } from './loupe-client.ts';
import { chance, randomInt, seededRandom, type TRandom } from './random.ts';
import type { TSimRead } from './reader-payloads.ts';
import type { TWorkshop } from './seed-workshop.ts';
import { simulatedHandWork } from './simulated-hand-work.ts';
import { simItems, syncPositions, type TSimItem } from './simulated-pieces.ts';
import { connectSimReaders, type TSimReader } from './simulated-readers.ts';
import {
  antennaOf,
  DEMO_SAFE,
  DISPATCH,
  nextStation,
  PACKING,
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
  /** How often it looks for a running closing count to put the pieces in the safe for; default 20 s. */
  readonly closingCheckMs?: number;
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

const MINUTE = 60_000;

export async function startReaderSimulator(options: TSimulatorOptions): Promise<TReaderSimulator> {
  const random = options.random ?? seededRandom(Date.now());
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.info(line));
  const intervalMs = options.intervalMs ?? 4000;
  const minDwellMs = options.minDwellMs ?? 45_000;
  const { workshop } = options;

  const api = options.credentials
    ? await LoupeClient.signIn(options.loupeUrl, options.credentials.email, options.credentials.password)
    : null;
  const items = simItems(workshop, clock().getTime());
  if (api !== null) await syncPositions(api, items, { workshop, clock, random });
  const readers = await connectSimReaders({ ...options, clock, log });
  const { send, sendAlive } = readers;
  const { setExpected, followStatus, finish } = simulatedHandWork({ api, random, clock });

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
    const reader = place ? readers.byId.get(place.reader.id) : undefined;
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
    const movable = items.filter(
      (item) => item.awayUntil === null && !isInSafe(item, now) && now - item.arrivedAt >= minDwellMs,
    );
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

  // ── Closing: the safe ──────────────────────────────────────────────────────────────────────────

  const safeReader = readers.byId.get(DEMO_SAFE.readerId);
  const countsClosed = new Set<string>();
  const isInSafe = (item: TSimItem, now: number) => item.inSafeUntil !== null && item.inSafeUntil > now;

  /**
   * A closing count running (by the calendar or a manager's button): the pieces it expects go into the safe,
   * read at its antenna, and stay there until its window ends — all but one, left on a bench, which the
   * count finds missing. Once the window ends, the next inventory reads them where they were: the
   * morning's removals.
   */
  async function closeUp(): Promise<void> {
    if (api === null || safeReader === undefined) return;
    const locations = await api.data<{ runningCountId: string | null }[]>('GET', '/safe-counts/locations');
    for (const { runningCountId } of locations) {
      if (runningCountId === null || countsClosed.has(runningCountId)) continue;
      countsClosed.add(runningCountId);
      const count = await api.data<{ endsAt: string; missing: { id: string }[] }>(
        'GET',
        `/safe-counts/${runningCountId}`,
      );
      const expected = new Set(count.missing.map((piece) => piece.id));
      const pieces = items.filter((item) => expected.has(item.id) && item.awayUntil === null);
      const leftOut = pieces[randomInt(random, 0, pieces.length - 1)];
      const until = Date.parse(count.endsAt);
      const reads = pieces
        .filter((item) => item !== leftOut)
        .flatMap((item) => {
          item.inSafeUntil = until;
          return arrivalReads(item.epc, DEMO_SAFE.antenna);
        });
      if (reads.length > 0) await send(safeReader, reads);
      log(
        `${time()}  closing count: ${pieces.length - (leftOut ? 1 : 0)} pieces into the safe` +
          (leftOut ? `, ${leftOut.number} left on a bench` : ''),
      );
    }
  }

  /** Every reader reports the tags lying in its fields, so Loupe keeps seeing them. */
  async function inventory(): Promise<void> {
    const byReader = new Map<TSimReader, TSimRead[]>();
    const now = clock().getTime();
    for (const item of items) {
      if (item.awayUntil !== null || item.at === null) continue;
      if (isInSafe(item, now) && safeReader !== undefined) {
        const reads = byReader.get(safeReader) ?? [];
        reads.push({
          epc: item.epc,
          antenna: DEMO_SAFE.antenna,
          at: clock(),
          rssi: randomInt(random, -70, -48),
        });
        byReader.set(safeReader, reads);
        continue;
      }
      item.inSafeUntil = null;
      const place = antennaOf(item.at);
      const reader = place ? readers.byId.get(place.reader.id) : undefined;
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
  const allReaders = () => [...readers.byId.values()];
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
  every(options.closingCheckMs ?? 20_000, 'closing', closeUp, true);
  every(intervalMs, 'move', step);

  const mqttReaders = allReaders().filter((reader) => reader.plan.transport === 'mqtt').length;
  log(
    `Reader simulator: ${readers.byId.size} readers (${mqttReaders} over MQTT at ${options.mqttUrl}, ` +
      `${readers.byId.size - mqttReaders} by HTTP webhook), ${items.length} tagged pieces, a move every ` +
      `${intervalMs / 1000} s${api === null ? '; no credentials, so every piece starts at intake' : ''}.`,
  );

  return {
    moves: () => moveCount,
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
      await readers.close();
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

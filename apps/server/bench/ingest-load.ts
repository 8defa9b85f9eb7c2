/**
 * The load generator of `npm run bench:ingest`, a process of its own so that its work is not counted as
 * Loupe's: started by bench/ingest.ts with an IPC channel (see ingest-protocol.ts), it connects one MQTT
 * client per reader, then runs the steps it is sent, publishing Zebra IoT Connector batches (a JSON array
 * of tag-data events, `readsPerMessage` per message) at QoS 1 on loupe/readers/{id}/zebra with at most
 * `windowPerConnection` messages awaiting their PUBACK per connection.
 *
 * The traffic is a portal's: a tag enters an antenna's field, is read 4–10 times there (the repeats the
 * pipeline folds away) while other tags are read too, leaves, and later turns up at another antenna
 * (a move) or, now and then, again at the same one (only seen). A visit starts only at an antenna where
 * its tag has been silent for longer than the dedupe window, so its first read is fresh and the dedup
 * ratio stays the reads per visit whatever the rate. Every read of a message carries the time the
 * message is published (ms), which bench/ingest.ts compares with the time its socket receives the event.
 *
 * The steady workload (config.workload 'steady', bench/ingest-steady.ts) is a workshop instead: the tags
 * lie at stations, each message is (up to `readsPerMessage` of) one read cycle of the reader — every tag in
 * view of its antennas read once — and a piece is carried elsewhere for every 1 / `moveShare` reads.
 */
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import { readerTopic } from '../src/modules/ingest/mqtt-topics.ts';
import { randomInt, seededRandom } from '../workshop/random.ts';
import { type TSimRead, zebraPayload } from '../workshop/reader-payloads.ts';
import {
  quantile,
  type TChildMessage,
  type TLoadConfig,
  type TParentMessage,
  type TStepResult,
} from './ingest-protocol.ts';
import { createSteadyWorkshop, type TSteadyRead } from './ingest-steady.ts';

/** A visit starts where the tag has been silent this much longer than the dedupe window. */
const WINDOW_MARGIN_MS = 500;
const DRAIN_TIMEOUT_MS = 60_000;

type TVisit = { readonly tag: number; readonly slot: number; left: number };
type TConnection = {
  readonly index: number;
  readonly readerId: string;
  readonly client: MqttClient;
  readonly topic: string;
  inflight: number;
  eventNum: number;
  readonly visits: TVisit[];
  /** Steady: what is left of the reader's current read cycle, sent in messages of `readsPerMessage`. */
  cycle: TSteadyRead[];
};

function send(message: TChildMessage): void {
  process.send?.(message);
}

function fail(error: unknown): never {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

async function connect(config: TLoadConfig) {
  const random = seededRandom(config.seed);
  const connections: TConnection[] = await Promise.all(
    config.readers.map(async (reader, index) => {
      const client = await mqtt.connectAsync(config.brokerUrl, {
        clientId: `${reader.id}.bench-${index}`,
        protocolVersion: 4,
        clean: true,
        reconnectPeriod: 0,
        keepalive: 120,
        ...(reader.apiKey === null ? {} : { username: reader.id, password: reader.apiKey }),
      });
      client.on('close', () => {
        if (!stopping) fail(new Error(`the MQTT connection of reader ${reader.id} closed`));
      });
      client.on('error', (error) => fail(error));
      return {
        index,
        readerId: reader.id,
        client,
        topic: readerTopic(reader.id, 'zebra'),
        inflight: 0,
        eventNum: 1,
        visits: [],
        cycle: [],
      };
    }),
  );

  // Slots: every (reader, antenna); a tag's last read per slot decides where its next visit may start.
  const slotConnection: number[] = [];
  const slotAntenna: number[] = [];
  config.readers.forEach((reader, index) => {
    for (const antenna of reader.antennas) {
      slotConnection.push(index);
      slotAntenna.push(antenna);
    }
  });
  const slots = slotAntenna.length;
  const tags = config.epcs.length;
  const lastRead = new Float64Array(tags * slots).fill(Number.NEGATIVE_INFINITY);
  const currentSlot = new Int32Array(tags).fill(-1);
  // Tags out of every field, longest gone first.
  const idle = new Int32Array(tags);
  for (let tag = 0; tag < tags; tag += 1) idle[tag] = tag;
  let idleHead = 0;
  let idleCount = tags;
  const pushIdle = (tag: number) => {
    idle[(idleHead + idleCount) % tags] = tag;
    idleCount += 1;
  };
  const popIdle = (): number => {
    const tag = idle[idleHead] ?? 0;
    idleHead = (idleHead + 1) % tags;
    idleCount -= 1;
    return tag;
  };

  const isFree = (tag: number, slot: number, now: number) =>
    now - (lastRead[tag * slots + slot] ?? 0) > config.dedupeWindowMs + WINDOW_MARGIN_MS;

  /** The longest-idle tag enters a field: its own again now and then, else another where it is silent. */
  function startVisit(now: number): boolean {
    if (idleCount === 0) return false;
    const tag = popIdle();
    const current = currentSlot[tag] ?? -1;
    let slot = -1;
    if (current >= 0 && random() < config.stayProbability && isFree(tag, current, now)) slot = current;
    if (slot < 0) {
      const offset = Math.floor(random() * slots);
      for (let i = 0; i < slots; i += 1) {
        const candidate = (offset + i) % slots;
        if (candidate !== current && isFree(tag, candidate, now)) {
          slot = candidate;
          break;
        }
      }
    }
    // Nowhere it has been silent long enough (too few tags for the rate): it lingers, read as repeats.
    if (slot < 0) slot = current >= 0 ? current : Math.floor(random() * slots);
    currentSlot[tag] = slot;
    const [fewest, most] = config.readsPerVisit;
    connections[slotConnection[slot] ?? 0]?.visits.push({ tag, slot, left: randomInt(random, fewest, most) });
    return true;
  }

  const steady =
    config.workload === 'steady'
      ? createSteadyWorkshop({
          readers: config.readers,
          pieces: config.epcs.length,
          moveShare: config.moveShare,
          random,
        })
      : null;

  /** Steady: the rest of this reader's read cycle, or a new cycle, all read now. */
  function steadyReads(connection: TConnection, at: Date): TSimRead[] {
    if (steady === null) return [];
    if (connection.cycle.length === 0) connection.cycle = steady.readCycle(connection.index);
    return connection.cycle
      .splice(0, config.readsPerMessage)
      .map(({ piece, antenna }) => ({ epc: config.epcs[piece] ?? '', antenna, at }));
  }

  /** One message of the tags in this reader's fields, all read now. */
  function nextPayload(connection: TConnection, at: Date): { payload: string; reads: number } {
    const now = at.getTime();
    const reads: TSimRead[] = steady === null ? [] : steadyReads(connection, at);
    const { visits } = connection;
    while (steady === null && reads.length < config.readsPerMessage) {
      // Visits land on every reader; bounded so that one reader cannot spin when the others hoard tags.
      for (let tries = 0; visits.length < config.tagsInFieldPerReader && tries < 4 * slots; tries += 1) {
        if (!startVisit(now)) break;
      }
      if (visits.length === 0) break;
      const index = Math.floor(random() * visits.length);
      const visit = visits[index] as TVisit;
      reads.push({ epc: config.epcs[visit.tag] ?? '', antenna: slotAntenna[visit.slot] ?? 1, at });
      lastRead[visit.tag * slots + visit.slot] = now;
      visit.left -= 1;
      if (visit.left === 0) {
        visits[index] = visits[visits.length - 1] as TVisit;
        visits.pop();
        pushIdle(visit.tag);
      }
    }
    const payload = zebraPayload(reads, {
      hostName: connection.readerId,
      firstEventNum: connection.eventNum,
    });
    connection.eventNum += reads.length;
    return { payload, reads: reads.length };
  }

  return { connections, nextPayload };
}

let stopping = false;
let generator: Awaited<ReturnType<typeof connect>> | null = null;
let config: TLoadConfig | null = null;

/** The pump a step left running (`thenRate`): stopped, without draining, when the next message comes. */
let background: (() => void) | null = null;
function stopBackground(): void {
  background?.();
  background = null;
}

/**
 * One step at `rate` reads/s (0: as fast as the PUBACKs come). Without `thenRate`, what is in flight lands
 * before the result is sent; with it, the result is sent at once and the fleet goes on reading at
 * `thenRate`, uncounted, until the next message: a workshop's readers do not pause between two steps.
 */
function runStep(rate: number, durationMs: number, thenRate?: number): Promise<TStepResult> {
  const load = generator;
  const settings = config;
  if (load === null || settings === null) throw new Error('step before connect');
  const { connections, nextPayload } = load;
  const window = settings.windowPerConnection;
  return new Promise((resolve) => {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    let running = true;
    let counting = true;
    let sentReads = 0;
    let ackedReads = 0;
    let errors = 0;
    let backlogReads = 0;
    const ackTimes: number[] = [];
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let pumpQueued = false;
    // The pace: the step's, then (with thenRate) the reading that goes on after it.
    let pace = { rate, from: started, sent: 0 };

    const due = (now: number) =>
      pace.rate === 0 ? Number.POSITIVE_INFINITY : (pace.rate * (now - pace.from)) / 1000;

    function pump(): void {
      pumpQueued = false;
      if (!running) return;
      const now = performance.now();
      const dueReads = due(now);
      let blocked = false;
      while (pace.sent < dueReads) {
        let connection: TConnection | undefined;
        for (let i = 0; i < connections.length; i += 1) {
          const candidate = connections[(next + i) % connections.length];
          if (candidate !== undefined && candidate.inflight < window) {
            connection = candidate;
            next = (next + i + 1) % connections.length;
            break;
          }
        }
        if (connection === undefined) {
          blocked = true;
          break;
        }
        const target = connection;
        const publishedAt = performance.now();
        const { payload, reads } = nextPayload(target, new Date());
        if (reads === 0) {
          // A reader with nothing in view (a steady workshop smaller than its fleet): the others' turn.
          schedulePump();
          break;
        }
        target.inflight += 1;
        pace.sent += reads;
        if (counting) sentReads += reads;
        target.client.publish(target.topic, payload, { qos: 1 }, (error) => {
          target.inflight -= 1;
          if (error) {
            errors += 1;
          } else if (counting) {
            ackedReads += reads;
            ackTimes.push(performance.now() - publishedAt);
          }
          schedulePump();
        });
      }
      if (!blocked && pace.rate > 0) {
        if (timer !== null) clearTimeout(timer);
        const nextDueAt = pace.from + (pace.sent / pace.rate) * 1000;
        timer = setTimeout(pump, Math.max(1, nextDueAt - performance.now()));
      }
    }

    function schedulePump(): void {
      if (!running || pumpQueued) return;
      pumpQueued = true;
      setImmediate(pump);
    }

    function stopPump(): void {
      running = false;
      if (timer !== null) clearTimeout(timer);
    }

    setTimeout(() => {
      counting = false;
      const elapsed = performance.now() - started;
      backlogReads = rate === 0 ? 0 : Math.max(0, Math.floor(due(started + durationMs) - pace.sent));
      const cpu = process.cpuUsage(cpuBefore);
      const cpuPercent = ((cpu.user + cpu.system) / 1000 / elapsed) * 100;
      const result = (): TStepResult => ({
        rate,
        durationMs: elapsed,
        sentReads,
        ackedReads,
        backlogReads,
        ackP50Ms: quantile(ackTimes, 0.5),
        ackP99Ms: quantile(ackTimes, 0.99),
        cpuPercent,
        errors,
      });
      if (thenRate !== undefined) {
        pace = { rate: thenRate, from: performance.now(), sent: 0 };
        background = stopPump;
        schedulePump();
        resolve(result());
        return;
      }
      stopPump();
      // Let what is in flight land before the next step starts.
      const drainStarted = performance.now();
      const waitDrain = () => {
        const inflight = connections.reduce((sum, connection) => sum + connection.inflight, 0);
        if (inflight > 0 && performance.now() - drainStarted < DRAIN_TIMEOUT_MS) {
          setTimeout(waitDrain, 5);
          return;
        }
        resolve(result());
      };
      waitDrain();
    }, durationMs);
    pump();
  });
}

process.on('message', (raw: unknown) => {
  const message = raw as TParentMessage;
  switch (message.type) {
    case 'connect':
      config = message.config;
      connect(message.config).then((connected) => {
        generator = connected;
        send({ type: 'ready' });
      }, fail);
      return;
    case 'step':
      stopBackground();
      runStep(message.rate, message.durationMs, message.thenRate).then(
        (result) => send({ type: 'step-result', result }),
        fail,
      );
      return;
    case 'stop':
      stopping = true;
      stopBackground();
      Promise.all(
        (generator?.connections ?? []).map((connection) => connection.client.endAsync(true)),
      ).finally(() => process.exit(0));
      return;
    default: {
      const unknown: never = message;
      fail(new Error(`unknown message ${JSON.stringify(unknown)}`));
    }
  }
});
// The orchestrator went away (Ctrl-C, a crash): so does its generator.
process.on('disconnect', () => {
  stopping = true;
  process.exit(0);
});

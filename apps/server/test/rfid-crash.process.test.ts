import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { analyticsVisits } from '../src/db/schema/analytics.ts';
import { rfidJournal, rfidReads } from '../src/db/schema/rfid.ts';
import { locationHistory, trackedItems } from '../src/db/schema/tracking.ts';
import { APPLY_CURSOR, createRfidJournalRepository } from '../src/modules/ingest/journal-repository.ts';
import { readerTopic, type TPayloadFormat } from '../src/modules/ingest/mqtt-topics.ts';
import { createMoveFeedRepository } from '../src/modules/tracking/move-feed-repository.ts';
import { TEST_DATABASES, type TTestDatabaseKind } from './support/databases.ts';
import {
  createStorage,
  killRunningServers,
  listeningAddress,
  startServer,
  type TServer,
  type TStorage,
  waitForStdout,
  waitUntilHealthy,
} from './support/server-process.ts';

/**
 * Issue 6 §8: Loupe is SIGKILLed while readers stream reads over MQTT and HTTP; after a restart on the
 * same data every read it acknowledged (PUBACK, HTTP 2xx) is recorded exactly once (docs/architecture.md),
 * and a reader redelivering acknowledged reads changes nothing. Decision 025: an acknowledgement stands
 * for a journal row; a kill between it and the applier leaves rows after the cursor, which the restarted
 * process applies, each once.
 */

const TEST_TIMEOUT_MS = 180_000;
const ADMIN_EMAIL = 'owner@atelier.example';
const ADMIN_PASSWORD = 'crash-proof bezels and a loupe';
const READER_ID = 'crash-fx9600';
/** Antennas 1–4 stand for four stations; 9 stands for none (its reads are recorded, never applied). */
const MAPPED_ANTENNAS = [1, 2, 3, 4] as const;
const UNMAPPED_ANTENNA = 9;
/**
 * Reads are this far apart in reader time, more than the default dedupe window (5 s): every read is fresh,
 * so each has a row of its own under its own key. The whole stream lies in the past, as real reads do.
 */
const READ_SPACING_MS = 6_000;
const READS_PER_BULK_MESSAGE = 8;
const MQTT_WINDOW = 4;
/** Each kill comes once this many reads are acknowledged since the start and every stream has had its acks. */
const KILL_AFTER_ACKED_READS = 500;
const KILL_AFTER_ACKED_MESSAGES_PER_STREAM = 5;

type TChannel = 'mqtt' | 'http';
type TRead = {
  readonly key: string;
  readonly epc: string;
  readonly antenna: number;
  readonly timestamp: string;
  /** The order whose tag this is, or null for a tag Loupe does not know. */
  readonly orderId: string | null;
};
type TMessage = { readonly channel: TChannel; readonly format: TPayloadFormat; readonly reads: TRead[] };
type TSentRead = TRead & { readonly channel: TChannel; readonly format: TPayloadFormat };

type TWorkshop = {
  readonly apiKey: string;
  /** Station id by antenna. */
  readonly stationOf: ReadonlyMap<number, string>;
  /** Tagged orders: EPC → order id. */
  readonly orders: readonly { readonly id: string; readonly epc: string }[];
};

type TSnapshot = {
  readonly journal: (typeof rfidJournal.$inferSelect)[];
  /** Where the applier's cursor stands, and the journal rows after it (acknowledged, not applied yet). */
  readonly cursor: number;
  readonly unapplied: number;
  readonly reads: (typeof rfidReads.$inferSelect)[];
  readonly history: (typeof locationHistory.$inferSelect)[];
  readonly tracked: (typeof trackedItems.$inferSelect)[];
  /** Analytics' visits, recorded by their projection of the moves (decision 026), and what it has not applied. */
  readonly visits: (typeof analyticsVisits.$inferSelect)[];
  readonly unprojected: number;
};

afterAll(killRunningServers);

/** The projection that records analytics' visits from the move feed (composition/floor.ts). */
const ANALYTICS_VISITS = 'analytics visits';

/** Signs the bootstrap admin in through the embedded identity provider and calls the API with CSRF. */
async function adminApi(baseUrl: string) {
  const signIn = await fetch(`${baseUrl}/api/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'loupe-web',
      AuthParameters: { USERNAME: ADMIN_EMAIL, PASSWORD: ADMIN_PASSWORD },
    }),
  });
  const { AuthenticationResult } = (await signIn.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!AuthenticationResult) throw new Error(`the bootstrap admin could not sign in (${signIn.status})`);
  // The token is made for this session (issue 34 §7): asked for with the bearer.
  const csrf = await fetch(`${baseUrl}/api/auth/csrf-token`, {
    headers: { authorization: `Bearer ${AuthenticationResult.IdToken}` },
  });
  const cookie = (csrf.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { token } = (await csrf.json()) as { token: string };
  return async <T>(method: string, url: string, body: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/v1${url}`, {
      method,
      headers: {
        authorization: `Bearer ${AuthenticationResult.IdToken}`,
        cookie,
        'x-csrf-token': token,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  };
}

/** Two departments of two stations, a reader with antennas 1–4 mapped to them, and six tagged orders. */
async function setUpWorkshop(baseUrl: string): Promise<TWorkshop> {
  const api = await adminApi(baseUrl);
  const stationOf = new Map<number, string>();
  const mappings: { antenna: number; departmentId: string; stationId: string }[] = [];
  for (const [index, name] of ['Casting', 'Polishing'].entries()) {
    const department = await api<{ id: string }>('POST', '/departments', { name });
    for (const bench of [1, 2]) {
      const station = await api<{ id: string }>('POST', `/departments/${department.id}/stations`, {
        name: `Bench ${bench}`,
      });
      const antenna = index * 2 + bench;
      stationOf.set(antenna, station.id);
      mappings.push({ antenna, departmentId: department.id, stationId: station.id });
    }
  }
  const reader = await api<{ apiKey: string }>('POST', '/readers', {
    id: READER_ID,
    name: 'Workshop FX9600',
    kind: 'zebra',
  });
  for (const { antenna, departmentId, stationId } of mappings) {
    await api('PUT', `/readers/${READER_ID}/antennas/${antenna}`, { departmentId, stationId });
  }
  const customer = await api<{ id: string }>('POST', '/customers', {
    name: 'Grace Hopper',
    email: 'grace@example.test',
  });
  const orders: { id: string; epc: string }[] = [];
  for (let index = 1; index <= 6; index += 1) {
    const order = await api<{ id: string; orderNumber: string }>('POST', '/orders', {
      customerId: customer.id,
      description: `Signet ring ${index}`,
    });
    const epc = `E28011700000000000000${String(index).padStart(3, '0')}`;
    await api('POST', '/tracking/assign-epc', { orderId: order.id, epcCode: epc });
    orders.push({ id: order.id, epc });
  }
  return { apiKey: reader.apiKey, stationOf, orders };
}

/** The port from the embedded broker's start-up log line (MQTT_PORT=0 lets the system pick a free one). */
async function brokerPort(server: TServer): Promise<number> {
  const match = await waitForStdout(
    server,
    /"port":(\d+)[^\n]*"msg":"mqtt: embedded broker listening"/,
    "'embedded broker listening'",
  );
  return Number(match[1]);
}

async function startLoupe(storage: TStorage) {
  const server = startServer({ ...storage.env, ADMIN_EMAIL, ADMIN_PASSWORD });
  const url = await listeningAddress(server);
  const port = await brokerPort(server);
  await waitUntilHealthy(url);
  return { server, url, mqttUrl: `mqtt://127.0.0.1:${port}` };
}

type TLoupe = Awaited<ReturnType<typeof startLoupe>>;

async function stopLoupe(server: TServer): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.closed).toBe(0);
}

/** What a reader sends: generic JSON (an array of tag reads) or Zebra IoT Connector events as NDJSON. */
function payloadOf(format: TPayloadFormat, reads: readonly TRead[]): string {
  if (format === 'zebra') {
    return reads
      .map((read, index) =>
        JSON.stringify({
          type: 'SIMPLE',
          timestamp: read.timestamp,
          data: {
            eventNum: index + 1,
            format: 'epc',
            idHex: read.epc.toLowerCase(),
            antenna: read.antenna,
            peakRssi: -52,
            reads: 3,
          },
        }),
      )
      .join('\n');
  }
  return JSON.stringify(
    reads.map((read) => ({ epc: read.epc, antenna: read.antenna, timestamp: read.timestamp, rssi: -48 })),
  );
}

function connectReader(mqttUrl: string, apiKey: string, clientId: string): Promise<mqtt.MqttClient> {
  return mqtt.connectAsync(mqttUrl, {
    clientId,
    username: READER_ID,
    password: apiKey,
    // A dead server is not retried: reads in flight at the kill stay unacknowledged, as they were.
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
}

/** Resolves true once the broker sent PUBACK, false on an error. */
function publish(client: mqtt.MqttClient, message: TMessage): Promise<boolean> {
  return new Promise((resolve) => {
    client.publish(
      readerTopic(READER_ID, message.format),
      payloadOf(message.format, message.reads),
      { qos: 1 },
      (error) => resolve(!error),
    );
  });
}

/** Resolves with the HTTP status, or null when the request failed without an answer. */
async function postReads(
  baseUrl: string,
  apiKey: string,
  message: TMessage,
  signal?: AbortSignal,
): Promise<number | null> {
  try {
    const response = await fetch(`${baseUrl}/api/v1/rfid/${message.format}`, {
      method: 'POST',
      headers: {
        'x-api-key': apiKey,
        'content-type': message.format === 'zebra' ? 'application/x-ndjson' : 'application/json',
      },
      body: payloadOf(message.format, message.reads),
      ...(signal ? { signal } : {}),
    });
    await response.text();
    return response.status;
  } catch {
    return null;
  }
}

/**
 * What the readers send, across crashes: reader time moves on by READ_SPACING_MS a read, unknown tags are
 * new each time, and the tagged orders keep going round the four stations.
 */
function createReadSource(workshop: TWorkshop) {
  const origin = Date.now() - 24 * 60 * 60 * 1000;
  let sequence = 0;
  let unknownTags = 0;
  const moverRounds = new Map<TChannel, number>();
  const read = (epc: string, antenna: number, orderId: string | null): TRead => {
    sequence += 1;
    const timestamp = new Date(origin + sequence * READ_SPACING_MS).toISOString();
    return {
      key: `${READER_ID}/${antenna}/${epc}/${Date.parse(timestamp)}`,
      epc,
      antenna,
      timestamp,
      orderId,
    };
  };
  return {
    /** Unknown tags, a new one for every read, so no read of them can fold into another's row. */
    bulk(channel: TChannel, format: TPayloadFormat): TMessage {
      const reads: TRead[] = [];
      for (let index = 0; index < READS_PER_BULK_MESSAGE; index += 1) {
        unknownTags += 1;
        const epc = `E2C0DE${unknownTags.toString(16).toUpperCase().padStart(18, '0')}`;
        const antenna = unknownTags % 5 === 0 ? UNMAPPED_ANTENNA : (MAPPED_ANTENNAS[unknownTags % 4] ?? 1);
        reads.push(read(epc, antenna, null));
      }
      return { channel, format, reads };
    },
    /**
     * One read of each of the channel's orders, each at the station after its previous read's: every read
     * of a tagged order moves it, even when the one before was lost in a crash. The MQTT channel moves the
     * first three orders, HTTP the others.
     */
    mover(channel: TChannel, format: TPayloadFormat): TMessage {
      const round = moverRounds.get(channel) ?? 0;
      moverRounds.set(channel, round + 1);
      const orders = channel === 'mqtt' ? workshop.orders.slice(0, 3) : workshop.orders.slice(3);
      return {
        channel,
        format,
        reads: orders.map((order, index) =>
          read(order.epc, MAPPED_ANTENNAS[(round + index) % MAPPED_ANTENNAS.length] ?? 1, order.id),
        ),
      };
    },
  };
}

type TReadSource = ReturnType<typeof createReadSource>;

/** Every read sent and every read acknowledged, over all the crashes of one installation. */
type TLedger = { readonly sent: Map<string, TSentRead>; readonly acked: Map<string, TSentRead> };

/**
 * Six streams at once until `server` is SIGKILLed in full flow: two MQTT connections with several
 * publishes in flight each, two HTTP loops, and one mover per transport with one message at a time (so
 * the reads of one tag arrive in the reader's order). The kill comes the moment an acknowledgement of
 * `killOn` arrives: had it been sent before the reads were recorded, they would not be on disk yet.
 */
async function ingestUntilKilled(options: {
  readonly loupe: TLoupe;
  readonly apiKey: string;
  readonly source: TReadSource;
  readonly ledger: TLedger;
  readonly killOn: TChannel;
}) {
  const { loupe, apiKey, source, ledger, killOn } = options;
  const failures: string[] = [];
  const ackedMessagesOf = new Map<string, number>();
  let ackedReads = 0;
  let inFlight = 0;
  let inFlightAtKill = 0;
  let killed = false;
  let onKilled: () => void = () => undefined;
  const wasKilled = new Promise<void>((resolve) => {
    onKilled = resolve;
  });
  const kill = () => {
    if (killed) return;
    killed = true;
    inFlightAtKill = inFlight;
    loupe.server.child.kill('SIGKILL');
    onKilled();
  };
  const streams = ['mqtt-bulk-1', 'mqtt-bulk-2', 'mqtt-mover', 'http-bulk-1', 'http-bulk-2', 'http-mover'];
  const connected = await Promise.all(
    streams
      .filter((name) => name.startsWith('mqtt-'))
      .map(
        async (name) => [name, await connectReader(loupe.mqttUrl, apiKey, `${READER_ID}.${name}`)] as const,
      ),
  );
  const clients = new Map<string, mqtt.MqttClient>(connected);
  for (const [name, client] of clients) {
    // Once the process is dead, a reset connection is expected; before, it is a failure.
    client.on('error', (error) => {
      if (!killed) failures.push(`${name}: ${error.message}`);
    });
  }
  const abort = new AbortController();
  // Not in full flow within a minute: stop, and say so.
  const deadline = setTimeout(() => {
    failures.push(`not in full flow after a minute: ${JSON.stringify(Object.fromEntries(ackedMessagesOf))}`);
    kill();
  }, 60_000);

  /** Delivers a message; false once delivery failed (the loop then ends). */
  const send = async (stream: string, message: TMessage): Promise<boolean> => {
    const entries = message.reads.map(
      (each) => [each.key, { ...each, channel: message.channel, format: message.format }] as const,
    );
    for (const [key, entry] of entries) ledger.sent.set(key, entry);
    inFlight += 1;
    let ok: boolean;
    if (message.channel === 'mqtt') {
      const client = clients.get(stream);
      ok = client ? await publish(client, message) : false;
      if (!ok && !killed) failures.push(`${stream}: a publish failed before the kill`);
    } else {
      const status = await postReads(loupe.url, apiKey, message, abort.signal);
      ok = status !== null && status >= 200 && status < 300;
      // A dead process answers nothing; any status but 2xx is a refusal, whenever it came.
      if (!ok && (status !== null || !killed)) failures.push(`${stream}: answered ${status}`);
    }
    inFlight -= 1;
    if (!ok) {
      kill();
      return false;
    }
    // Acknowledged: after the kill too, when it was on its way before.
    for (const [key, entry] of entries) ledger.acked.set(key, entry);
    ackedReads += entries.length;
    ackedMessagesOf.set(stream, (ackedMessagesOf.get(stream) ?? 0) + 1);
    const everyStreamFlows = streams.every(
      (name) => (ackedMessagesOf.get(name) ?? 0) >= KILL_AFTER_ACKED_MESSAGES_PER_STREAM,
    );
    if (message.channel === killOn && ackedReads >= KILL_AFTER_ACKED_READS && everyStreamFlows) kill();
    return true;
  };

  const formats: readonly TPayloadFormat[] = ['reads', 'zebra'];
  const loop = async (stream: string, next: (round: number) => TMessage) => {
    for (let round = 0; !killed; round += 1) {
      if (!(await send(stream, next(round)))) return;
    }
  };
  const started = performance.now();
  const running = Promise.all(
    streams.flatMap((stream) => {
      const channel: TChannel = stream.startsWith('mqtt-') ? 'mqtt' : 'http';
      const format = (round: number) => formats[round % formats.length] ?? 'reads';
      if (stream.endsWith('-mover')) return [loop(stream, (round) => source.mover(channel, format(round)))];
      const lanes = channel === 'mqtt' ? MQTT_WINDOW : 1;
      return Array.from({ length: lanes }, (_, lane) =>
        loop(stream, (round) => source.bulk(channel, format(round + lane))),
      );
    }),
  );
  await wasKilled;
  clearTimeout(deadline);
  const exitCode = await loupe.server.closed;
  const ingestMs = Math.round(performance.now() - started);
  // What was in flight at the kill stays unacknowledged: the connections close and are never retried.
  abort.abort();
  await Promise.all([...clients.values()].map((client) => client.endAsync(true)));
  await running;
  return { failures, exitCode, inFlightAtKill, ackedReads, ingestMs };
}

async function snapshot(kind: TTestDatabaseKind, storage: TStorage): Promise<TSnapshot> {
  const handle = await openDatabase(
    kind === 'pglite'
      ? { kind: 'pglite', dataDir: storage.dataDir }
      : { kind: 'postgres', url: String(storage.env.DATABASE_URL), poolSize: 2 },
  );
  try {
    const journal = createRfidJournalRepository(handle.db);
    return {
      journal: await handle.db.select().from(rfidJournal).orderBy(asc(rfidJournal.seq)),
      cursor: await journal.position(APPLY_CURSOR),
      unapplied: (await journal.lag(APPLY_CURSOR)).rows,
      reads: await handle.db.select().from(rfidReads).orderBy(asc(rfidReads.readKey)),
      history: await handle.db.select().from(locationHistory).orderBy(asc(locationHistory.id)),
      tracked: await handle.db.select().from(trackedItems).orderBy(asc(trackedItems.epc)),
      visits: await handle.db
        .select()
        .from(analyticsVisits)
        .orderBy(asc(analyticsVisits.itemId), asc(analyticsVisits.arrivedAt)),
      unprojected: (await createMoveFeedRepository(handle.db).lag(ANALYTICS_VISITS)).rows,
    };
  } finally {
    await handle.close();
  }
}

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const value of values) {
    if (seen.has(value)) twice.push(value);
    seen.add(value);
  }
  return twice;
}

/** A handful of acknowledged reads a reader would redeliver after a lost PUBACK: one per tag and antenna. */
function pickRedeliveries(acked: ReadonlyMap<string, TSentRead>): TSentRead[] {
  const all = [...acked.values()].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  const tagged = all.filter((each) => each.orderId !== null);
  const lastOfEachOrder = [...new Map(tagged.map((each) => [each.orderId, each])).values()];
  const firstOfEachOrder = [...new Map([...tagged].reverse().map((each) => [each.orderId, each])).values()];
  const unknown = all.filter((each) => each.orderId === null);
  const picks = [
    ...firstOfEachOrder,
    ...lastOfEachOrder,
    ...unknown.filter((each) => each.antenna !== UNMAPPED_ANTENNA).slice(0, 4),
    ...unknown.filter((each) => each.antenna === UNMAPPED_ANTENNA).slice(0, 2),
  ];
  return [...new Map(picks.map((each) => [`${each.epc}/${each.antenna}`, each])).values()];
}

function lockOwner(storage: TStorage): string {
  return readFileSync(path.join(storage.dataDir, 'loupe.lock'), 'utf8');
}

describe.each(TEST_DATABASES)('a Loupe process SIGKILLed during RFID ingest on %s', (kind) => {
  let storage: TStorage | undefined;
  afterAll(async () => {
    await killRunningServers();
    await storage?.remove();
  });

  it(
    'keeps every acknowledged read exactly once across crashes, and ignores their redelivery',
    async () => {
      const started = performance.now();
      storage = await createStorage(kind, 'crash');
      const ledger: TLedger = { sent: new Map(), acked: new Map() };
      let loupe = await startLoupe(storage);
      const workshop = await setUpWorkshop(loupe.url);
      const source = createReadSource(workshop);

      // 1–4. Killed in full flow the moment a PUBACK arrives; restarted on the same data (over the lock the
      // dead process left), killed again the moment an HTTP answer arrives, and restarted again.
      const rounds: string[] = [];
      const unappliedAtKills: number[] = [];
      for (const killOn of ['mqtt', 'http'] as const) {
        const round = await ingestUntilKilled({ loupe, apiKey: workshop.apiKey, source, ledger, killOn });
        expect(round.failures).toEqual([]);
        expect(round.exitCode).toBeNull();
        expect(loupe.server.child.signalCode).toBe('SIGKILL');
        // Mid-stream: messages were on their way, unacknowledged.
        expect(round.inFlightAtKill).toBeGreaterThan(0);
        expect(lockOwner(storage)).toBe(String(loupe.server.child.pid));
        // At the kill: every acknowledged read is journaled once, applied or not yet.
        const atKill = await snapshot(kind, storage);
        const journaledKeys = atKill.journal.filter((row) => row.kind === 'read').map((row) => row.readKey);
        expect(duplicates(journaledKeys)).toEqual([]);
        const journaled = new Set(journaledKeys);
        expect([...ledger.acked.keys()].filter((key) => !journaled.has(key))).toEqual([]);
        // Acknowledged and journaled, not applied when the process died: the restart must apply them.
        const ackedUnapplied = atKill.journal.filter(
          (row) => row.seq > atKill.cursor && ledger.acked.has(row.readKey),
        ).length;
        unappliedAtKills.push(ackedUnapplied);
        rounds.push(
          `killed on ${killOn} after ${round.ackedReads} acknowledged reads in ${round.ingestMs} ms ` +
            `with ${round.inFlightAtKill} messages in flight and ${ackedUnapplied} acknowledged reads not applied yet`,
        );
        loupe = await startLoupe(storage);
        expect(lockOwner(storage)).toBe(String(loupe.server.child.pid));
      }
      await stopLoupe(loupe.server);

      // 5. Every acknowledged read is recorded, once, as it was sent; nothing was recorded that was not sent.
      const before = await snapshot(kind, storage);
      // The kills came between acknowledging and applying: reads acknowledged and not applied at a kill.
      expect(unappliedAtKills.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
      // Stopped cleanly, the applier has applied the whole journal.
      expect(before.unapplied).toBe(0);
      expect(before.cursor).toBe(before.journal.at(-1)?.seq);
      const recorded = new Map(before.reads.map((row) => [row.readKey, row]));
      expect(duplicates(before.reads.map((row) => row.readKey))).toEqual([]);
      const missing = [...ledger.acked.keys()].filter((key) => !recorded.has(key));
      expect(missing, `${missing.length} of ${ledger.acked.size} acknowledged reads are missing`).toEqual([]);
      for (const sentRead of ledger.acked.values()) {
        expect(recorded.get(sentRead.key)).toMatchObject({
          readerId: READER_ID,
          antenna: sentRead.antenna,
          epc: sentRead.epc,
          readAt: new Date(sentRead.timestamp),
          repeats: 0,
        });
      }
      expect(before.reads.map((row) => row.readKey).filter((key) => !ledger.sent.has(key))).toEqual([]);

      // Each acknowledged read of a tagged order moved it, once: one history entry under its read key.
      const historyKeys = before.history.flatMap((row) => (row.readKey === null ? [] : [row.readKey]));
      expect(duplicates(historyKeys)).toEqual([]);
      const historyOf = new Map(before.history.map((row) => [row.readKey, row]));
      const ackedMoves = [...ledger.acked.values()].filter((each) => each.orderId !== null);
      const unapplied = ackedMoves.filter((each) => {
        const row = historyOf.get(each.key);
        return (
          row === undefined ||
          row.itemId !== each.orderId ||
          row.stationId !== workshop.stationOf.get(each.antenna) ||
          row.arrivedAt.getTime() !== Date.parse(each.timestamp)
        );
      });
      expect(unapplied.map((each) => each.key)).toEqual([]);
      // History only from recorded reads of tagged orders: unknown tags and unmapped antennas move nothing.
      expect(
        historyKeys.filter((key) => !recorded.has(key) || ledger.sent.get(key)?.orderId == null),
      ).toEqual([]);
      // Each order stands where its newest history entry put it, no earlier than its last acknowledged read.
      for (const order of workshop.orders) {
        const tracked = before.tracked.find((row) => row.itemId === order.id);
        const newest = before.history
          .filter((row) => row.itemId === order.id)
          .sort((a, b) => b.arrivedAt.getTime() - a.arrivedAt.getTime())[0];
        const lastAcked = ackedMoves.filter((each) => each.orderId === order.id).at(-1);
        if (!lastAcked || !newest) throw new Error(`order ${order.epc} never moved`);
        expect(tracked).toMatchObject({
          epc: order.epc,
          currentStationId: newest.stationId,
          arrivedAt: newest.arrivedAt,
        });
        expect(newest.arrivedAt.getTime()).toBeGreaterThanOrEqual(Date.parse(lastAcked.timestamp));
      }

      // Each visit a move ended is in analytics once, whatever the kills interrupted (decision 026): its
      // projection applied the whole feed before the clean stop, and what it recorded is what the history says.
      expect(before.unprojected).toBe(0);
      const ended = new Map<string, string>();
      for (const order of workshop.orders) {
        const stays = before.history
          .filter((row) => row.itemId === order.id)
          .sort((a, b) => a.arrivedAt.getTime() - b.arrivedAt.getTime());
        stays.slice(0, -1).forEach((stay, index) => {
          const next = stays[index + 1];
          if (next)
            ended.set(
              `${order.id}@${stay.arrivedAt.toISOString()}`,
              `${stay.stationId}→${next.arrivedAt.toISOString()}`,
            );
        });
      }
      const visited = new Map(
        before.visits.map((visit) => [
          `${visit.itemId}@${visit.arrivedAt.toISOString()}`,
          `${visit.stationId}→${visit.leftAt.toISOString()}`,
        ]),
      );
      expect(before.visits.length).toBe(visited.size);
      expect(visited).toEqual(ended);
      expect(ended.size).toBeGreaterThan(0);

      // 6. A reader redelivers acknowledged reads (a PUBACK or an answer it never saw): nothing changes.
      loupe = await startLoupe(storage);
      const redeliveries = pickRedeliveries(ledger.acked);
      expect(redeliveries.length).toBeGreaterThanOrEqual(8);
      const client = await connectReader(loupe.mqttUrl, workshop.apiKey, `${READER_ID}.redelivery`);
      const refused: string[] = [];
      try {
        // The first one twice in a row, as a reader retrying at once would.
        for (const each of [redeliveries[0], ...redeliveries]) {
          if (each === undefined) continue;
          const message: TMessage = { channel: each.channel, format: each.format, reads: [each] };
          const ok =
            each.channel === 'mqtt'
              ? await publish(client, message)
              : (await postReads(loupe.url, workshop.apiKey, message)) === 200;
          if (!ok) refused.push(`${each.channel} ${each.key}`);
        }
      } finally {
        await client.endAsync();
      }
      expect(refused).toEqual([]);
      await stopLoupe(loupe.server);
      const after = await snapshot(kind, storage);
      expect(after.journal).toEqual(before.journal);
      expect(after.reads).toEqual(before.reads);
      expect(after.history).toEqual(before.history);
      expect(after.tracked).toEqual(before.tracked);
      expect(after.visits).toEqual(before.visits);

      const recordedUnacked = before.reads.filter((row) => !ledger.acked.has(row.readKey)).length;
      console.info(
        `[rfid-crash] ${kind}: ${rounds.join('; ')}. ${ledger.acked.size} of ${ledger.sent.size} reads ` +
          `acknowledged (${ackedMoves.length} moves), ${recordedUnacked} unacknowledged ones recorded anyway, ` +
          `${redeliveries.length} redelivered; ${Math.round(performance.now() - started)} ms in all`,
      );
    },
    TEST_TIMEOUT_MS,
  );
});

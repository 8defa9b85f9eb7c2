import { inArray, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfidReads } from '../src/db/schema/rfid.ts';
import { locationHistory, trackedItems } from '../src/db/schema/tracking.ts';
import { startEmbeddedBroker, type TEmbeddedBroker } from '../src/modules/ingest/embedded-broker.ts';
import { readerTopic, type TPayloadFormat } from '../src/modules/ingest/mqtt-topics.ts';
import { chance, pick, randomInt, seededRandom } from '../workshop/random.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

/**
 * Issue 34 §1: every read Loupe acknowledges (PUBACK) is recorded in rfid_reads and applied exactly once,
 * whatever else is published around it. Six connections of three readers publish valid reads interleaved
 * with junk (malformed JSON, empty objects, bad EPCs, timestamps no database can store, and reads the
 * database refuses, as a full disk or a broken constraint would), and with redeliveries: a publish whose
 * connection the broker closed is sent again later, and an acknowledged one is sent again as if its PUBACK
 * had been lost. The order of all of it comes from a seed; each seed is replayed the same way.
 *
 * Every read of one tag at one antenna is 12 s after the previous one in reader time, beyond the dedupe
 * window, so every read is fresh: none may be counted as a repeat. "Chained" tags publish their next read
 * only once the previous one was acknowledged, so each read is a move (antennas 1 and 2 stand for two
 * stations) and the tag's history is exactly its reads; "free" tags publish regardless, so their reads may
 * arrive late, and only the newest decides where the tag is.
 */

const SEEDS = Array.from({ length: 20 }, (_, index) => 3_401 + index * 7);
const READERS = ['flood-a', 'flood-b', 'flood-c'] as const;
const CONNECTIONS_PER_READER = 2;
const READS_PER_TAG = 4;
/** Reads of one tag alternate antennas this far apart: 12 s between two reads at the same antenna. */
const READ_STEP_MS = 6_000;
/** Publishes one connection may have unacknowledged at once (readers keep a small QoS 1 window). */
const WINDOW = 6;
const T0 = Date.UTC(2026, 2, 2, 8, 0, 0);
/** The database refuses reads of tags whose EPC starts so (the trigger installed below). */
const REFUSED_EPC_PREFIX = 'DEAD';

type TRead = {
  readonly epc: string;
  readonly antenna: 1 | 2;
  readonly at: number;
  readonly key: string;
};
type TTag = {
  readonly epc: string;
  readonly orderId: string;
  readonly isChained: boolean;
  readonly reads: TRead[];
  /** Reads published so far. */
  next: number;
  /** A chained tag waits while the publish of its last read is not acknowledged. */
  waitingFor: TPublish | null;
};
type TPublish = {
  readonly id: number;
  readonly format: TPayloadFormat;
  readonly payload: string;
  /** The valid reads it carries; none for junk. */
  readonly reads: readonly TRead[];
  readonly tags: readonly TTag[];
  /** A publish the database refuses: it is never acknowledged. */
  readonly isRefused: boolean;
  /** How often a refused publish is sent again, as a reader would, before it gives up. */
  resendsLeft: number;
  isAcknowledged: boolean;
};
type TConnection = {
  readonly readerId: string;
  readonly clientId: string;
  readonly apiKey: string;
  readonly tags: TTag[];
  client: mqtt.MqttClient | null;
  connecting: Promise<mqtt.MqttClient> | null;
  inFlight: Set<TPublish>;
  /** What it published, oldest first. */
  published: TPublish[];
  /** Publishes not acknowledged when their connection closed: sent again later. */
  unacknowledged: TPublish[];
};

describe.each(TEST_DATABASES)('acknowledged reads under junk and redeliveries on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let fixtures: TTrackingFixtures;
  let broker: TEmbeddedBroker;
  const apiKeys = new Map<string, string>();
  const stationOf = new Map<string, string>();
  let actor: { role: 'admin'; id: string };

  beforeAll(async () => {
    t = await createTestApp({ database });
    admin = (await t.clientAs('admin')).client;
    actor = { role: 'admin', id: (await t.createUser({ role: 'admin' })).id };
    fixtures = createTrackingFixtures(t.database.db, t.clock);
    const casting = await fixtures.department({ name: 'Casting' });
    const polishing = await fixtures.department({ name: 'Polishing' });
    const stations = {
      1: { departmentId: casting.id, stationId: (await fixtures.station(casting.id)).id },
      2: { departmentId: polishing.id, stationId: (await fixtures.station(polishing.id)).id },
    } as const;
    for (const readerId of READERS) {
      const created = await admin.request('POST', '/api/v1/readers', {
        body: { id: readerId, name: readerId, kind: 'generic' },
      });
      expect(created.statusCode, created.body).toBe(201);
      apiKeys.set(readerId, (created.json() as { data: { apiKey: string } }).data.apiKey);
      for (const antenna of [1, 2] as const) {
        const mapped = await admin.request('PUT', `/api/v1/readers/${readerId}/antennas/${antenna}`, {
          body: stations[antenna],
        });
        expect(mapped.statusCode, mapped.body).toBe(200);
        stationOf.set(`${readerId}/${antenna}`, stations[antenna].stationId);
      }
    }
    // A database that refuses some writes, as a full disk or a broken constraint would: the journal append
    // holding such a read (what an acknowledgement stands for, decision 025) fails whole, with the valid
    // reads of other readers in it.
    await t.database.db.execute(
      sql.raw(`
        create function refuse_dead_reads() returns trigger language plpgsql as $$
        begin
          if new.epc like '${REFUSED_EPC_PREFIX}%' then raise exception 'could not extend file: no space left on device'; end if;
          return new;
        end $$;
        create trigger refuse_dead_reads before insert on rfid_journal
          for each row execute function refuse_dead_reads();`),
    );
    const { rfid } = t.app.loupe;
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      authenticate: rfid.checkReaderCredentials,
      onPublish: rfid.ingestPublish,
      limits: { maxPacketBytes: 1_048_576, maxInFlight: 100 },
      logger: t.app.log,
    });
  });
  afterAll(async () => {
    await broker?.close();
    await t?.close();
  });

  async function trackedTag(readerId: string, epc: string, isChained: boolean, offset: number) {
    const order = await fixtures.order();
    await t.app.loupe.tracking.assignEpc(actor, 'order', order.id, epc);
    const reads: TRead[] = Array.from({ length: READS_PER_TAG }, (_, index) => {
      const antenna = index % 2 === 0 ? 1 : 2;
      const at = offset + index * READ_STEP_MS;
      return { epc, antenna, at, key: `${readerId}/${antenna}/${epc}/${at}` };
    });
    const tag: TTag = { epc, orderId: order.id, isChained, reads, next: 0, waitingFor: null };
    return tag;
  }

  it.each(SEEDS)('records and applies every acknowledged read once (seed %i)', async (seed) => {
    const random = seededRandom(seed);
    // A day of its own per seed; the tags are assigned just before it, and the reads lie in the past when
    // they arrive (a read from the future counts as now).
    const base = T0 + SEEDS.indexOf(seed) * 86_400_000;
    t.clock.set(new Date(base - 60_000));
    const connections: TConnection[] = [];
    let tagIndex = 0;
    for (const readerId of READERS) {
      for (let index = 1; index <= CONNECTIONS_PER_READER; index += 1) {
        const tags: TTag[] = [];
        for (const isChained of [true, false]) {
          tagIndex += 1;
          tags.push(await trackedTag(readerId, fixtures.epc(), isChained, base + tagIndex * 97));
        }
        connections.push({
          readerId,
          clientId: `${readerId}.c${index}`,
          apiKey: apiKeys.get(readerId) ?? '',
          tags,
          client: null,
          connecting: null,
          inFlight: new Set(),
          published: [],
          unacknowledged: [],
        });
      }
    }
    const allTags = connections.flatMap((connection) => connection.tags);
    t.clock.set(new Date(base + 3_600_000));
    const publishes: TPublish[] = [];
    const settling = new Set<Promise<void>>();

    const clientOf = (connection: TConnection): Promise<mqtt.MqttClient> => {
      if (connection.client?.connected) return Promise.resolve(connection.client);
      connection.connecting ??= mqtt
        .connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
          clientId: connection.clientId,
          username: connection.readerId,
          password: connection.apiKey,
          reconnectPeriod: 0,
          connectTimeout: 5_000,
        })
        .then((client) => {
          connection.client = client;
          connection.connecting = null;
          // The broker closes a connection whose publish it could not record: what was unacknowledged on
          // it fails now (end(true) flushes it) and is sent again later on a new connection.
          client.once('close', () => {
            if (connection.client === client) connection.client = null;
            client.end(true);
          });
          return client;
        });
      return connection.connecting;
    };

    const send = (connection: TConnection, message: TPublish) => {
      connection.inFlight.add(message);
      const done = clientOf(connection)
        .then(
          (client) =>
            new Promise<boolean>((resolve) => {
              client.publish(
                readerTopic(connection.readerId, message.format),
                message.payload,
                { qos: 1 },
                (error) => resolve(!error),
              );
            }),
        )
        .then((isAcknowledged) => {
          connection.inFlight.delete(message);
          if (isAcknowledged) {
            message.isAcknowledged = true;
            // Its own publish, not another one carrying an older read of the tag sent again.
            for (const tag of message.tags) if (tag.waitingFor === message) tag.waitingFor = null;
          } else if (!message.isRefused || message.resendsLeft > 0) {
            if (message.isRefused) message.resendsLeft -= 1;
            connection.unacknowledged.push(message);
          }
        });
      const tracked = done.finally(() => settling.delete(tracked));
      settling.add(tracked);
    };

    const publish = (
      connection: TConnection,
      input: Omit<TPublish, 'id' | 'isAcknowledged' | 'resendsLeft'>,
    ) => {
      const resendsLeft = input.isRefused ? randomInt(random, 0, 1) : 0;
      const message: TPublish = { ...input, id: publishes.length, resendsLeft, isAcknowledged: false };
      publishes.push(message);
      connection.published.push(message);
      send(connection, message);
      return message;
    };

    const junkElement = (): unknown =>
      pick(random, [
        {},
        { epc: 'not an epc' },
        { epc: 'E2801160ZZ' },
        { epc: fixtures.epc(), timestamp: '0000-01-01T00:00:00Z' },
        { epc: fixtures.epc(), timestamp: 253_402_300_800_000 },
        { epc: fixtures.epc(), antenna: 0 },
      ]);

    const publishJunk = (connection: TConnection) => {
      const kind = randomInt(random, 0, 5);
      if (kind === 0) {
        publish(connection, {
          format: 'reads',
          payload: '{"epc": "E280',
          reads: [],
          tags: [],
          isRefused: false,
        });
      } else if (kind === 1) {
        const elements = Array.from({ length: randomInt(random, 1, 6) }, junkElement);
        const payload = JSON.stringify(elements);
        publish(connection, { format: 'reads', payload, reads: [], tags: [], isRefused: false });
      } else if (kind === 2) {
        const payload = JSON.stringify(Array.from({ length: randomInt(random, 1, 40) }, () => ({})));
        publish(connection, { format: 'impinj', payload, reads: [], tags: [], isRefused: false });
      } else if (kind === 3 || kind === 4) {
        const payload = `{"timestamp":"0000-01-01T00:00:00+0000","data":{"idHex":"${fixtures.epc()}","antenna":1}}`;
        publish(connection, { format: 'zebra', payload, reads: [], tags: [], isRefused: false });
      } else {
        const epc = `${REFUSED_EPC_PREFIX}${fixtures.epc().slice(4)}`;
        const payload = JSON.stringify([{ epc, antenna: 1, timestamp: new Date(base).toISOString() }]);
        publish(connection, { format: 'reads', payload, reads: [], tags: [], isRefused: true });
      }
    };

    const publishReads = (connection: TConnection): boolean => {
      const ready = connection.tags.filter((tag) => tag.next < tag.reads.length && tag.waitingFor === null);
      if (ready.length === 0) return false;
      const tags = ready.filter(() => chance(random, 0.7));
      if (tags.length === 0) tags.push(pick(random, ready));
      const reads = tags.map((tag) => {
        const read = tag.reads[tag.next] as TRead;
        tag.next += 1;
        return read;
      });
      const format: TPayloadFormat = chance(random, 0.5) ? 'zebra' : 'reads';
      const elements: unknown[] = reads.map((read) =>
        format === 'zebra'
          ? {
              type: 'SIMPLE',
              timestamp: new Date(read.at).toISOString(),
              data: { idHex: read.epc, antenna: read.antenna, peakRssi: -52 },
            }
          : { epc: read.epc, antenna: read.antenna, timestamp: new Date(read.at).toISOString() },
      );
      // Valid reads with a part that cannot be read: the reads count, the part is refused.
      if (chance(random, 0.25)) elements.splice(randomInt(random, 0, elements.length), 0, junkElement());
      const message = publish(connection, {
        format,
        payload: JSON.stringify(elements),
        reads,
        tags,
        isRefused: false,
      });
      for (const tag of tags) if (tag.isChained) tag.waitingFor = message;
      return true;
    };

    const redeliver = (connection: TConnection): boolean => {
      const again = connection.unacknowledged.shift();
      if (again !== undefined) {
        send(connection, again);
        return true;
      }
      // An acknowledged publish of this reader sent again, as when its PUBACK was lost.
      const acknowledged = connection.published.filter(
        (message) => message.isAcknowledged && message.reads.length > 0,
      );
      if (acknowledged.length === 0) return false;
      send(connection, pick(random, acknowledged));
      return true;
    };

    const isPublished = () => allTags.every((tag) => tag.next === tag.reads.length);
    const isDone = () =>
      isPublished() && connections.every((connection) => connection.unacknowledged.length === 0);

    // The flood: reads, junk and redeliveries until every read was published.
    let steps = 0;
    while (!isPublished() && steps < 3_000) {
      steps += 1;
      const connection = pick(random, connections);
      if (connection.inFlight.size >= WINDOW) {
        await Promise.race(settling);
        continue;
      }
      const roll = random();
      let acted = true;
      if (roll < 0.5) acted = publishReads(connection);
      else if (roll < 0.75) publishJunk(connection);
      else acted = redeliver(connection);
      if (!acted && settling.size > 0) await Promise.race(settling);
      // Let the broker and the pipeline run between publishes now and then, so batches hold a mix.
      if (chance(random, 0.3)) await new Promise((resolve) => setImmediate(resolve));
    }
    // The readers then send again what is still unacknowledged, until it is (a refused one they give up).
    for (let round = 0; round < 20 && !(isDone() && settling.size === 0); round += 1) {
      while (settling.size > 0) await Promise.race(settling);
      for (const connection of connections) {
        const again = connection.unacknowledged.splice(0);
        for (const message of again) if (!message.isRefused) send(connection, message);
      }
    }
    while (settling.size > 0) await Promise.race(settling);
    await Promise.all(connections.map((connection) => connection.client?.endAsync(true)));
    // Acknowledged means journaled (decision 025): what follows holds once the applier has caught up.
    await t.app.loupe.rfid.pipeline.drain();

    // Every acknowledged read is recorded under its own key: none was taken for a repeat.
    const acknowledged = new Map(
      publishes
        .filter((message) => message.isAcknowledged)
        .flatMap((message) => message.reads.map((read) => [read.key, read] as const)),
    );
    const epcs = allTags.map((tag) => tag.epc);
    const recorded = await t.database.db
      .select({ readKey: rfidReads.readKey, repeats: rfidReads.repeats })
      .from(rfidReads)
      .where(inArray(rfidReads.epc, epcs));
    const missing = [...acknowledged.keys()].filter((key) => !recorded.some((row) => row.readKey === key));
    expect({ acknowledged: acknowledged.size, missing }).toEqual({
      acknowledged: acknowledged.size,
      missing: [],
    });

    // Everything but the refused publishes was acknowledged in the end: junk too (it is refused, and
    // acknowledged so that it never blocks a reader's queue).
    const unacknowledged = publishes.filter((message) => !message.isRefused && !message.isAcknowledged);
    expect(unacknowledged.slice(0, 3).map((message) => message.payload)).toEqual([]);
    expect(isDone()).toBe(true);
    expect(recorded.filter((row) => !acknowledged.has(row.readKey)).slice(0, 5)).toEqual([]);
    expect(recorded).toHaveLength(acknowledged.size);
    expect(acknowledged.size).toBe(allTags.length * READS_PER_TAG);

    // Applied exactly once. A chained tag moved at each of its reads, once, and stands where its newest
    // read puts it. A free tag's reads may arrive in any order, so where it stands depends on the order
    // they came in (tracking/location-move.ts); its history holds its own reads only, each once.
    // Either was last seen at its newest read.
    const history = await t.database.db
      .select({ epc: locationHistory.epc, readKey: locationHistory.readKey })
      .from(locationHistory)
      .where(inArray(locationHistory.epc, epcs));
    const positions = await t.database.db
      .select({
        epc: trackedItems.epc,
        stationId: trackedItems.currentStationId,
        lastSeenAt: trackedItems.lastSeenAt,
      })
      .from(trackedItems)
      .where(inArray(trackedItems.epc, epcs));
    for (const connection of connections) {
      for (const tag of connection.tags) {
        const keys = history.filter((row) => row.epc === tag.epc).map((row) => row.readKey);
        const position = positions.find((row) => row.epc === tag.epc);
        const newest = tag.reads.at(-1) as TRead;
        expect(position?.lastSeenAt, tag.epc).toEqual(new Date(newest.at));
        if (tag.isChained) {
          expect(keys.sort(), tag.epc).toEqual(tag.reads.map((read) => read.key).sort());
          expect(position?.stationId, tag.epc).toBe(
            stationOf.get(`${connection.readerId}/${newest.antenna}`),
          );
        } else {
          expect(keys.length, tag.epc).toBeGreaterThan(0);
          expect(new Set(keys).size, tag.epc).toBe(keys.length);
          expect(
            keys.filter((key) => !tag.reads.some((read) => read.key === key)),
            tag.epc,
          ).toEqual([]);
        }
      }
    }
  });
});

import mqtt from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_CONNECTIONS_PER_READER,
  startEmbeddedBroker,
  type TEmbeddedBroker,
  type TReaderRejection,
} from './embedded-broker.ts';
import { isReaderClientId, parseReaderTopic, readerTopic, type TReaderTopic } from './mqtt-topics.ts';

const KEYS: Record<string, string> = { 'bench-1': 'lpr_bench-secret', 'qa-2': 'lpr_qa-secret' };
const logger = pino({ level: 'silent' });

type TRecorded = { topic: TReaderTopic; payload: string };

let broker: TEmbeddedBroker | null = null;
const clients: mqtt.MqttClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  await broker?.close();
  broker = null;
});

/** The defaults of MQTT_MAX_PACKET_BYTES and MQTT_MAX_INFLIGHT_PER_READER. */
const LIMITS = { maxPacketBytes: 1_048_576, maxInFlight: 100 };

async function start(
  onPublish: (topic: TReaderTopic, payload: Buffer) => Promise<void>,
  onRejection?: (rejection: TReaderRejection) => void,
  limits: Partial<typeof LIMITS> = {},
) {
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    authenticate: async (readerId, apiKey) => KEYS[readerId] === apiKey,
    onPublish,
    ...(onRejection ? { onRejection } : {}),
    limits: { ...LIMITS, ...limits },
    logger,
  });
  return broker;
}

let connections = 0;
/** A connection with the reader's own kind of client id (`bench-1.3`) unless the test names one. */
function connect(port: number, credentials: { username?: string; password?: string; clientId?: string }) {
  connections += 1;
  const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
    clientId: credentials.username === undefined ? '' : `${credentials.username}.${connections}`,
    ...credentials,
    reconnectPeriod: 0,
    connectTimeout: 3000,
  });
  clients.push(client);
  return client;
}

/**
 * A PINGREQ answered: the broker answers it at once even while a publish waits on the pipeline, and TCP
 * keeps order, so any PUBACK the broker wrote before it has reached the client by the time this resolves.
 */
function pingRoundTrip(client: mqtt.MqttClient): Promise<void> {
  return new Promise((resolve) => {
    const onPacket = (packet: mqtt.Packet) => {
      if (packet.cmd !== 'pingresp') return;
      client.off('packetreceive', onPacket);
      resolve();
    };
    client.on('packetreceive', onPacket);
    client.sendPing();
  });
}

function connectResult(client: mqtt.MqttClient): Promise<'connected' | string> {
  return new Promise((resolve) => {
    client.once('connect', () => resolve('connected'));
    client.once('error', (error) => resolve(error.message));
  });
}

describe('isReaderClientId', () => {
  it.each([
    ['bench-1', true],
    ['bench-1.backup', true],
    ['bench-1.', true],
    ['bench-10', false],
    ['bench-1-backup', false],
    ['bench', false],
    ['qa-2', false],
    ['mqttjs_4f2a9c1d', false],
    ['', false],
  ])('%j for reader bench-1 → %s', (clientId, expected) => {
    expect(isReaderClientId('bench-1', clientId)).toBe(expected);
  });
});

describe('parseReaderTopic', () => {
  it.each([
    ['loupe/readers/bench-1/zebra', { readerId: 'bench-1', format: 'zebra' }],
    ['loupe/readers/bench-1/zebra/data', { readerId: 'bench-1', format: 'zebra' }],
    ['loupe/readers/qa_2/impinj', { readerId: 'qa_2', format: 'impinj' }],
    ['loupe/readers/x/reads', { readerId: 'x', format: 'reads' }],
    ['loupe/readers/x/barcode', null],
    ['loupe/readers/x', null],
    ['other/readers/x/zebra', null],
  ])('%s → %j', (topic, expected) => {
    expect(parseReaderTopic(topic)).toEqual(expected);
  });

  it('builds the topic it parses', () => {
    expect(parseReaderTopic(readerTopic('bench-1', 'impinj'))).toEqual({
      readerId: 'bench-1',
      format: 'impinj',
    });
  });
});

describe('embedded MQTT broker', () => {
  it('refuses anonymous clients and wrong keys, and accepts a reader with its key', async () => {
    const { port } = await start(async () => {});
    expect(await connectResult(connect(port, {}))).toMatch(/Not authorized|Bad username or password/);
    expect(await connectResult(connect(port, { username: 'bench-1', password: 'wrong' }))).toMatch(
      /Bad username or password/,
    );
    expect(await connectResult(connect(port, { username: 'bench-1', password: KEYS['bench-1'] }))).toBe(
      'connected',
    );
  });

  it('hands a publish to the pipeline and acknowledges it only after the pipeline has recorded it', async () => {
    const recorded: TRecorded[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let handedOver: () => void = () => {};
    const inPipeline = new Promise<void>((resolve) => {
      handedOver = resolve;
    });
    const { port } = await start(async (topic, payload) => {
      handedOver();
      await gate;
      recorded.push({ topic, payload: payload.toString('utf8') });
    });
    const client = connect(port, { username: 'bench-1', password: KEYS['bench-1'] });
    await connectResult(client);
    let acknowledged = false;
    const publish = client
      .publishAsync('loupe/readers/bench-1/zebra/data', '{"data":{"idHex":"E280"}}', { qos: 1 })
      .then(() => {
        acknowledged = true;
      });
    await inPipeline;
    await pingRoundTrip(client);
    expect(acknowledged).toBe(false);
    release();
    await publish;
    expect(acknowledged).toBe(true);
    expect(recorded).toEqual([
      { topic: { readerId: 'bench-1', format: 'zebra' }, payload: '{"data":{"idHex":"E280"}}' },
    ]);
  });

  it('does not acknowledge a publish the pipeline could not record', async () => {
    const { port } = await start(async () => {
      throw new Error('database unavailable');
    });
    const client = connect(port, { username: 'bench-1', password: KEYS['bench-1'] });
    await connectResult(client);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    let acknowledged = false;
    // MQTT.js settles an unacknowledged publish only when the client ends (afterEach): a rejection then.
    client.publishAsync('loupe/readers/bench-1/reads', '{}', { qos: 1 }).then(
      () => {
        acknowledged = true;
      },
      () => undefined,
    );
    await closed;
    expect(acknowledged).toBe(false);
  });

  it('closes a reader that publishes under another reader’s topic, recording nothing and saying why', async () => {
    const recorded: TRecorded[] = [];
    const rejections: TReaderRejection[] = [];
    const { port } = await start(
      async (topic, payload) => {
        recorded.push({ topic, payload: payload.toString() });
      },
      (rejection) => rejections.push(rejection),
    );
    const client = connect(port, { username: 'bench-1', password: KEYS['bench-1'] });
    await connectResult(client);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish('loupe/readers/qa-2/impinj', '[]', { qos: 1 });
    await closed;
    expect(recorded).toEqual([]);
    expect(rejections).toEqual([
      {
        readerId: 'bench-1',
        reason:
          'Published on a topic it may not use; disconnected. Allowed: loupe/readers/bench-1/{zebra|impinj|reads}.',
        topic: 'loupe/readers/qa-2/impinj',
      },
    ]);
  });

  // Issue 34 §6: a reader connecting with another reader's client id took that reader's connection over.
  it('refuses a client id that is not the reader’s own, so no key can knock another reader offline', async () => {
    const rejections: TReaderRejection[] = [];
    const { port } = await start(
      async () => {},
      (rejection) => rejections.push(rejection),
    );
    const bench = connect(port, { username: 'bench-1', password: KEYS['bench-1'], clientId: 'bench-1' });
    expect(await connectResult(bench)).toBe('connected');
    let benchClosed = false;
    bench.once('close', () => {
      benchClosed = true;
    });

    const impostor = connect(port, { username: 'qa-2', password: KEYS['qa-2'], clientId: 'bench-1' });
    expect(await connectResult(impostor)).toMatch(/Identifier rejected/);
    expect(rejections).toEqual([
      {
        readerId: 'qa-2',
        reason:
          "Refused at connect: client id 'bench-1' is not this reader’s. Use 'qa-2', or 'qa-2.' followed by anything.",
        topic: null,
      },
    ]);
    // The reader whose id it tried is still connected and served.
    await pingRoundTrip(bench);
    expect(benchClosed).toBe(false);
    await bench.publishAsync('loupe/readers/bench-1/reads', '{}', { qos: 1 });
    expect(benchClosed).toBe(false);

    // Its own ids, and none at all (the broker makes a unique one), are accepted; so is a reader replacing
    // its own dropped connection.
    for (const clientId of ['qa-2', 'qa-2.backup', '']) {
      expect(await connectResult(connect(port, { username: 'qa-2', password: KEYS['qa-2'], clientId }))).toBe(
        'connected',
      );
    }
    const again = connect(port, { username: 'bench-1', password: KEYS['bench-1'], clientId: 'bench-1' });
    expect(await connectResult(again)).toBe('connected');
    await expect.poll(() => benchClosed).toBe(true);
  });

  it('says which reader came with a wrong key', async () => {
    const rejections: TReaderRejection[] = [];
    const { port } = await start(
      async () => {},
      (rejection) => rejections.push(rejection),
    );
    await connectResult(connect(port, { username: 'qa-2', password: 'lpr_old-key' }));
    expect(rejections).toEqual([
      {
        readerId: 'qa-2',
        reason: 'Refused at connect: the password is not this reader’s API key.',
        topic: null,
      },
    ]);
  });

  it('refuses a 2 MiB publish and closes that connection, while it keeps serving other readers', async () => {
    const recorded: TRecorded[] = [];
    const rejections: TReaderRejection[] = [];
    const { port } = await start(
      async (topic, payload) => {
        recorded.push({ topic, payload: payload.toString('utf8') });
      },
      (rejection) => rejections.push(rejection),
    );
    const other = connect(port, { username: 'qa-2', password: KEYS['qa-2'] });
    expect(await connectResult(other)).toBe('connected');
    const flooder = connect(port, { username: 'bench-1', password: KEYS['bench-1'] });
    expect(await connectResult(flooder)).toBe('connected');
    // A socket error (EPIPE, ECONNRESET) while the rest of the 2 MiB is still being written is expected.
    flooder.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => flooder.once('close', () => resolve()));

    flooder.publish('loupe/readers/bench-1/reads', Buffer.alloc(2 * 1_048_576, 0x20), { qos: 1 });
    await closed;

    expect(rejections).toEqual([
      {
        readerId: 'bench-1',
        reason: expect.stringMatching(
          /^Sent a packet of \d+ bytes; the limit is 1048576 \(MQTT_MAX_PACKET_BYTES\)\. Disconnected\.$/,
        ),
        topic: null,
      },
    ]);
    expect(Number(/of (\d+) bytes/.exec(rejections[0]?.reason ?? '')?.[1])).toBeGreaterThan(2 * 1_048_576);
    // The other reader is still connected and served; a publish of exactly the limit is still accepted.
    expect(other.connected).toBe(true);
    const topic = 'loupe/readers/qa-2/reads';
    const atLimit = 1_048_576 - (2 + topic.length + 2);
    await other.publishAsync(topic, Buffer.alloc(atLimit, 0x20), { qos: 1 });
    await other.publishAsync(topic, '{"after":true}', { qos: 1 });
    expect(recorded.map((read) => read.payload.length)).toEqual([atLimit, 14]);
    expect(recorded.every((read) => read.topic.readerId === 'qa-2')).toBe(true);
  });

  it('stops reading from a reader with a full in-flight window and catches up once the pipeline does', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let handedOver = 0;
    let recorded = 0;
    let maxWaiting = 0;
    const { port } = await start(
      async () => {
        handedOver += 1;
        maxWaiting = Math.max(maxWaiting, handedOver - recorded);
        await gate;
        recorded += 1;
      },
      undefined,
      { maxInFlight: 5 },
    );
    const flooder = connect(port, { username: 'bench-1', password: KEYS['bench-1'] });
    await connectResult(flooder);
    const other = connect(port, { username: 'qa-2', password: KEYS['qa-2'] });
    await connectResult(other);

    const published = Array.from({ length: 200 }, (_, index) =>
      flooder.publishAsync('loupe/readers/bench-1/reads', `{"n":${index}}`, { qos: 1 }),
    );
    await expect.poll(() => handedOver).toBe(5);
    // The broker answers another reader at once, and the flooder's backlog is not handed over meanwhile.
    await pingRoundTrip(other);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(handedOver).toBe(5);

    release();
    await Promise.all(published);
    expect(recorded).toBe(200);
    expect(maxWaiting).toBeLessThanOrEqual(5);
  });

  it('holds a reader to a few connections at once, and takes a new one when one closes', async () => {
    const rejections: TReaderRejection[] = [];
    const { port } = await start(
      async () => {},
      (rejection) => rejections.push(rejection),
    );
    const credentials = { username: 'bench-1', password: KEYS['bench-1'] };
    const open = Array.from({ length: MAX_CONNECTIONS_PER_READER }, () => connect(port, credentials));
    expect(await Promise.all(open.map(connectResult))).toEqual(open.map(() => 'connected'));

    expect(await connectResult(connect(port, credentials))).toMatch(/Server unavailable/);
    expect(rejections).toEqual([
      {
        readerId: 'bench-1',
        reason: `Refused at connect: this reader already has ${MAX_CONNECTIONS_PER_READER} connections open.`,
        topic: null,
      },
    ]);
    // Another reader is not affected.
    expect(await connectResult(connect(port, { username: 'qa-2', password: KEYS['qa-2'] }))).toBe(
      'connected',
    );

    await open[0]?.endAsync();
    await expect.poll(async () => connectResult(connect(port, credentials))).toBe('connected');
  });

  it('stops start-up with a message naming MQTT_PORT when the port is taken', async () => {
    const first = await start(async () => {});
    await expect(
      startEmbeddedBroker({
        port: first.port,
        host: '127.0.0.1',
        authenticate: async () => true,
        onPublish: async () => {},
        limits: LIMITS,
        logger,
      }),
    ).rejects.toThrow(`MQTT_PORT: ${first.port} is already in use`);
  });
});

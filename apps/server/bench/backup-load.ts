import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import { readerTopic } from '../src/modules/ingest/mqtt-topics.ts';
import { zebraPayload } from '../workshop/reader-payloads.ts';
import type { TLoadReader } from './ingest-protocol.ts';
import { epcOf } from './ingest-seed.ts';

/**
 * The steady publisher of `npm run bench:backup`: one MQTT connection per reader, Zebra batches of fresh
 * EPCs (each read a tag never seen before, so every acknowledged read must have its own row in
 * rfid_reads) at QoS 1, paced by the clock and never by the acknowledgements, so that a pause in Loupe
 * shows as late PUBACKs rather than as fewer publishes. Every message keeps its publish and PUBACK times.
 */

/** EPCs of the bench's reads: a prefix nobody else uses, then a counter. */
const EPC_PREFIX = 'BACC42';
const TICK_MS = 10;

export type TPublished = {
  readonly epcs: readonly string[];
  readonly publishedAt: number;
  /** performance.now() when the PUBACK came; NaN while awaited, or when the publish failed. */
  ackedAt: number;
  failed: boolean;
};

export async function startSteadyLoad(options: {
  readonly brokerUrl: string;
  readonly readers: readonly TLoadReader[];
  readonly readsPerSecond: number;
  readonly readsPerMessage: number;
}) {
  const clients: { client: MqttClient; topic: string; readerId: string; eventNum: number }[] =
    await Promise.all(
      options.readers.map(async (reader, index) => ({
        client: await mqtt.connectAsync(options.brokerUrl, {
          clientId: `${reader.id}.bench-backup-${index}`,
          protocolVersion: 4,
          clean: true,
          reconnectPeriod: 0,
          keepalive: 120,
          username: reader.id,
          password: reader.apiKey ?? '',
        }),
        topic: readerTopic(reader.id, 'zebra'),
        readerId: reader.id,
        eventNum: 1,
      })),
    );
  const messages: TPublished[] = [];
  let nextEpc = 0;
  let sentMessages = 0;
  let next = 0;
  const started = performance.now();
  const messagesPerSecond = options.readsPerSecond / options.readsPerMessage;

  const publishOne = () => {
    const connection = clients[next % clients.length];
    next += 1;
    if (!connection) return;
    const at = new Date();
    const epcs = Array.from({ length: options.readsPerMessage }, () => epcOf(EPC_PREFIX, nextEpc++));
    const antenna = 1;
    const payload = zebraPayload(
      epcs.map((epc) => ({ epc, antenna, at })),
      { hostName: connection.readerId, firstEventNum: connection.eventNum },
    );
    connection.eventNum += epcs.length;
    const message: TPublished = { epcs, publishedAt: performance.now(), ackedAt: Number.NaN, failed: false };
    messages.push(message);
    connection.client.publish(connection.topic, payload, { qos: 1 }, (error) => {
      if (error) message.failed = true;
      else message.ackedAt = performance.now();
    });
  };

  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * messagesPerSecond);
    while (sentMessages < due) {
      publishOne();
      sentMessages += 1;
    }
  }, TICK_MS);

  return {
    messages,
    /** Stops publishing, waits (up to `timeoutMs`) for the PUBACKs still due, and closes the connections. */
    async stop(timeoutMs = 60_000): Promise<void> {
      clearInterval(timer);
      const deadline = performance.now() + timeoutMs;
      while (
        messages.some((message) => Number.isNaN(message.ackedAt) && !message.failed) &&
        performance.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await Promise.all(clients.map(({ client }) => client.endAsync()));
    },
  };
}

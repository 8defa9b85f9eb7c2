import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startMqttSubscriber } from '../src/modules/ingest/mqtt-subscriber.ts';
import type { TReaderTopic } from '../src/modules/ingest/mqtt-topics.ts';

const url = process.env.TEST_MQTT_URL;
const logger = pino({ level: 'silent' });

/**
 * Ends a persistent session for good. Loupe keeps its session across restarts on purpose; a test must not
 * leave one behind, or the broker would keep handing shared messages to a member that never returns.
 */
async function forgetSession(clientId: string): Promise<void> {
  const client = await mqtt.connectAsync(url ?? '', { clientId, clean: true, protocolVersion: 5 });
  await client.endAsync();
}

describe.skipIf(!url)('Loupe on an external MQTT broker (TEST_MQTT_URL)', () => {
  it('splits the readers’ messages between instances through the shared subscription, each once', async () => {
    const run = randomUUID().slice(0, 8);
    const received: { instance: string; topic: TReaderTopic; payload: string }[] = [];
    const instances = await Promise.all(
      ['a', 'b'].map((instance) =>
        startMqttSubscriber({
          url: url ?? '',
          clientId: `loupe-test-${run}-${instance}`,
          // A group and short sessions of this run's own: the broker is shared with other runs.
          shareGroup: `test-${run}`,
          sessionExpirySeconds: 5,
          logger,
          onPublish: async (topic, payload) => {
            // Only this run's messages: a broker shared with other runs may carry theirs.
            if (topic.readerId === `reader-${run}`)
              received.push({ instance, topic, payload: payload.toString() });
          },
        }),
      ),
    );
    const reader = await mqtt.connectAsync(url ?? '', { clientId: `reader-${run}` });
    try {
      const count = 40;
      for (let index = 0; index < count; index += 1) {
        await reader.publishAsync(
          `loupe/readers/reader-${run}/reads`,
          JSON.stringify({ epc: 'E280', n: index }),
          {
            qos: 1,
          },
        );
      }
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(count);
      const numbers = received
        .map((message) => (JSON.parse(message.payload) as { n: number }).n)
        .sort((x, y) => x - y);
      expect(numbers).toEqual(Array.from({ length: count }, (_, index) => index));
      expect(new Set(received.map((message) => message.instance)).size).toBe(2);
      expect(received[0]?.topic).toEqual({ readerId: `reader-${run}`, format: 'reads' });
    } finally {
      await reader.endAsync();
      await Promise.all(instances.map((instance) => instance.close()));
      await Promise.all(['a', 'b'].map((instance) => forgetSession(`loupe-test-${run}-${instance}`)));
    }
  });

  it('delivers again a message whose reads could not be recorded', async () => {
    const run = randomUUID().slice(0, 8);
    let attempts = 0;
    const subscriber = await startMqttSubscriber({
      url: url ?? '',
      clientId: `loupe-test-${run}`,
      shareGroup: `test-${run}`,
      sessionExpirySeconds: 5,
      logger,
      onPublish: async (topic) => {
        if (topic.readerId !== `reader-${run}`) return;
        attempts += 1;
        if (attempts === 1) throw new Error('database unavailable');
      },
    });
    const reader = await mqtt.connectAsync(url ?? '', { clientId: `reader-${run}` });
    try {
      await reader.publishAsync(`loupe/readers/reader-${run}/zebra`, '{}', { qos: 1 });
      await expect.poll(() => attempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      await reader.endAsync();
      await subscriber.close();
      await forgetSession(`loupe-test-${run}`);
    }
  });
});

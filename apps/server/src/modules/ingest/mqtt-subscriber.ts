import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket } from 'mqtt';
import {
  parseReaderTopic,
  READER_TOPIC_FILTER,
  SHARED_SUBSCRIPTION_GROUP,
  type TReaderTopic,
} from './mqtt-topics.ts';

/**
 * Loupe as a client of an external broker (MQTT_URL): a persistent session (fixed client id, clean
 * session off) and a QoS 1 shared subscription, so several Loupe instances split the readers' messages
 * and none is lost while an instance restarts. The broker authenticates readers and keeps them to their
 * own topics (its ACL); the reader id comes from the topic. A message is acknowledged only after
 * `onPublish` resolved, i.e. once its reads are recorded.
 */
export type TMqttSubscriberOptions = {
  readonly url: string;
  readonly clientId: string;
  readonly onPublish: (topic: TReaderTopic, payload: Buffer) => Promise<void>;
  readonly logger: FastifyBaseLogger;
  /** The shared-subscription group: instances of one workshop share one (default 'loupe'). */
  readonly shareGroup?: string;
  /** How long the broker keeps this instance's session while it is away (default a day). */
  readonly sessionExpirySeconds?: number;
};

export type TMqttSubscriber = { close(): Promise<void> };

export const sharedReaderSubscription = (group: string = SHARED_SUBSCRIPTION_GROUP) =>
  `$share/${group}/${READER_TOPIC_FILTER}`;

export async function startMqttSubscriber(options: TMqttSubscriberOptions): Promise<TMqttSubscriber> {
  const { logger } = options;
  const client = mqtt.connect(options.url, {
    clientId: options.clientId,
    clean: false,
    protocolVersion: 5,
    // Stay subscribed across restarts: the broker keeps what arrives meanwhile.
    properties: { sessionExpiryInterval: options.sessionExpirySeconds ?? 24 * 60 * 60 },
    reconnectPeriod: 3_000,
  });
  client.handleMessage = (packet: IPublishPacket, done: (error?: Error) => void) => {
    const topic = parseReaderTopic(packet.topic);
    if (topic === null) {
      logger.warn({ topic: packet.topic }, 'mqtt: ignored a message outside the reader topics');
      done();
      return;
    }
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    options.onPublish(topic, payload).then(
      () => done(),
      (error: unknown) => {
        // Not recorded: no PUBACK. A broker resends unacknowledged messages when the session resumes, so
        // drop the connection; the client reconnects by itself and the message comes again.
        logger.error(
          { err: (error as Error).message, topic: packet.topic },
          'mqtt: could not record a message',
        );
        client.stream.destroy();
      },
    );
  };
  client.on('error', (error) => logger.error({ err: error.message }, 'mqtt: broker connection error'));

  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  const subscription = sharedReaderSubscription(options.shareGroup);
  await client.subscribeAsync(subscription, { qos: 1 });
  logger.info({ subscription }, 'mqtt: subscribed to the external broker');
  return {
    close: () => client.endAsync(),
  };
}

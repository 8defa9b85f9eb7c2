import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import {
  MqttConnectionGuard,
  type TMqttConnectionLimits,
  type TMqttGuardRefusal,
} from './mqtt-connection-guard.ts';
import { isReaderClientId, parseReaderTopic, type TReaderTopic } from './mqtt-topics.ts';

/**
 * The MQTT broker built into Loupe (docs/architecture.md): readers connect with their credentials (user name =
 * reader id, password = its API key; anonymous clients are refused) and a client id of their own
 * (`isReaderClientId`), and may publish only under their own topic. A publish is handed to `onPublish` and its PUBACK is sent only once that resolves, that is once
 * the reads are durably recorded (issue 6 §3). Every connection goes through a guard that refuses a packet
 * over `limits.maxPacketBytes` and stops reading from a reader with `limits.maxInFlight` publishes still
 * unsettled (issue 20 §6, mqtt-connection-guard.ts).
 */
export type TEmbeddedBrokerOptions = {
  readonly port: number;
  readonly host: string;
  /** The reader id these credentials belong to, or null. */
  readonly authenticate: (readerId: string, apiKey: string) => Promise<boolean>;
  readonly onPublish: (topic: TReaderTopic, payload: Buffer) => Promise<void>;
  /** A reader's connection or publish was refused: kept so /rfid-mapping can show it beside the reader. */
  readonly onRejection?: (rejection: TReaderRejection) => void;
  /** MQTT_MAX_PACKET_BYTES and MQTT_MAX_INFLIGHT_PER_READER. */
  readonly limits: TMqttConnectionLimits;
  readonly logger: FastifyBaseLogger;
};

/** Why the broker refused a reader, in words its installer can act on (issue 21 §5). */
export type TReaderRejection = {
  readonly readerId: string;
  readonly reason: string;
  readonly topic: string | null;
};

export type TEmbeddedBroker = {
  readonly port: number;
  readonly connectedClients: () => number;
  close(): Promise<void>;
};

/** Thrown when the port is taken: start-up stops with a line naming MQTT_PORT. */
export class BrokerPortInUseError extends Error {
  override readonly name = 'BrokerPortInUseError';
}

const NOT_AUTHORIZED = 5;
const BAD_CREDENTIALS = 4;
const SERVER_UNAVAILABLE = 3;
const IDENTIFIER_REJECTED = 2;
/** A client id is the reader's to choose and may be long: logs and /rfid-mapping show this much of it. */
const SHOWN_CLIENT_ID_CHARS = 80;

/**
 * Connections one reader may hold at once. A reader keeps one; a few more let it reconnect while a dropped
 * connection has not timed out yet. With the guard's window this bounds what one reader's key can have in
 * flight to MAX_CONNECTIONS_PER_READER × MQTT_MAX_INFLIGHT_PER_READER publishes (issue 20 §6).
 */
export const MAX_CONNECTIONS_PER_READER = 4;

export async function startEmbeddedBroker(options: TEmbeddedBrokerOptions): Promise<TEmbeddedBroker> {
  const { logger } = options;
  // Which reader each connection authenticated as, for the topic check.
  const readerIdOf = new WeakMap<object, string>();
  // Open connections per reader id, counted from authentication to the socket's close.
  const connectionsOf = new Map<string, number>();
  const holdConnection = (readerId: string, guard: MqttConnectionGuard): boolean => {
    const open = connectionsOf.get(readerId) ?? 0;
    if (open >= MAX_CONNECTIONS_PER_READER) return false;
    connectionsOf.set(readerId, open + 1);
    guard.once('close', () => {
      const left = (connectionsOf.get(readerId) ?? 1) - 1;
      if (left > 0) connectionsOf.set(readerId, left);
      else connectionsOf.delete(readerId);
    });
    return true;
  };
  const refuse = (message: string, returnCode: number) => Object.assign(new Error(message), { returnCode });
  // Connections that sent no client id: the broker gave them a unique one, which no reader can claim.
  const withAssignedId = new WeakSet<object>();
  const broker = await Aedes.createBroker({
    preConnect: (client, packet, done) => {
      if (!packet.clientId) withAssignedId.add(client);
      done(null, true);
    },
    authenticate: (client, username, password, done) => {
      if (!username || !password) {
        done(
          Object.assign(new Error('anonymous clients are not accepted'), { returnCode: NOT_AUTHORIZED }),
          false,
        );
        return;
      }
      options.authenticate(username, password.toString('utf8')).then(
        (ok) => {
          if (ok && !withAssignedId.has(client) && !isReaderClientId(username, client.id)) {
            // Checked before the broker registers the client: a client id already connected would be taken
            // over, its connection closed (issue 34 §6: one reader's key knocked another reader offline).
            const clientId = client.id.slice(0, SHOWN_CLIENT_ID_CHARS);
            logger.warn(
              { clientId, readerId: username },
              'mqtt: refused a client id that is not the reader’s own (CONNACK 2, identifier rejected)',
            );
            options.onRejection?.({
              readerId: username,
              reason: `Refused at connect: client id '${clientId}' is not this reader’s. Use '${username}', or '${username}.' followed by anything.`,
              topic: null,
            });
            done(refuse('client id of another reader', IDENTIFIER_REJECTED), false);
            return;
          }
          if (ok) {
            const guard = client.conn;
            if (guard instanceof MqttConnectionGuard && !holdConnection(username, guard)) {
              logger.warn(
                { clientId: client.id, readerId: username, limit: MAX_CONNECTIONS_PER_READER },
                'mqtt: refused a reader connection beyond its limit (CONNACK 3, server unavailable)',
              );
              options.onRejection?.({
                readerId: username,
                reason: `Refused at connect: this reader already has ${MAX_CONNECTIONS_PER_READER} connections open.`,
                topic: null,
              });
              done(refuse('too many connections for this reader', SERVER_UNAVAILABLE), false);
              return;
            }
            readerIdOf.set(client, username);
            if (guard instanceof MqttConnectionGuard) guard.readerId = username;
            done(null, true);
          } else {
            logger.warn(
              { clientId: client.id, readerId: username },
              'mqtt: refused a reader with a wrong key (CONNACK 4, bad user name or password)',
            );
            options.onRejection?.({
              readerId: username,
              reason: 'Refused at connect: the password is not this reader’s API key.',
              topic: null,
            });
            done(refuse('bad reader credentials', BAD_CREDENTIALS), false);
          }
        },
        (error: unknown) => {
          logger.error({ err: (error as Error).message }, 'mqtt: could not check reader credentials');
          done(refuse('credentials could not be checked', NOT_AUTHORIZED), false);
        },
      );
    },
    authorizePublish: (client, packet, settle) => {
      // Settled, recorded or refused: the publish leaves the reader's in-flight window.
      const done = (error: Error | null) => {
        if (client?.conn instanceof MqttConnectionGuard) client.conn.settled();
        settle(error);
      };
      const topic = parseReaderTopic(packet.topic);
      const readerId = client ? readerIdOf.get(client) : undefined;
      if (!client || topic === null || topic.readerId !== readerId) {
        // MQTT 3.1.1 (all this broker speaks) has no reason code for one refused publish: the connection is
        // closed (MQTT-3.3.5-2), so the reason goes to the log and to /rfid-mapping instead.
        const allowed = `loupe/readers/${readerId ?? '{readerId}'}/{zebra|impinj|reads}`;
        logger.warn(
          { topic: packet.topic, readerId, allowed },
          'mqtt: refused a publish outside the reader’s own topic and closed its connection',
        );
        if (readerId !== undefined) {
          options.onRejection?.({
            readerId,
            reason: `Published on a topic it may not use; disconnected. Allowed: ${allowed}.`,
            topic: packet.topic,
          });
        }
        done(new Error('not your topic'));
        return;
      }
      options
        .onPublish(topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload))
        .then(
          () => done(null),
          (error: unknown) => {
            // Not recorded, so not acknowledged: the reader publishes it again after reconnecting.
            logger.error(
              { err: (error as Error).message, topic: packet.topic },
              'mqtt: could not record a publish',
            );
            done(error as Error);
          },
        );
    },
    // Readers publish; they have no business reading each other's topics.
    authorizeSubscribe: (_client, subscription, done) =>
      done(new Error(`subscribing to ${subscription.topic} is not allowed`), null),
  });

  // No Nagle: a PUBACK is a few bytes and would otherwise wait for the reader's delayed ACK (up to 40 ms),
  // which caps how fast a reader with a few messages in flight can publish.
  const onRefused = (refusal: TMqttGuardRefusal, guard: MqttConnectionGuard) => {
    const { readerId } = guard;
    const reason =
      refusal.kind === 'packet-too-large'
        ? `Sent a packet of ${refusal.bytes} bytes; the limit is ${refusal.limit} (MQTT_MAX_PACKET_BYTES). Disconnected.`
        : 'Sent a packet with a malformed length. Disconnected.';
    logger.warn({ readerId, refusal }, 'mqtt: refused a packet and closed the connection');
    if (readerId !== undefined) options.onRejection?.({ readerId, reason, topic: null });
  };
  const server: Server = createServer({ noDelay: true }, (socket) => {
    broker.handle(new MqttConnectionGuard({ socket, limits: options.limits, onRefused }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new BrokerPortInUseError(`MQTT_PORT: ${options.port} is already in use`)
          : error,
      );
    });
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  logger.info({ port }, 'mqtt: embedded broker listening');

  return {
    port,
    connectedClients: () => broker.connectedClients,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

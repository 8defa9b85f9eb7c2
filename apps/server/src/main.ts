import { hostname } from 'node:os';
import path from 'node:path';
import { buildApp } from './app.ts';
import { backgroundJobsOf, startBackgroundJobs } from './background-jobs.ts';
import { ConfigError, loadConfig, type TConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DatabaseNewerError } from './db/migration-level.ts';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock.ts';
import { BrokerPortInUseError, startEmbeddedBroker } from './modules/ingest/embedded-broker.ts';
import { sharedReaderSubscription, startMqttSubscriber } from './modules/ingest/mqtt-subscriber.ts';

/** Starts Loupe: one process with the web app, the API and the identity provider (docs/architecture.md). */
async function main(): Promise<void> {
  let config: TConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(`Loupe cannot start: ${error.message}`);
    throw error;
  }

  let unlock: () => void;
  try {
    unlock = lockDataDir(config.DATA_DIR);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(`Loupe cannot start: ${error.message}`);
    throw error;
  }

  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(config.DATA_DIR) },
  ).catch((error: unknown) => {
    unlock();
    if (error instanceof DatabaseNewerError) fail(`Loupe cannot start: ${error.code}: ${error.message}`);
    throw error;
  });
  const app = await buildApp({ config, database }).catch(async (error: unknown) => {
    await database.close();
    unlock();
    if (error instanceof ConfigError) fail(`Loupe cannot start: ${error.message}`);
    throw error;
  });

  // Readers over MQTT: the embedded broker, or Loupe's shared subscription on an external one.
  const { rfid } = app.loupe;
  const onPublish = rfid.ingestPublish;
  let mqttReady: { close(): Promise<void> };
  try {
    if (config.MQTT_URL) {
      mqttReady = await startMqttSubscriber({
        url: config.MQTT_URL,
        clientId: config.MQTT_CLIENT_ID ?? `loupe-${hostname()}`.replace(/[^\w-]/g, '-').slice(0, 64),
        onPublish,
        logger: app.log,
      });
      // The host only: the URL may carry the broker's credentials.
      const { host } = new URL(config.MQTT_URL);
      rfid.setMqttTransport({ mode: 'external', brokerHost: host, subscription: sharedReaderSubscription() });
    } else {
      const broker = await startEmbeddedBroker({
        port: config.MQTT_PORT,
        host: config.HOST,
        authenticate: rfid.checkReaderCredentials,
        onPublish,
        onRejection: (rejection) => {
          rfid.recordRejection(rejection).catch((error: unknown) => {
            app.log.error({ err: (error as Error).message }, 'rfid: could not record a reader rejection');
          });
        },
        limits: {
          maxPacketBytes: config.MQTT_MAX_PACKET_BYTES,
          maxInFlight: config.MQTT_MAX_INFLIGHT_PER_READER,
        },
        logger: app.log,
      });
      mqttReady = broker;
      rfid.setMqttTransport({
        mode: 'embedded',
        port: broker.port,
        connectedClients: broker.connectedClients,
      });
    }
  } catch (error) {
    await app.close();
    await database.close();
    unlock();
    if (error instanceof BrokerPortInUseError) fail(`Loupe cannot start: ${error.message}`);
    throw error;
  }

  // Sweeps, schedulers and watches: one list, stopped before the app closes (background-jobs.ts).
  const stopBackgroundJobs = startBackgroundJobs(backgroundJobsOf(app, config), app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await stopBackgroundJobs();
      await mqttReady.close();
      await app.close();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    app.log.info(
      { address, publicUrl: config.publicUrl, database: database.kind },
      `Loupe is listening on ${address}`,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await database.close();
    unlock();
    if (code === 'EADDRINUSE') fail(`Loupe cannot start: PORT: ${config.PORT} is already in use`);
    throw error;
  }
}

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

main().catch((error: unknown) => {
  console.error('Loupe failed to start:', error);
  process.exit(1);
});

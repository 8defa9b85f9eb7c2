import { hostname } from 'node:os';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type TConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock.ts';
import { startOffsiteSweeper } from './modules/tracking/offsite-sweeper.ts';

/** How often overdue assignments are looked at; each nudges at most once per its own interval. */
const NUDGE_SWEEP_MS = 60_000;

/** How often reads past RFID_READ_RETENTION_DAYS are looked for. */
const READ_RETENTION_SWEEP_MS = 3_600_000;

import { BrokerPortInUseError, startEmbeddedBroker } from './rfid/embedded-broker.ts';
import { sharedReaderSubscription, startMqttSubscriber } from './rfid/mqtt-subscriber.ts';

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
  );
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

  // Spec §9: every offsiteCheckInterval while automatic detection is on (settings › general).
  const stopOffsiteSweeper = startOffsiteSweeper({
    service: app.loupe.tracking,
    settings: app.loupe.generalSettings,
    clock: app.loupe.clock,
    logger: app.log,
  });

  // Overdue assignments nudge their assignees, at most once per interval each (issue 12 §3).
  const nudgeSweep = setInterval(() => {
    app.loupe.workflow.sweepNudges().catch((error: unknown) => {
      app.log.error({ err: (error as Error).message }, 'workflow: the nudge sweep failed');
    });
  }, NUDGE_SWEEP_MS);
  nudgeSweep.unref();

  // Alert rules are evaluated as time passes, not by the browser (issue 15 §1).
  const alertSweep = setInterval(() => {
    app.loupe.alerts.evaluate().catch((error: unknown) => {
      app.log.error({ err: (error as Error).message }, 'alerts: the evaluation failed');
    });
  }, config.ALERT_EVALUATION_SECONDS * 1000);
  alertSweep.unref();

  // Daily digests go out once the workshop opens, once per user and date (issue 15 §4).
  const digestSweep = setInterval(() => {
    app.loupe.digests.sendDue().catch((error: unknown) => {
      app.log.error({ err: (error as Error).message }, 'notifications: the digest sweep failed');
    });
  }, config.ALERT_EVALUATION_SECONDS * 1000);
  digestSweep.unref();

  // Customer messages: due ones are sent (or retried), and "still waiting" ones queued (issue 15 §5).
  const customerMessageSweep = setInterval(() => {
    app.loupe.customerMessages.sweep().catch((error: unknown) => {
      app.log.error({ err: (error as Error).message }, 'customer messages: the sweep failed');
    });
  }, config.CUSTOMER_MESSAGE_SWEEP_SECONDS * 1000);
  customerMessageSweep.unref();

  // Readers that fell silent are shown offline on the mapping screen.
  const readerWatch = setInterval(() => {
    rfid.markSilentReadersOffline().catch((error: unknown) => {
      app.log.error({ err: (error as Error).message }, 'rfid: could not check reader health');
    });
  }, 30_000);
  readerWatch.unref();

  // Reads past RFID_READ_RETENTION_DAYS go, a batch per statement; location history stays.
  const readRetentionSweep = setInterval(() => {
    rfid.sweepExpiredReads().catch((error: unknown) => {
      app.log.error({ err: (error as Error).message }, 'rfid: the read retention sweep failed');
    });
  }, READ_RETENTION_SWEEP_MS);
  readRetentionSweep.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      clearInterval(readerWatch);
      clearInterval(nudgeSweep);
      clearInterval(alertSweep);
      clearInterval(digestSweep);
      clearInterval(customerMessageSweep);
      clearInterval(readRetentionSweep);
      await stopOffsiteSweeper();
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

import mqtt from 'mqtt';
import { readerTopic } from '../src/modules/ingest/mqtt-topics.ts';
import { postReaderPayload } from './reader-http.ts';
import {
  impinjEventPayload,
  impinjKeepAlive,
  impinjPayload,
  type TSimRead,
  zebraHeartbeat,
  zebraPayload,
} from './reader-payloads.ts';
import type { TWorkshop } from './seed-workshop.ts';
import { impinjAntennaNames, READERS, type TReaderPlan } from './workshop-plan.ts';

/**
 * The simulator's readers: one connection a reader of the workshop, over MQTT (QoS 1, reader credentials)
 * or the HTTP webhook as the plan says, sending reads, heartbeats and keep-alives the way that reader does.
 */

export type TSimReader = {
  readonly plan: TReaderPlan;
  readonly apiKey: string;
  client: mqtt.MqttClient | null;
  eventNum: number;
  readonly startedAt: number;
};

export type TSimReaders = {
  readonly byId: ReadonlyMap<string, TSimReader>;
  send(reader: TSimReader, reads: readonly TSimRead[]): Promise<void>;
  sendAlive(reader: TSimReader, kind: 'heartbeat' | 'keep-alive'): Promise<void>;
  close(): Promise<void>;
};

export async function connectSimReaders(options: {
  readonly workshop: TWorkshop;
  readonly loupeUrl: string;
  readonly mqttUrl: string;
  readonly clock: () => Date;
  readonly log: (line: string) => void;
}): Promise<TSimReaders> {
  const { clock, log } = options;
  const readers = new Map<string, TSimReader>();
  for (const reader of options.workshop.readers) {
    const plan = READERS.find((candidate) => candidate.id === reader.id);
    if (plan === undefined) {
      log(`reader ${reader.id} is not one of the demo's readers: left alone`);
      continue;
    }
    readers.set(plan.id, { plan, apiKey: reader.apiKey, client: null, eventNum: 1, startedAt: Date.now() });
  }

  for (const reader of readers.values()) {
    if (reader.plan.transport !== 'mqtt') continue;
    const client = mqtt.connect(options.mqttUrl, {
      username: reader.plan.id,
      password: reader.apiKey,
      clientId: `${reader.plan.id}.sim`,
      reconnectPeriod: 2000,
      connectTimeout: 5000,
    });
    client.on('error', (error) => log(`${reader.plan.id}: MQTT ${error.message}`));
    reader.client = client;
  }
  await Promise.all(
    [...readers.values()].map(
      (reader) =>
        new Promise<void>((resolve) => {
          if (reader.client === null || reader.client.connected) return resolve();
          const timer = setTimeout(resolve, 5000);
          reader.client.once('connect', () => {
            clearTimeout(timer);
            resolve();
          });
        }),
    ),
  );

  const publish = async (reader: TSimReader, suffix: string, payload: string) => {
    if (reader.client === null) throw new Error(`${reader.plan.id} has no MQTT connection`);
    await reader.client.publishAsync(`${readerTopic(reader.plan.id, reader.plan.kind)}${suffix}`, payload, {
      qos: 1,
    });
  };

  /** Sends reads the way this reader does: Zebra over MQTT, Impinj over MQTT (one event a message) or webhook. */
  async function send(reader: TSimReader, reads: readonly TSimRead[]): Promise<void> {
    if (reads.length === 0) return;
    const { plan } = reader;
    switch (plan.kind) {
      case 'zebra': {
        const payload = zebraPayload(reads, {
          hostName: plan.hostName,
          mac: plan.mac,
          firstEventNum: reader.eventNum,
        });
        reader.eventNum += reads.length;
        if (plan.transport === 'mqtt') await publish(reader, '/data', payload);
        else await postReaderPayload(options.loupeUrl, reader.apiKey, 'zebra', payload);
        return;
      }
      case 'impinj': {
        const antennaNames = impinjAntennaNames(plan);
        if (plan.transport === 'mqtt') {
          for (const read of reads)
            await publish(reader, '', impinjEventPayload(read, plan.hostName, { antennaNames }));
        } else {
          await postReaderPayload(
            options.loupeUrl,
            reader.apiKey,
            'impinj',
            impinjPayload(reads, plan.hostName, { antennaNames }),
          );
        }
        return;
      }
    }
  }

  async function sendAlive(reader: TSimReader, kind: 'heartbeat' | 'keep-alive'): Promise<void> {
    const { plan } = reader;
    if (kind === 'heartbeat' && plan.kind === 'zebra') {
      const uptime = Math.floor((Date.now() - reader.startedAt) / 1000) + 3 * 86_400;
      const payload = zebraHeartbeat({ hostName: plan.hostName, mac: plan.mac }, clock(), uptime);
      if (plan.transport === 'mqtt') await publish(reader, '/management', payload);
      else await postReaderPayload(options.loupeUrl, reader.apiKey, 'zebra', payload);
    }
    if (kind === 'keep-alive' && plan.kind === 'impinj') {
      if (plan.transport === 'mqtt') await publish(reader, '', impinjKeepAlive());
      else await postReaderPayload(options.loupeUrl, reader.apiKey, 'impinj', impinjKeepAlive());
    }
  }

  async function close(): Promise<void> {
    await Promise.all(
      [...readers.values()].map(
        (reader) => reader.client?.endAsync().catch(() => undefined) ?? Promise.resolve(),
      ),
    );
  }

  return { byId: readers, send, sendAlive, close };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { LoupeClient } from '../workshop/loupe-client.ts';
import { startLoupeProcess, type TLoupeProcess } from '../workshop/loupe-process.ts';
import { cpuBetween, onCleanup, processRssMiB, sampleCpu } from './bench-processes.ts';
import type { startLoad } from './ingest-children.ts';
import { quantile, type TLoadReader, type TWorkload } from './ingest-protocol.ts';
import { printStep } from './ingest-report.ts';
import { epcOf, seedReaders, seedTaggedOrders } from './ingest-seed.ts';
import {
  ADMIN,
  ANTENNAS_PER_READER,
  DEDUPE_WINDOW_MS,
  LATENCY_SKIP_MS,
  READERS,
  STEADY,
  STEP_MS,
  STRAY_TAGS,
  SUSTAINED,
  TRACKED_TAGS,
} from './ingest-settings.ts';
import { steadyPlacement } from './ingest-steady.ts';
import { LatencyRecorder, StepProbe, type TStepRow } from './ingest-step-probes.ts';
import type { TBenchDatabase } from './scratch-postgres.ts';

/**
 * A Loupe of the ingest bench, seeded and watched (its own process, an admin's socket, the step probes),
 * and one measured step of the load generator against it.
 */

type TCounters = { received: number; fresh: number; repeats: number; moved: number; unknownTag: number };
export async function pipelineCounters(client: LoupeClient): Promise<TCounters> {
  return client.data<TCounters>('GET', '/rfid/status');
}

export type TIngestLoupe = {
  readonly pid: number;
  readonly mqttUrl: string;
  readonly client: LoupeClient;
  readonly readers: readonly TLoadReader[];
  /** The tags the load generator reads: rush, every tracked tag and the strays; steady, the placed pieces. */
  readonly epcs: readonly string[];
  readonly recorder: LatencyRecorder;
  readonly probe: StepProbe;
  stop(): Promise<void>;
};

/**
 * Loupe as its own process with the bench's fleet and tagged orders; for the steady workload the first
 * `STEADY.pieces` tags lie at stations already (bench/ingest-steady.ts says where).
 */
export async function startIngestLoupe(
  label: string,
  target: TBenchDatabase,
  workload: TWorkload,
): Promise<TIngestLoupe> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-bench-ingest-'));
  const removeDir = onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const profileDir = process.env.BENCH_CPU_PROF;
  let loupe: TLoupeProcess | null = null;
  const stopLoupe = onCleanup(async () => {
    await loupe?.stop();
  });
  let closeSocket = async () => {};
  const stop = async () => {
    await closeSocket();
    await stopLoupe();
    await removeDir();
  };
  const start = (withProfile: boolean) =>
    startLoupeProcess({
      dataDir,
      admin: ADMIN,
      logLevel: 'warn',
      env: {
        ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
        RFID_DEDUPE_WINDOW_MS: String(DEDUPE_WINDOW_MS),
        ...(withProfile && profileDir
          ? {
              NODE_OPTIONS: `--import tsx --import ${path.join(import.meta.dirname, 'ingest-cpu-profile.mjs')}`,
              BENCH_CPU_PROF_DIR: path.resolve(profileDir),
            }
          : {}),
      },
      onOutput: (line) => {
        // Warnings and errors; the unbuilt web app is beside the point here.
        if (/"level":(40|50|60)/.test(line) && !line.includes('web app is not built')) {
          console.error(`  loupe: ${line.slice(0, 300)}`);
        }
      },
    });
  try {
    const started = performance.now();
    loupe = await start(false);
    const readers = await seedReaders(await LoupeClient.signIn(loupe.url, ADMIN.email, ADMIN.password), {
      readers: READERS,
      antennasPerReader: ANTENNAS_PER_READER,
    });
    const placed = workload === 'steady' ? steadyPlacement(readers, STEADY.pieces) : [];
    let tracked: string[];
    if (target.kind === 'pglite') {
      // PGlite allows one process on its directory: Loupe steps aside while the orders go in.
      await loupe.stop();
      tracked = await seedTaggedOrders({ kind: 'pglite', dataDir: path.join(dataDir) }, TRACKED_TAGS, placed);
      loupe = await start(true);
    } else {
      tracked = await seedTaggedOrders(
        { kind: 'postgres', url: target.url, poolSize: 2 },
        TRACKED_TAGS,
        placed,
      );
    }
    const epcs =
      workload === 'steady'
        ? tracked.slice(0, placed.length)
        : [...tracked, ...Array.from({ length: STRAY_TAGS }, (_, index) => epcOf('E20034', index))];
    const client = await LoupeClient.signIn(loupe.url, ADMIN.email, ADMIN.password);
    console.info(
      `${label}: Loupe up and seeded (${readers.length} readers, ${TRACKED_TAGS} tagged orders${placed.length > 0 ? `, ${placed.length} at stations` : ''}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const socket = io(loupe.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: client.idToken },
      reconnection: false,
    });
    closeSocket = onCleanup(async () => {
      socket.disconnect();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return {
      pid: loupe.pid,
      mqttUrl: loupe.mqttUrl,
      client,
      readers,
      epcs,
      recorder: new LatencyRecorder(socket),
      probe: new StepProbe(loupe.pid, client, loupe.url),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type TLoad = Awaited<ReturnType<typeof startLoad>>;

/**
 * One step at `rate` reads/s (0: unpaced) with every probe on; its row is printed as `label`. `thenRate`:
 * the fleet goes on reading at that rate after the step (see the load generator's runStep).
 */
export async function measureStep(
  loupe: TIngestLoupe,
  load: TLoad,
  rate: number,
  label: string,
  thenRate?: number,
): Promise<TStepRow> {
  const { pid, client, recorder, probe } = loupe;
  const before = await pipelineCounters(client);
  recorder.start(Date.now() + LATENCY_SKIP_MS);
  const cpuFrom = sampleCpu(pid);
  const loadCpuFrom = sampleCpu(load.pid);
  let cpuTo = cpuFrom;
  let loadCpuTo = loadCpuFrom;
  let rss = Number.NaN;
  const stepEnd = setTimeout(() => {
    cpuTo = sampleCpu(pid);
    loadCpuTo = sampleCpu(load.pid);
    rss = processRssMiB(pid);
  }, STEP_MS);
  probe.start();
  const result = await load.step(rate, STEP_MS, thenRate);
  const probed = await probe.stop();
  clearTimeout(stepEnd);
  if (cpuTo === cpuFrom) {
    cpuTo = sampleCpu(pid);
    loadCpuTo = sampleCpu(load.pid);
    rss = processRssMiB(pid);
  }
  // The last batches' events are on their way.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const { latencies, events } = recorder.stop();
  const after = await pipelineCounters(client);
  const seconds = result.durationMs / 1000;
  const received = after.received - before.received;
  const fresh = after.fresh - before.fresh;
  const cpu = cpuBetween(cpuFrom, cpuTo);
  const row: TStepRow = {
    target: rate === 0 ? 'max' : rate,
    ackedPerSecond: result.ackedReads / seconds,
    sustained: rate > 0 && result.ackedReads / seconds >= SUSTAINED * rate,
    dedup: fresh > 0 ? received / fresh : Number.NaN,
    freshPerSecond: fresh / seconds,
    movedPerSecond: (after.moved - before.moved) / seconds,
    eventsPerSecond: events / seconds,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    ackP99Ms: result.ackP99Ms,
    cpuPercent: cpu.process,
    machinePercent: cpu.machine,
    rssMiB: rss,
    ...probed,
    loadCpuPercent: cpuBetween(loadCpuFrom, loadCpuTo).process,
    errors: result.errors,
  };
  printStep(label, row);
  return row;
}

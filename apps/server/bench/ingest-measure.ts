import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { LoupeClient } from '../workshop/loupe-client.ts';
import { startLoupeProcess, type TLoupeProcess } from '../workshop/loupe-process.ts';
import { cpuBetween, onCleanup, processRssMiB, sampleCpu } from './bench-processes.ts';
import { startBareBroker, startLoad } from './ingest-children.ts';
import { quantile } from './ingest-protocol.ts';
import { printStep } from './ingest-report.ts';
import { epcOf, seedReaders, seedTaggedOrders } from './ingest-seed.ts';
import {
  ADMIN,
  ANTENNAS_PER_READER,
  DEDUPE_WINDOW_MS,
  LATENCY_SKIP_MS,
  LOAD,
  RATES,
  READERS,
  SATURATED,
  STEP_MS,
  STRAY_TAGS,
  SUSTAINED,
  TRACKED_TAGS,
  WARM_UP_MS,
} from './ingest-settings.ts';
import { LatencyRecorder, StepProbe, type TDatabaseResult, type TStepRow } from './ingest-step-probes.ts';
import { withScratchDatabase } from './scratch-postgres.ts';

/** One database's run of the ingest bench (Loupe as its own process, rising steps, then unpaced) and the bare broker's. */

type TCounters = { received: number; fresh: number; repeats: number; moved: number; unknownTag: number };
async function pipelineCounters(client: LoupeClient): Promise<TCounters> {
  return client.data<TCounters>('GET', '/rfid/status');
}

export type TTarget = { readonly kind: 'pglite' } | { readonly kind: 'postgres'; readonly url: string };

export async function measureLoupe(label: string, target: TTarget): Promise<TDatabaseResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-bench-ingest-'));
  const removeDir = onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const profileDir = process.env.BENCH_CPU_PROF;
  let loupe: TLoupeProcess | null = null;
  const stopLoupe = onCleanup(async () => {
    await loupe?.stop();
  });
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
    let tracked: string[];
    if (target.kind === 'pglite') {
      // PGlite allows one process on its directory: Loupe steps aside while the orders go in.
      await loupe.stop();
      tracked = await seedTaggedOrders({ kind: 'pglite', dataDir: path.join(dataDir) }, TRACKED_TAGS);
      loupe = await start(true);
    } else {
      tracked = await seedTaggedOrders({ kind: 'postgres', url: target.url, poolSize: 2 }, TRACKED_TAGS);
    }
    const workshop = {
      readers,
      epcs: [...tracked, ...Array.from({ length: STRAY_TAGS }, (_, index) => epcOf('E20034', index))],
    };
    const client = await LoupeClient.signIn(loupe.url, ADMIN.email, ADMIN.password);
    console.info(
      `${label}: Loupe up and seeded (${readers.length} readers, ${TRACKED_TAGS} tagged orders) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const socket = io(loupe.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: client.idToken },
      reconnection: false,
    });
    const closeSocket = onCleanup(async () => {
      socket.disconnect();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const recorder = new LatencyRecorder(socket);
    const probe = new StepProbe(loupe.pid, client, loupe.url);

    const load = await startLoad({ ...LOAD, brokerUrl: loupe.mqttUrl, ...workshop });
    const pid = loupe.pid;
    const steps: TStepRow[] = [];
    try {
      await load.step(1_000, WARM_UP_MS);
      const runStep = async (rate: number): Promise<TStepRow> => {
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
        const result = await load.step(rate, STEP_MS);
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
      };
      for (const rate of RATES) {
        const row = await runStep(rate);
        steps.push(row);
        if (row.ackedPerSecond < SATURATED * rate) break;
      }
      steps.push(await runStep(0));
    } finally {
      await load.stop();
      await closeSocket();
    }
    return { label, steps };
  } finally {
    await stopLoupe();
    await removeDir();
  }
}

export async function measureBareBroker(): Promise<TDatabaseResult> {
  const broker = await startBareBroker();
  try {
    const readers = Array.from({ length: READERS }, (_, r) => ({
      id: `bare-fx-${r + 1}`,
      apiKey: null,
      antennas: Array.from({ length: ANTENNAS_PER_READER }, (_, a) => a + 1),
    }));
    const epcs = Array.from({ length: TRACKED_TAGS + STRAY_TAGS }, (_, index) => epcOf('E28011', index));
    const load = await startLoad({ ...LOAD, brokerUrl: broker.url, readers, epcs });
    try {
      await load.step(0, WARM_UP_MS);
      const cpuFrom = sampleCpu(broker.pid);
      const loadCpuFrom = sampleCpu(load.pid);
      const result = await load.step(0, STEP_MS);
      const cpu = cpuBetween(cpuFrom, sampleCpu(broker.pid));
      const row: TStepRow = {
        target: 'max',
        ackedPerSecond: result.ackedReads / (result.durationMs / 1000),
        sustained: false,
        dedup: Number.NaN,
        freshPerSecond: Number.NaN,
        movedPerSecond: Number.NaN,
        eventsPerSecond: Number.NaN,
        p50Ms: Number.NaN,
        p99Ms: Number.NaN,
        ackP99Ms: result.ackP99Ms,
        cpuPercent: cpu.process,
        machinePercent: cpu.machine,
        rssMiB: processRssMiB(broker.pid),
        peakRssMiB: Number.NaN,
        ordersP95Ms: Number.NaN,
        maxLagMs: Number.NaN,
        loadCpuPercent: cpuBetween(loadCpuFrom, sampleCpu(load.pid)).process,
        errors: result.errors,
      };
      printStep('bare broker', row);
      return { label: 'bare broker', steps: [row] };
    } finally {
      await load.stop();
    }
  } finally {
    await broker.stop();
  }
}

/** A fresh PostgreSQL database next to `url` for one run, dropped afterwards (and on Ctrl-C). */
export function withPostgres<T>(url: string, run: (databaseUrl: string) => Promise<T>): Promise<T> {
  return withScratchDatabase(url, { prefix: 'loupe_bench_ingest', guard: onCleanup }, run);
}

import { performance } from 'node:perf_hooks';
import { cpuBetween, onCleanup, processRssMiB, sampleCpu } from './bench-processes.ts';
import { startBareBroker, startLoad } from './ingest-children.ts';
import {
  measureStep,
  pipelineCounters,
  startIngestLoupe,
  type TIngestLoupe,
  type TLoad,
} from './ingest-loupe.ts';
import type { TWorkload } from './ingest-protocol.ts';
import { printStep } from './ingest-report.ts';
import { epcOf } from './ingest-seed.ts';
import {
  ANTENNAS_PER_READER,
  LOAD,
  RATES,
  READERS,
  SATURATED,
  STEADY,
  STEADY_OFFERED,
  STEP_MS,
  STRAY_TAGS,
  SUSTAINED,
  TRACKED_TAGS,
  WARM_UP_MS,
} from './ingest-settings.ts';
import type { TDatabaseResult, TStepRow } from './ingest-step-probes.ts';
import { type TBenchDatabase, withScratchDatabase } from './scratch-postgres.ts';

/**
 * One database's run of a workload of the ingest bench (Loupe as its own process), and the bare broker's:
 * rush, rising steps then unpaced; steady, the workshop's own pace then unpaced (bench/ingest.ts).
 */

/** The load generator's settings for a workload: the steady one carries a piece every 1 / moveShare reads. */
const loadOf = (workload: TWorkload) =>
  ({ ...LOAD, workload, moveShare: workload === 'steady' ? STEADY.moveShare : 0 }) as const;

/** Step rows of a workload are printed as "PGlite" (rush) or "PGlite steady". */
export const rowLabel = (label: string, workload: TWorkload) =>
  workload === 'rush' ? label : `${label} ${workload}`;

export async function measureLoupe(
  label: string,
  target: TBenchDatabase,
  workload: TWorkload,
): Promise<TDatabaseResult> {
  const loupe = await startIngestLoupe(rowLabel(label, workload), target, workload);
  try {
    const load = await startLoad({
      ...loadOf(workload),
      brokerUrl: loupe.mqttUrl,
      readers: loupe.readers,
      epcs: loupe.epcs,
    });
    const steps: TStepRow[] = [];
    const step = (rate: number, thenRate?: number) =>
      measureStep(loupe, load, rate, rowLabel(label, workload), thenRate);
    try {
      if (workload === 'steady') {
        await warmUpSteady(loupe, load, rowLabel(label, workload));
        // The fleet reads on between the steps: a pause longer than the dedupe window would make every
        // piece's next read fresh again.
        steps.push(await step(STEADY_OFFERED, STEADY_OFFERED));
      } else {
        await load.step(1_000, WARM_UP_MS);
        for (const rate of RATES) {
          const row = await step(rate);
          steps.push(row);
          if (row.ackedPerSecond < SATURATED * rate) break;
        }
      }
      steps.push(await step(0));
    } finally {
      await load.stop();
    }
    return { label, steps };
  } finally {
    await loupe.stop();
  }
}

/** A warm-up ends once the fresh reads are at most this many times the moves the workshop makes. */
const SETTLED = 3;
const STEADY_WARM_UP_LIMIT_MS = 30_000;

/**
 * Every piece's first read is fresh (Loupe's dedupe window starts empty), and Loupe takes a while over
 * 2,000 of them: the fleet reads at the workshop's pace until the fresh reads are about the moves (or for
 * 30 s at most), so that the measured steps see the workshop in its steady state.
 */
async function warmUpSteady(loupe: TIngestLoupe, load: TLoad, label: string): Promise<void> {
  const started = performance.now();
  let before = await pipelineCounters(loupe.client);
  let freshShare = Number.NaN;
  do {
    await load.step(STEADY_OFFERED, WARM_UP_MS, STEADY_OFFERED);
    const after = await pipelineCounters(loupe.client);
    const received = after.received - before.received;
    freshShare = received > 0 ? (after.fresh - before.fresh) / received : Number.NaN;
    before = after;
  } while (
    !(freshShare <= SETTLED * STEADY.moveShare) &&
    performance.now() - started < STEADY_WARM_UP_LIMIT_MS
  );
  console.info(
    `${label}: warmed up in ${((performance.now() - started) / 1000).toFixed(1)} s (fresh reads ${(freshShare * 100).toFixed(1)} % of the last second's reads)`,
  );
}

/**
 * The bare broker under the workload's load: rush, unpaced; steady, the workshop's pace, then unpaced. Its
 * unpaced acked/s is the ceiling the Loupe rows are divided by.
 */
export async function measureBareBroker(workload: TWorkload): Promise<TDatabaseResult> {
  const label = rowLabel('bare broker', workload);
  const broker = await startBareBroker();
  try {
    const readers = Array.from({ length: READERS }, (_, r) => ({
      id: `bare-fx-${r + 1}`,
      apiKey: null,
      antennas: Array.from({ length: ANTENNAS_PER_READER }, (_, a) => a + 1),
    }));
    const tags = workload === 'steady' ? STEADY.pieces : TRACKED_TAGS + STRAY_TAGS;
    const epcs = Array.from({ length: tags }, (_, index) => epcOf('E28011', index));
    const load = await startLoad({ ...loadOf(workload), brokerUrl: broker.url, readers, epcs });
    const step = async (rate: number, thenRate?: number): Promise<TStepRow> => {
      const cpuFrom = sampleCpu(broker.pid);
      const loadCpuFrom = sampleCpu(load.pid);
      const result = await load.step(rate, STEP_MS, thenRate);
      const cpu = cpuBetween(cpuFrom, sampleCpu(broker.pid));
      const ackedPerSecond = result.ackedReads / (result.durationMs / 1000);
      const row: TStepRow = {
        target: rate === 0 ? 'max' : rate,
        ackedPerSecond,
        sustained: rate > 0 && ackedPerSecond >= SUSTAINED * rate,
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
        maxProjectionLagMs: Number.NaN,
        loadCpuPercent: cpuBetween(loadCpuFrom, sampleCpu(load.pid)).process,
        errors: result.errors,
      };
      printStep(label, row);
      return row;
    };
    try {
      const steps: TStepRow[] = [];
      if (workload === 'steady') {
        await load.step(STEADY_OFFERED, WARM_UP_MS, STEADY_OFFERED);
        steps.push(await step(STEADY_OFFERED, STEADY_OFFERED));
      } else {
        await load.step(0, WARM_UP_MS);
      }
      steps.push(await step(0));
      return { label: 'bare broker', steps };
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

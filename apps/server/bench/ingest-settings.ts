import type { TWorkload } from './ingest-protocol.ts';

/** The ingest bench's settings: its environment variables (see bench/ingest.ts) and fixed sizes. */

export const QUICK = process.env.BENCH_QUICK === '1';
/** BENCH_WORKLOAD=rush|steady|both (both by default): which workloads a run measures. */
export const WORKLOADS: readonly TWorkload[] = workloadsOf(process.env.BENCH_WORKLOAD ?? 'both');
/** BENCH_API_PROBE=0: no GET /orders and /api/health during the steps (the load the older bench put on). */
export const API_PROBE = process.env.BENCH_API_PROBE !== '0';
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
export const RATES = (process.env.BENCH_RATES ?? '500,1000,2500,5000,10000,20000,40000')
  .split(',')
  .map(Number)
  .filter((rate) => rate > 0);
export const STEP_MS = QUICK ? 3_000 : 10_000;
export const WARM_UP_MS = QUICK ? 1_000 : 3_000;
/** Latencies of a step's first moments are left out: the step's own start-up. */
export const LATENCY_SKIP_MS = QUICK ? 500 : 1_000;
export const SUSTAINED = 0.95;
/** A step this far below its target ends the rise: the next would only be further. */
export const SATURATED = 0.8;
export const LATENCY_RATE = 5_000;

/**
 * BENCH_READERS: the fleet. 50,000 raw reads/s is a few dozen portals flat out (an Impinj R700 reports
 * about 1,100 tags/s), each with its own window of unacknowledged messages; four readers' windows alone
 * (3,200 reads in flight) cap what a batching pipeline can be offered, so the default is 48 portals.
 */
export const READERS = Math.max(1, Number(process.env.BENCH_READERS ?? 48));
export const ANTENNAS_PER_READER = 4;
export const TRACKED_TAGS = 2_400;
export const STRAY_TAGS = 300;
export const DEDUPE_WINDOW_MS = 5_000;
export const ADMIN = { email: 'bench-admin@loupe.example', password: 'a bench full of fast readers 42' };

export const LOAD = {
  readsPerMessage: 100,
  windowPerConnection: 8,
  dedupeWindowMs: DEDUPE_WINDOW_MS,
  readsPerVisit: [4, 10],
  tagsInFieldPerReader: 40,
  stayProbability: 0.3,
  moveShare: 0,
  seed: 6,
} as const;

/**
 * The steady workshop (issue 38 §4, bench/ingest-steady.ts): 2,000 pieces lying at the fleet's stations,
 * each read about once a second by the antenna it lies at, and one read in 200 carrying a piece elsewhere.
 */
export const STEADY = {
  pieces: 2_000,
  readsPerSecondPerPiece: 1,
  moveShare: 0.005,
} as const;
/** What the fleet reads per second when it reads each piece in view once a second: the paced steady step. */
export const STEADY_OFFERED = STEADY.pieces * STEADY.readsPerSecondPerPiece;

function workloadsOf(value: string): readonly TWorkload[] {
  switch (value) {
    case 'rush':
    case 'steady':
      return [value];
    case 'both':
      return ['rush', 'steady'];
    default:
      throw new Error(`BENCH_WORKLOAD=${value}: rush, steady or both`);
  }
}

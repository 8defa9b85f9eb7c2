/**
 * How many RFID reads a running Loupe takes over MQTT, and how soon an admin's screen hears of them
 * (issue 6 §7). Prints figures; asserts nothing.
 *
 *   npm run bench:ingest                                                     # PGlite, then the bare broker
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:ingest   # + PostgreSQL
 *   BENCH_RUNS=3 …    three runs and the median of each figure     BENCH_QUICK=1 …   3 s steps
 *   BENCH_API_PROBE=0 …   no GET /orders nor /api/health during the steps
 *   BENCH_RATES=1000,5000 …   other steps          BENCH_CPU_PROF=dir …   a V8 CPU profile of Loupe in dir
 *   BENCH_READERS=4 …   a smaller fleet (48 by default)
 *   BENCH_WORKLOAD=rush|steady|both …   which workloads (both by default; rush first)
 *   BENCH_LLRP=0 …   no LLRP row      BENCH_LLRP_READERS=4, BENCH_LLRP_TAGS=200 …   its emulated readers
 *
 * Per database: Loupe runs as its own process (`npm start`'s entry point, LOG_LEVEL warn; PGlite in a temp
 * DATA_DIR, or a fresh PostgreSQL database created next to BENCH_DATABASE_URL and dropped afterwards).
 * Through its API the bench sets up, per reader (BENCH_READERS, 48 by default), a department of 4
 * stations and a Zebra reader whose antennas 1–4 look at them; 2,400 orders carrying tags go straight into
 * the database (bench/ingest-seed.ts); 300 more tags are nobody's. Then it opens a Socket.IO connection as
 * the admin. A load generator (bench/ingest-load.ts, another process) publishes Zebra IoT Connector batches
 * of 100 reads at QoS 1 as the readers (8 unacknowledged messages per connection at most), in steps of
 * rising rate; a tag is read 4–10 times per visit to an antenna, so raw reads / fresh reads ≈ 7, and
 * most visits are moves to another station. Then one step unpaced: as fast as the PUBACKs come.
 * That is the rush workload. The steady workload (issue 38 §4, bench/ingest-steady.ts) is the workshop
 * most of the day, on a Loupe of its own with the same seed: 2,000 of the tagged orders lie at stations
 * (placed by the seed), each reader reads the tags in view of each antenna about once a second (one
 * message per read cycle, 2,000 reads/s offered by the fleet), and one read in 200 carries a piece to
 * another station, so the fresh reads are the moves (and the first reads, during its warm-up, which lasts
 * until the fresh reads are about the moves). One step at that pace, then one unpaced (the same pieces and
 * move share, readers cycling as fast as PUBACKs come); the fleet reads on between them, as a pause longer
 * than the dedupe window would make every piece's next read fresh again.
 *
 * Per step:
 *   acked/s      reads whose PUBACK arrived during the step ÷ its length (PUBACK = recorded, issue 6 §3)
 *   sustained    acked/s ≥ 95 % of the target: the backlog (reads due but not sent because the window
 *                was full) and the reads in flight stayed under 5 % of the step's reads
 *   dedup        raw ÷ fresh reads, from the pipeline's counters (GET /api/v1/rfid/status)
 *   p50 / p99    publish → the admin's socket receiving `rfid:tag-read`, both on this machine's clock,
 *                over the fresh reads of the step after its first second
 *   CPU          Loupe's process (/proc/PID/stat, 100 % = one core) and the whole machine's (of 200 %,
 *                so PostgreSQL's own work shows); RSS from /proc/PID/status
 *   peak         Loupe's highest RSS sampled every 100 ms during the step (issue 18 §6: memory stays bounded)
 *   orders p95   GET /api/v1/orders?limit=50, one request at a time during the step (§4: the API under ingest)
 *   lag ms       the largest ingest lag /api/health reported during the step (§6)
 *   proj lag     the oldest move-feed entry a projection had not applied, at its largest (decision 026)
 * The bare broker (bench/bare-broker.ts: Aedes with no authentication and no pipeline) takes the same
 * unpaced load in the same run: its acked/s is the ceiling, and Loupe's unpaced acked/s ÷ it the ratio.
 * Under the steady workload it takes the paced step too; issue 38's target is steady unpaced ≥ 0.5 of it.
 * When the generator's own CPU (gen %) is near 100 %, that ceiling is the generator's, a lower bound.
 * The LLRP row (bench/ingest-llrp.ts): Loupe connects out to emulated LLRP readers reporting every 200 ms;
 * reads/s received by its pipeline over one step, beside what the emulators reported.
 * Everything started is stopped and removed at the end, on an error and on Ctrl-C.
 */
import { cleanUpAll, cleanUpOnSignals } from './bench-processes.ts';
import { measureLlrp, printLlrpRow } from './ingest-llrp.ts';
import { measureBareBroker, measureLoupe, withPostgres } from './ingest-measure.ts';
import { median, type TWorkload } from './ingest-protocol.ts';
import {
  medianSummary,
  printSummary,
  startStepTable,
  summarize,
  type TSummary,
  thousands,
} from './ingest-report.ts';
import { RATES, READERS, RUNS, STEADY, STEADY_OFFERED, STEP_MS, WORKLOADS } from './ingest-settings.ts';
import {
  medianSteadySummary,
  printSteadySummary,
  summarizeBareSteady,
  summarizeSteady,
  type TSteadySummary,
} from './ingest-steady-report.ts';
import type { TDatabaseResult, TStepRow } from './ingest-step-probes.ts';
import type { TBenchDatabase } from './scratch-postgres.ts';

cleanUpOnSignals();
const postgresUrl = process.env.BENCH_DATABASE_URL;
const runs: { columns: { label: string; summary: TSummary }[]; bare: TStepRow }[] = [];
const steadyRuns: { columns: { label: string; summary: TSteadySummary }[]; bare: TSteadySummary }[] = [];

/** Each database's Loupe under one workload: PGlite, then PostgreSQL when BENCH_DATABASE_URL is set. */
async function measureDatabases(workload: TWorkload): Promise<TDatabaseResult[]> {
  const measure = (label: string, target: TBenchDatabase) => measureLoupe(label, target, workload);
  const results = [await measure('PGlite', { kind: 'pglite' })];
  if (postgresUrl) {
    results.push(await withPostgres(postgresUrl, (url) => measure('PostgreSQL', { kind: 'postgres', url })));
  }
  return results;
}

try {
  if (WORKLOADS.includes('rush')) {
    console.info(
      `Ingest over MQTT, rush: steps of ${STEP_MS / 1000} s at ${RATES.map(thousands).join(', ')} reads/s, then unpaced; ${READERS} readers; ${RUNS} run(s)`,
    );
  }
  if (WORKLOADS.includes('steady')) {
    console.info(
      `Ingest over MQTT, steady: ${thousands(STEADY.pieces)} pieces at stations read once a second (${thousands(STEADY_OFFERED)} reads/s) for ${STEP_MS / 1000} s, then unpaced; ${READERS} readers; ${RUNS} run(s)`,
    );
  }
  console.info('');
  for (let run = 1; run <= RUNS; run += 1) {
    startStepTable();
    if (RUNS > 1) console.info(`\nRun ${run} of ${RUNS}`);
    const title = RUNS > 1 ? `Run ${run} summary` : 'Summary';
    if (WORKLOADS.includes('rush')) {
      const results = await measureDatabases('rush');
      const bare = (await measureBareBroker('rush')).steps[0] as TStepRow;
      const columns = results.map((result) => ({
        label: result.label,
        summary: summarize(result, bare.ackedPerSecond),
      }));
      runs.push({ columns, bare });
      printSummary(title, columns, bare);
      startStepTable();
    }
    if (WORKLOADS.includes('steady')) {
      const results = await measureDatabases('steady');
      const bareResult = await measureBareBroker('steady');
      const columns = results.map((result) => ({
        label: result.label,
        summary: summarizeSteady(result, bareResult),
      }));
      const bare = summarizeBareSteady(bareResult);
      steadyRuns.push({ columns, bare });
      printSteadySummary(title, columns, bare);
      startStepTable();
    }
    if (process.env.BENCH_LLRP !== '0') {
      printLlrpRow(await measureLlrp('PGlite'));
      if (postgresUrl) {
        printLlrpRow(
          await withPostgres(postgresUrl, (url) => measureLlrp('PostgreSQL', { DATABASE_URL: url })),
        );
      }
    }
  }
  if (RUNS > 1 && runs.length > 0) {
    const labels = runs[0]?.columns.map((column) => column.label) ?? [];
    const summariesOf = (label: string) =>
      runs
        .map((r) => r.columns.find((c) => c.label === label)?.summary)
        .filter((s): s is TSummary => s !== undefined);
    const bareOf = (key: keyof TStepRow) => median(runs.map((r) => r.bare[key] as number));
    printSummary(
      `Median of ${RUNS} runs`,
      labels.map((label) => ({ label, summary: medianSummary(summariesOf(label)) })),
      {
        ...(runs[0]?.bare as TStepRow),
        ackedPerSecond: bareOf('ackedPerSecond'),
        cpuPercent: bareOf('cpuPercent'),
        machinePercent: bareOf('machinePercent'),
        rssMiB: bareOf('rssMiB'),
      },
    );
  }
  if (RUNS > 1 && steadyRuns.length > 0) {
    const labels = steadyRuns[0]?.columns.map((column) => column.label) ?? [];
    const summariesOf = (label: string) =>
      steadyRuns
        .map((r) => r.columns.find((c) => c.label === label)?.summary)
        .filter((s): s is TSteadySummary => s !== undefined);
    printSteadySummary(
      `Median of ${RUNS} runs`,
      labels.map((label) => ({ label, summary: medianSteadySummary(summariesOf(label)) })),
      medianSteadySummary(steadyRuns.map((r) => r.bare)),
    );
  }
} finally {
  await cleanUpAll();
}

/**
 * Whether a backup stops ingest "for more than a moment" (issue 42 §1). Prints figures; asserts nothing.
 *
 *   npm run bench:backup                                              # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_backup npm run bench:backup   # + PostgreSQL
 *   BENCH_RUNS=3 …   runs per database, and the median of each figure (3 by default)
 *   BENCH_RATE=500 …   reads per second (500)      BENCH_READERS=8 …   readers publishing them (8)
 *   BENCH_ORDERS=20000 …   tagged orders in the database before the reads start (20,000)
 *
 * Per run: Loupe runs as its own process (`npm start`'s entry point; PGlite in a temp DATA_DIR, or a fresh
 * PostgreSQL database created next to BENCH_DATABASE_URL and dropped afterwards) with BENCH_ORDERS tagged
 * orders. BENCH_READERS readers publish Zebra batches of 10 fresh reads (EPCs never seen before) at QoS 1,
 * BENCH_RATE reads a second in all, paced by the clock (bench/backup-load.ts). After a warm-up and 10 s of
 * steady reads, the bench asks Loupe for a backup as `npm run backup` does (POST /operator/backups), keeps
 * publishing 5 s after it answers, then waits for every PUBACK. Loupe's PUBACK means the read is recorded.
 *
 *   backup        the backup request's duration; db held: how long the database was held for the
 *                 snapshot (Loupe's own progress line), size: the backup's bytes
 *   gap           the longest time between two consecutive PUBACKs (any reader): in the 10 s before the
 *                 backup, and over the backup (a gap overlapping it). At 500 reads/s in batches of 10, a
 *                 message is due every 20 ms: a gap far above that is ingest standing still
 *   p50 / p99     publish → PUBACK of the messages published before, and during, the backup
 *   reads         every acknowledged read in the live database after the run; every read acknowledged
 *                 before the backup was asked for in the backup, restored (`npm run restore`'s code) into
 *                 an empty folder or database; and how many acknowledged during the backup it holds
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type TDatabaseOptions } from '../src/db/client.ts';
import type { TBackupManifest } from '../src/modules/backups/backup-manifest.ts';
import { restoreBackup, type TRestoreTarget } from '../src/modules/backups/restore-backup.ts';
import { operatorTokenOf } from '../src/modules/backups/service.ts';
import { LoupeClient } from '../workshop/loupe-client.ts';
import { startLoupeProcess, type TLoupeProcess } from '../workshop/loupe-process.ts';
import { startSteadyLoad, type TPublished } from './backup-load.ts';
import { cleanUpAll, cleanUpOnSignals, onCleanup } from './bench-processes.ts';
import { median, quantile } from './ingest-protocol.ts';
import { seedReaders, seedTaggedOrders } from './ingest-seed.ts';
import { ADMIN } from './ingest-settings.ts';
import { type TBenchDatabase, withScratchDatabase } from './scratch-postgres.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const RATE = Math.max(10, Number(process.env.BENCH_RATE ?? 500));
const READERS = Math.max(1, Number(process.env.BENCH_READERS ?? 8));
const ORDERS = Math.max(0, Number(process.env.BENCH_ORDERS ?? 20_000));
const READS_PER_MESSAGE = 10;
const WARM_UP_MS = 2_000;
const BEFORE_MS = 10_000;
const AFTER_MS = 5_000;
const SECRET_KEY = 'bench-backup-secret-key-0123456789abcdef';

type TRunResult = {
  backupMs: number;
  heldMs: number;
  sizeMiB: number;
  gapBeforeMs: number;
  gapDuringMs: number;
  p50BeforeMs: number;
  p99BeforeMs: number;
  p50DuringMs: number;
  p99DuringMs: number;
  acked: number;
  missingLive: number;
  ackedBeforeBackup: number;
  missingRestored: number;
  duringInBackup: number;
  ackedDuring: number;
  failed: number;
};

/** The longest time between consecutive PUBACKs whose interval lies in, or overlaps, [from, to]. */
function longestGap(ackTimes: readonly number[], from: number, to: number, overlap: boolean): number {
  let longest = 0;
  for (let i = 1; i < ackTimes.length; i += 1) {
    const a = ackTimes[i - 1] as number;
    const b = ackTimes[i] as number;
    const counts = overlap ? a < to && b > from : a >= from && b <= to;
    if (counts) longest = Math.max(longest, b - a);
  }
  return longest;
}

const latencies = (messages: readonly TPublished[]) =>
  messages.filter((m) => !Number.isNaN(m.ackedAt)).map((m) => m.ackedAt - m.publishedAt);

async function epcsIn(options: TDatabaseOptions): Promise<Set<string>> {
  const handle = await openDatabase(options);
  try {
    const result = (await handle.db.execute(
      sql`SELECT DISTINCT upper(epc) AS epc FROM rfid_reads WHERE upper(epc) LIKE 'BACC42%'`,
    )) as unknown as { rows: { epc: string }[] };
    return new Set(result.rows.map((row) => row.epc));
  } finally {
    await handle.close();
  }
}

async function measureRun(label: string, target: TBenchDatabase): Promise<TRunResult> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'loupe-bench-backup-'));
  const removeScratch = onCleanup(() => rm(scratch, { recursive: true, force: true }));
  const dataDir = path.join(scratch, 'data');
  let loupe: TLoupeProcess | null = null;
  const stopLoupe = onCleanup(async () => {
    await loupe?.stop();
  });
  const start = () =>
    startLoupeProcess({
      dataDir,
      admin: ADMIN,
      logLevel: 'warn',
      env: {
        ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
        SECRET_KEY,
        BACKUP_DIR: path.join(scratch, 'backups'),
      },
      onOutput: (line) => {
        if (/"level":(40|50|60)/.test(line) && !line.includes('web app is not built')) {
          console.error(`  loupe: ${line.slice(0, 300)}`);
        }
      },
    });
  try {
    loupe = await start();
    const admin = await LoupeClient.signIn(loupe.url, ADMIN.email, ADMIN.password);
    const readers = await seedReaders(admin, { readers: READERS, antennasPerReader: 1 });
    if (target.kind === 'pglite') {
      // PGlite allows one process on its directory: Loupe steps aside while the orders go in.
      await loupe.stop();
      await seedTaggedOrders({ kind: 'pglite', dataDir }, ORDERS);
      loupe = await start();
    } else {
      await seedTaggedOrders({ kind: 'postgres', url: target.url, poolSize: 2 }, ORDERS);
    }

    const load = await startSteadyLoad({
      brokerUrl: loupe.mqttUrl,
      readers,
      readsPerSecond: RATE,
      readsPerMessage: READS_PER_MESSAGE,
    });
    const stopLoad = onCleanup(() => load.stop());
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    const beforeFrom = performance.now();
    await new Promise((resolve) => setTimeout(resolve, BEFORE_MS));

    const backupFrom = performance.now();
    const response = await fetch(`${loupe.url}/operator/backups`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorTokenOf(SECRET_KEY)}` },
    });
    const backupTo = performance.now();
    const body = (await response.json()) as { dir: string; manifest: TBackupManifest; progress: string[] };
    if (!response.ok) throw new Error(`the backup failed: ${response.status} ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    await stopLoad();

    const { messages } = load;
    const ackTimes = messages
      .map((m) => m.ackedAt)
      .filter((at) => !Number.isNaN(at))
      .sort((a, b) => a - b);
    const before = messages.filter((m) => m.publishedAt >= beforeFrom && m.publishedAt < backupFrom);
    const during = messages.filter((m) => m.publishedAt >= backupFrom && m.publishedAt < backupTo);
    const acked = messages.filter((m) => !Number.isNaN(m.ackedAt));
    const ackedEpcs = acked.flatMap((m) => m.epcs);
    const ackedBeforeBackup = acked.filter((m) => m.ackedAt < backupFrom).flatMap((m) => m.epcs);
    const ackedDuring = acked
      .filter((m) => m.ackedAt >= backupFrom && m.ackedAt < backupTo)
      .flatMap((m) => m.epcs);
    const heldLine = body.progress.find((line) => line.startsWith('database saved'));
    // PGlite's line says how long writers waited; pg_dump's snapshot holds none (–).
    const heldMs = Number(/writers held (\d+) ms/.exec(heldLine ?? '')?.[1] ?? Number.NaN);

    // Every acknowledged read in the live database (Loupe stopped first: PGlite is one process's).
    await stopLoupe();
    const live = await epcsIn(
      target.kind === 'pglite'
        ? { kind: 'pglite', dataDir, migrate: false }
        : { kind: 'postgres', url: target.url, poolSize: 2 },
    );
    const restoredDir = path.join(scratch, 'restored');
    const restoreAndRead = async (restoreTarget: TRestoreTarget, options: TDatabaseOptions) => {
      await restoreBackup({ backupDir: body.dir, target: restoreTarget });
      return epcsIn(options);
    };
    const restored =
      target.kind === 'pglite'
        ? await restoreAndRead(
            { kind: 'pglite', dataDir: restoredDir },
            { kind: 'pglite', dataDir: restoredDir, migrate: false },
          )
        : await withScratchDatabase(target.url, { prefix: 'loupe_bench_restore', guard: onCleanup }, (url) =>
            restoreAndRead(
              { kind: 'postgres', url, dataDir: restoredDir },
              { kind: 'postgres', url, poolSize: 2 },
            ),
          );

    const result: TRunResult = {
      backupMs: backupTo - backupFrom,
      heldMs,
      sizeMiB: body.manifest.totalBytes / 1024 / 1024,
      gapBeforeMs: longestGap(ackTimes, beforeFrom, backupFrom, false),
      gapDuringMs: longestGap(ackTimes, backupFrom, backupTo, true),
      p50BeforeMs: quantile(latencies(before), 0.5),
      p99BeforeMs: quantile(latencies(before), 0.99),
      p50DuringMs: quantile(latencies(during), 0.5),
      p99DuringMs: quantile(latencies(during), 0.99),
      acked: ackedEpcs.length,
      missingLive: ackedEpcs.filter((epc) => !live.has(epc)).length,
      ackedBeforeBackup: ackedBeforeBackup.length,
      missingRestored: ackedBeforeBackup.filter((epc) => !restored.has(epc)).length,
      duringInBackup: ackedDuring.filter((epc) => restored.has(epc)).length,
      ackedDuring: ackedDuring.length,
      failed: messages.filter((m) => m.failed).length,
    };
    printRow(label, result);
    console.info(`  ${heldLine ?? 'no "database saved" line'}`);
    return result;
  } finally {
    await stopLoupe();
    await removeScratch();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : '–');

function printHeader(): void {
  console.info(
    [
      'database'.padEnd(22),
      'backup ms'.padStart(9),
      'db held ms'.padStart(10),
      'size MiB'.padStart(8),
      'gap before'.padStart(10),
      'gap during'.padStart(10),
      'p50/p99 before'.padStart(15),
      'p50/p99 during'.padStart(15),
      '  reads',
    ].join(' '),
  );
}

function printRow(label: string, r: TRunResult): void {
  const reads =
    `${r.acked - r.missingLive}/${r.acked} acked in the live db, ` +
    `${r.ackedBeforeBackup - r.missingRestored}/${r.ackedBeforeBackup} acked before the backup in it` +
    `, ${r.duringInBackup}/${r.ackedDuring} acked during it` +
    (r.failed > 0 ? `, ${r.failed} publishes failed` : '');
  console.info(
    [
      label.padEnd(22),
      ms(r.backupMs).padStart(9),
      ms(r.heldMs).padStart(10),
      r.sizeMiB.toFixed(1).padStart(8),
      ms(r.gapBeforeMs).padStart(10),
      ms(r.gapDuringMs).padStart(10),
      `${ms(r.p50BeforeMs)}/${ms(r.p99BeforeMs)}`.padStart(15),
      `${ms(r.p50DuringMs)}/${ms(r.p99DuringMs)}`.padStart(15),
      ` ${reads}`,
    ].join(' '),
  );
}

function medianOf(results: readonly TRunResult[]): TRunResult {
  const pick = (key: keyof TRunResult) => median(results.map((r) => r[key]));
  const sum = (key: keyof TRunResult) => results.reduce((total, r) => total + r[key], 0);
  return {
    backupMs: pick('backupMs'),
    heldMs: pick('heldMs'),
    sizeMiB: pick('sizeMiB'),
    gapBeforeMs: pick('gapBeforeMs'),
    gapDuringMs: pick('gapDuringMs'),
    p50BeforeMs: pick('p50BeforeMs'),
    p99BeforeMs: pick('p99BeforeMs'),
    p50DuringMs: pick('p50DuringMs'),
    p99DuringMs: pick('p99DuringMs'),
    // Reads: totals over the runs, so that one missing read anywhere shows.
    acked: sum('acked'),
    missingLive: sum('missingLive'),
    ackedBeforeBackup: sum('ackedBeforeBackup'),
    missingRestored: sum('missingRestored'),
    duringInBackup: sum('duringInBackup'),
    ackedDuring: sum('ackedDuring'),
    failed: sum('failed'),
  };
}

cleanUpOnSignals();
const postgresUrl = process.env.BENCH_DATABASE_URL;
try {
  console.info(
    `Backup during ingest: ${RATE} reads/s from ${READERS} readers (MQTT, QoS 1, ${READS_PER_MESSAGE} reads a message), ${ORDERS} tagged orders; backup after ${BEFORE_MS / 1000} s; ${RUNS} run(s) per database\n`,
  );
  printHeader();
  const targets: { label: string; run: () => Promise<TRunResult> }[] = [
    { label: 'PGlite', run: () => measureRun('PGlite', { kind: 'pglite' }) },
  ];
  if (postgresUrl) {
    targets.push({
      label: 'PostgreSQL',
      run: () =>
        withScratchDatabase(postgresUrl, { prefix: 'loupe_bench_backup', guard: onCleanup }, (url) =>
          measureRun('PostgreSQL', { kind: 'postgres', url }),
        ),
    });
  }
  const results = new Map<string, TRunResult[]>();
  for (let run = 1; run <= RUNS; run += 1) {
    for (const target of targets) {
      const result = await target.run();
      results.set(target.label, [...(results.get(target.label) ?? []), result]);
    }
  }
  if (RUNS > 1) {
    console.info(`\nMedian of ${RUNS} runs (reads: all runs together)`);
    printHeader();
    for (const [label, list] of results) printRow(label, medianOf(list));
  }
} finally {
  await cleanUpAll();
}

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
 * The bare broker (bench/bare-broker.ts: Aedes with no authentication and no pipeline) takes the same
 * unpaced load in the same run: its acked/s is the ceiling, and Loupe's unpaced acked/s ÷ it the ratio.
 * When the generator's own CPU (gen %) is near 100 %, that ceiling is the generator's, a lower bound.
 * Everything started is stopped and removed at the end, on an error and on Ctrl-C.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { LoupeClient } from '../workshop/loupe-client.ts';
import { freePort, SERVER_DIR, startLoupeProcess, type TLoupeProcess } from '../workshop/loupe-process.ts';
import {
  median,
  quantile,
  type TChildMessage,
  type TLoadConfig,
  type TParentMessage,
  type TStepResult,
} from './ingest-protocol.ts';
import { epcOf, seedReaders, seedTaggedOrders } from './ingest-seed.ts';

const QUICK = process.env.BENCH_QUICK === '1';
/** BENCH_API_PROBE=0: no GET /orders and /api/health during the steps (the load the older bench put on). */
const API_PROBE = process.env.BENCH_API_PROBE !== '0';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const RATES = (process.env.BENCH_RATES ?? '500,1000,2500,5000,10000,20000,40000')
  .split(',')
  .map(Number)
  .filter((rate) => rate > 0);
const STEP_MS = QUICK ? 3_000 : 10_000;
const WARM_UP_MS = QUICK ? 1_000 : 3_000;
/** Latencies of a step's first moments are left out: the step's own start-up. */
const LATENCY_SKIP_MS = QUICK ? 500 : 1_000;
const SUSTAINED = 0.95;
/** A step this far below its target ends the rise: the next would only be further. */
const SATURATED = 0.8;
const LATENCY_RATE = 5_000;

/**
 * BENCH_READERS: the fleet. 50,000 raw reads/s is a few dozen portals flat out (an Impinj R700 reports
 * about 1,100 tags/s), each with its own window of unacknowledged messages; four readers' windows alone
 * (3,200 reads in flight) cap what a batching pipeline can be offered, so the default is 48 portals.
 */
const READERS = Math.max(1, Number(process.env.BENCH_READERS ?? 48));
const ANTENNAS_PER_READER = 4;
const TRACKED_TAGS = 2_400;
const STRAY_TAGS = 300;
const DEDUPE_WINDOW_MS = 5_000;
const ADMIN = { email: 'bench-admin@loupe.example', password: 'a bench full of fast readers 42' };

const LOAD = {
  readsPerMessage: 100,
  windowPerConnection: 8,
  dedupeWindowMs: DEDUPE_WINDOW_MS,
  readsPerVisit: [4, 10],
  tagsInFieldPerReader: 40,
  stayProbability: 0.3,
  seed: 6,
} as const;

// ---------------------------------------------------------------------------------------------------
// Clean-up: every child and temp dir goes, whether the bench ends, fails or is interrupted.

const cleanups = new Set<() => Promise<void>>();
function onCleanup(cleanup: () => Promise<void>): () => Promise<void> {
  cleanups.add(cleanup);
  return async () => {
    if (!cleanups.delete(cleanup)) return;
    await cleanup();
  };
}
async function cleanUpAll(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    await cleanup().catch((error: unknown) => console.error('bench: clean-up failed:', error));
  }
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\nbench: ${signal}, cleaning up…`);
    void cleanUpAll().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------
// Processes: CPU and memory from /proc, children spawned with tsx.

/** CLK_TCK, the unit of /proc/PID/stat times: 100 on Linux (getconf CLK_TCK). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in clock ticks; null once it is gone. */
function processTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Resident memory in MiB. */
function processRssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Busy and total ticks of the whole machine (all cores). */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

type TCpuSample = { at: number; ticks: number; machine: { busy: number; total: number } };
function sampleCpu(pid: number): TCpuSample {
  return { at: performance.now(), ticks: processTicks(pid) ?? 0, machine: machineTicks() };
}
/** The process's CPU (100 % = one core) and the machine's (of 100 % × cores) between two samples. */
function cpuBetween(from: TCpuSample, to: TCpuSample): { process: number; machine: number } {
  const seconds = (to.at - from.at) / 1000;
  const cores = (to.machine.total - from.machine.total) / TICKS_PER_SECOND / seconds;
  return {
    process: ((to.ticks - from.ticks) / TICKS_PER_SECOND / seconds) * 100,
    machine: ((to.machine.busy - from.machine.busy) / (to.machine.total - from.machine.total)) * cores * 100,
  };
}

function spawnTsx(file: string, args: string[], ipc: boolean): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file), ...args], {
    cwd: SERVER_DIR,
    stdio: ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(killer);
}

/** The load generator, driven step by step over IPC. */
async function startLoad(config: TLoadConfig) {
  const child = spawnTsx('ingest-load.ts', [], true);
  const release = onCleanup(() => stopChild(child));
  const pending: { resolve: (message: TChildMessage) => void; reject: (error: Error) => void }[] = [];
  child.on('message', (message: TChildMessage) => {
    if (message.type === 'error') {
      for (const waiter of pending.splice(0)) waiter.reject(new Error(`load generator: ${message.message}`));
      return;
    }
    pending.shift()?.resolve(message);
  });
  child.once('exit', (code) => {
    for (const waiter of pending.splice(0)) waiter.reject(new Error(`load generator exited (${code})`));
  });
  const ask = (message: TParentMessage) =>
    new Promise<TChildMessage>((resolve, reject) => {
      pending.push({ resolve, reject });
      child.send(message);
    });
  await ask({ type: 'connect', config });
  return {
    pid: child.pid ?? 0,
    async step(rate: number, durationMs: number): Promise<TStepResult> {
      const answer = await ask({ type: 'step', rate, durationMs });
      if (answer.type !== 'step-result') throw new Error(`load generator answered ${answer.type}`);
      return answer.result;
    },
    async stop(): Promise<void> {
      if (child.connected) child.send({ type: 'stop' } satisfies TParentMessage);
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const timeout = setTimeout(() => child.kill('SIGKILL'), 5_000);
      if (child.exitCode === null && child.signalCode === null) await exited;
      clearTimeout(timeout);
      await release();
    },
  };
}

async function startBareBroker(): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawnTsx('bare-broker.ts', [String(port)], false);
  const release = onCleanup(() => stopChild(child));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('"listening"')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`bare broker exited (${code})`)));
  });
  return { url: `mqtt://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: release };
}

// ---------------------------------------------------------------------------------------------------
// The workshop.

type TCounters = { received: number; fresh: number; repeats: number; moved: number; unknownTag: number };
async function pipelineCounters(client: LoupeClient): Promise<TCounters> {
  return client.data<TCounters>('GET', '/rfid/status');
}

// ---------------------------------------------------------------------------------------------------
// Measuring.

type TStepRow = {
  target: number | 'max';
  ackedPerSecond: number;
  sustained: boolean;
  dedup: number;
  freshPerSecond: number;
  movedPerSecond: number;
  eventsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ackP99Ms: number;
  cpuPercent: number;
  machinePercent: number;
  rssMiB: number;
  /** The highest RSS sampled during the step. */
  peakRssMiB: number;
  /** GET /api/v1/orders (limit 50) answered during the step, one request at a time: its p95. */
  ordersP95Ms: number;
  /** The largest `ingest.lagMs` /api/health reported during the step (issue 18 §6). */
  maxLagMs: number;
  loadCpuPercent: number;
  errors: number;
};

type TDatabaseResult = { label: string; steps: TStepRow[] };

class LatencyRecorder {
  #window: { from: number; latencies: number[]; events: number } | null = null;
  constructor(socket: Socket) {
    socket.on('rfid:tag-read', (payload: { timestamp: string }) => {
      const window = this.#window;
      if (window === null) return;
      const now = Date.now();
      const at = Date.parse(payload.timestamp);
      window.events += 1;
      if (at >= window.from) window.latencies.push(now - at);
    });
  }
  start(from: number): void {
    this.#window = { from, latencies: [], events: 0 };
  }
  stop(): { latencies: number[]; events: number } {
    const window = this.#window ?? { latencies: [], events: 0 };
    this.#window = null;
    return window;
  }
}

/**
 * While a step runs: Loupe's RSS every 100 ms (its peak), `GET /api/v1/orders` one request at a time (the
 * API's responsiveness under ingest, issue 18 §4) and /api/health's ingest lag (§6).
 */
class StepProbe {
  #running = false;
  #loops: Promise<void>[] = [];
  #orders: number[] = [];
  #peakRss = 0;
  #maxLag = 0;
  constructor(
    private readonly pid: number,
    private readonly client: LoupeClient,
    private readonly url: string,
  ) {}
  start(): void {
    this.#running = true;
    this.#orders = [];
    this.#peakRss = processRssMiB(this.pid);
    this.#maxLag = API_PROBE ? 0 : Number.NaN;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    this.#loops = [
      (async () => {
        while (this.#running) {
          this.#peakRss = Math.max(this.#peakRss, processRssMiB(this.pid));
          await pause(100);
        }
      })(),
      (async () => {
        while (this.#running && API_PROBE) {
          const started = performance.now();
          try {
            await this.client.data('GET', '/orders?limit=50');
            this.#orders.push(performance.now() - started);
          } catch (error) {
            console.error(`  orders probe: ${(error as Error).message}`);
          }
          await pause(50);
        }
      })(),
      (async () => {
        while (this.#running && API_PROBE) {
          try {
            const health = (await (await fetch(`${this.url}/api/health`)).json()) as {
              ingest?: { lagMs: number };
            };
            this.#maxLag = Math.max(this.#maxLag, health.ingest?.lagMs ?? Number.NaN);
          } catch (error) {
            console.error(`  health probe: ${(error as Error).message}`);
          }
          await pause(250);
        }
      })(),
    ];
  }
  async stop(): Promise<{ peakRssMiB: number; ordersP95Ms: number; maxLagMs: number }> {
    this.#running = false;
    await Promise.all(this.#loops);
    return { peakRssMiB: this.#peakRss, ordersP95Ms: quantile(this.#orders, 0.95), maxLagMs: this.#maxLag };
  }
}

type TTarget = { readonly kind: 'pglite' } | { readonly kind: 'postgres'; readonly url: string };

async function measureLoupe(label: string, target: TTarget): Promise<TDatabaseResult> {
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

async function measureBareBroker(): Promise<TDatabaseResult> {
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

async function withPostgres<T>(url: string, run: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `loupe_bench_ingest_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const drop = onCleanup(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  const own = new URL(url);
  own.pathname = `/${name}`;
  try {
    return await run(own.toString());
  } finally {
    await drop();
  }
}

// ---------------------------------------------------------------------------------------------------
// Printing.

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
/** Two significant digits: 0.0011 stays readable. */
const ratio = (value: number) => (Number.isFinite(value) ? String(Number(value.toPrecision(2))) : '–');
const thousands = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en') : '–');

const STEP_COLUMNS = [
  ['target/s', 9],
  ['acked/s', 8],
  ['sust', 4],
  ['dedup', 5],
  ['fresh/s', 7],
  ['moved/s', 7],
  ['p50 ms', 6],
  ['p99 ms', 6],
  ['ack p99', 7],
  ['CPU %', 5],
  ['mach %', 6],
  ['RSS MiB', 7],
  ['peak', 5],
  ['orders p95', 10],
  ['lag ms', 6],
  ['gen %', 5],
] as const;
let headerPrinted = false;

function printStep(label: string, row: TStepRow): void {
  if (!headerPrinted) {
    headerPrinted = true;
    console.info(
      `${'run'.padEnd(12)}  ${STEP_COLUMNS.map(([name, width]) => name.padStart(width)).join('  ')}`,
    );
  }
  const cells = [
    row.target === 'max' ? 'unpaced' : thousands(row.target),
    thousands(row.ackedPerSecond),
    row.target === 'max' ? '' : row.sustained ? 'yes' : 'no',
    fixed(row.dedup, 1),
    thousands(row.freshPerSecond),
    thousands(row.movedPerSecond),
    fixed(row.p50Ms),
    fixed(row.p99Ms),
    fixed(row.ackP99Ms),
    fixed(row.cpuPercent),
    fixed(row.machinePercent),
    fixed(row.rssMiB),
    fixed(row.peakRssMiB),
    fixed(row.ordersP95Ms),
    fixed(row.maxLagMs),
    fixed(row.loadCpuPercent),
  ];
  const line = STEP_COLUMNS.map(([, width], index) => (cells[index] ?? '').padStart(width)).join('  ');
  console.info(`${label.padEnd(12)}  ${line}${row.errors > 0 ? `  (${row.errors} publishes failed)` : ''}`);
}

type TSummary = {
  maxSustained: number;
  unpaced: number;
  ratioToBare: number;
  dedup: number;
  p50At5k: number;
  p99At5k: number;
  cpuAtMax: number;
  machineAtMax: number;
  rssAtMax: number;
  peakRss: number;
  ordersP95AtMax: number;
  ordersP95At5k: number;
};

function summarize(result: TDatabaseResult, bare: number): TSummary {
  const paced = result.steps.filter((step) => step.target !== 'max');
  const sustained = paced.filter((step) => step.sustained);
  const highest = sustained[sustained.length - 1];
  const unpaced = result.steps.find((step) => step.target === 'max');
  const at5k = paced.find((step) => step.target === LATENCY_RATE);
  return {
    maxSustained: highest === undefined ? 0 : (highest.target as number),
    unpaced: unpaced?.ackedPerSecond ?? Number.NaN,
    ratioToBare: (unpaced?.ackedPerSecond ?? Number.NaN) / bare,
    // Where no step was sustained, the unpaced step's.
    dedup: (highest ?? unpaced)?.dedup ?? Number.NaN,
    p50At5k: at5k?.p50Ms ?? Number.NaN,
    p99At5k: at5k?.p99Ms ?? Number.NaN,
    cpuAtMax: unpaced?.cpuPercent ?? Number.NaN,
    machineAtMax: unpaced?.machinePercent ?? Number.NaN,
    rssAtMax: unpaced?.rssMiB ?? Number.NaN,
    peakRss: Math.max(...result.steps.map((step) => step.peakRssMiB)),
    ordersP95AtMax: unpaced?.ordersP95Ms ?? Number.NaN,
    ordersP95At5k: at5k?.ordersP95Ms ?? Number.NaN,
  };
}

function printSummary(title: string, columns: { label: string; summary: TSummary }[], bare: TStepRow): void {
  const rows: [string, (summary: TSummary) => string, string][] = [
    [
      'max sustained raw reads/s (paced steps)',
      (s) => (s.maxSustained > 0 ? thousands(s.maxSustained) : `< ${thousands(RATES[0] ?? 0)}`),
      '',
    ],
    ['unpaced acked raw reads/s', (s) => thousands(s.unpaced), thousands(bare.ackedPerSecond)],
    ['  ÷ bare broker', (s) => ratio(s.ratioToBare), '1'],
    ['dedup ratio (raw ÷ fresh)', (s) => fixed(s.dedup, 1), ''],
    [
      `p50 / p99 at ${thousands(LATENCY_RATE)} reads/s, ms`,
      (s) => `${fixed(s.p50At5k)} / ${fixed(s.p99At5k)}`,
      '',
    ],
    [
      'CPU % unpaced (process / machine)',
      (s) => `${fixed(s.cpuAtMax)} / ${fixed(s.machineAtMax)}`,
      `${fixed(bare.cpuPercent)} / ${fixed(bare.machinePercent)}`,
    ],
    ['RSS MiB unpaced', (s) => fixed(s.rssAtMax), fixed(bare.rssMiB)],
    ['peak RSS MiB, all steps', (s) => fixed(s.peakRss), ''],
    [
      `GET /orders p95 ms at ${thousands(LATENCY_RATE)} / unpaced`,
      (s) => `${fixed(s.ordersP95At5k)} / ${fixed(s.ordersP95AtMax)}`,
      '',
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.info(`\n${title}\n`);
  console.info(
    [''.padEnd(width), ...columns.map((c) => c.label.padStart(12)), 'bare broker'.padStart(12)].join('  '),
  );
  for (const [name, cell, bareCell] of rows) {
    console.info(
      [name.padEnd(width), ...columns.map((c) => cell(c.summary).padStart(12)), bareCell.padStart(12)].join(
        '  ',
      ),
    );
  }
}

// ---------------------------------------------------------------------------------------------------

const postgresUrl = process.env.BENCH_DATABASE_URL;
const runs: { columns: { label: string; summary: TSummary }[]; bare: TStepRow }[] = [];
try {
  console.info(
    `Ingest over MQTT: steps of ${STEP_MS / 1000} s at ${RATES.map(thousands).join(', ')} reads/s, then unpaced; ${READERS} readers; ${RUNS} run(s)\n`,
  );
  for (let run = 1; run <= RUNS; run += 1) {
    headerPrinted = false;
    if (RUNS > 1) console.info(`\nRun ${run} of ${RUNS}`);
    const results = [await measureLoupe('PGlite', { kind: 'pglite' })];
    if (postgresUrl) {
      results.push(
        await withPostgres(postgresUrl, (url) => measureLoupe('PostgreSQL', { kind: 'postgres', url })),
      );
    }
    const bareResult = await measureBareBroker();
    const bare = bareResult.steps[0] as TStepRow;
    const columns = results.map((result) => ({
      label: result.label,
      summary: summarize(result, bare.ackedPerSecond),
    }));
    runs.push({ columns, bare });
    printSummary(RUNS > 1 ? `Run ${run} summary` : 'Summary', columns, bare);
  }
  if (RUNS > 1) {
    const labels = runs[0]?.columns.map((column) => column.label) ?? [];
    const pick = (label: string) => runs.map((r) => r.columns.find((c) => c.label === label)?.summary);
    const medianSummary = (label: string): TSummary => {
      const summaries = pick(label).filter((s): s is TSummary => s !== undefined);
      const of = (key: keyof TSummary) => median(summaries.map((s) => s[key]));
      return {
        maxSustained: of('maxSustained'),
        unpaced: of('unpaced'),
        ratioToBare: of('ratioToBare'),
        dedup: of('dedup'),
        p50At5k: of('p50At5k'),
        p99At5k: of('p99At5k'),
        cpuAtMax: of('cpuAtMax'),
        machineAtMax: of('machineAtMax'),
        rssAtMax: of('rssAtMax'),
        peakRss: of('peakRss'),
        ordersP95AtMax: of('ordersP95AtMax'),
        ordersP95At5k: of('ordersP95At5k'),
      };
    };
    const bareOf = (key: keyof TStepRow) => median(runs.map((r) => r.bare[key] as number));
    printSummary(
      `Median of ${RUNS} runs`,
      labels.map((label) => ({ label, summary: medianSummary(label) })),
      {
        ...(runs[0]?.bare as TStepRow),
        ackedPerSecond: bareOf('ackedPerSecond'),
        cpuPercent: bareOf('cpuPercent'),
        machinePercent: bareOf('machinePercent'),
        rssMiB: bareOf('rssMiB'),
      },
    );
  }
} finally {
  await cleanUpAll();
}

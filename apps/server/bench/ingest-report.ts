import { median } from './ingest-protocol.ts';
import { LATENCY_RATE, RATES } from './ingest-settings.ts';
import type { TDatabaseResult, TStepRow } from './ingest-step-probes.ts';

/** The ingest bench's tables: a row per step as it ends, and the summary of a run (or the median of runs). */

export const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
/** Two significant digits: 0.0011 stays readable. */
export const ratio = (value: number) => (Number.isFinite(value) ? String(Number(value.toPrecision(2))) : '–');
export const thousands = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en') : '–';

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
  ['proj lag', 8],
  ['gen %', 5],
] as const;
/** Wide enough for "bare broker steady". */
const LABEL_WIDTH = 18;
let headerPrinted = false;

/** The next step printed starts a table with its header (each run prints its own). */
export function startStepTable(): void {
  headerPrinted = false;
}

export function printStep(label: string, row: TStepRow): void {
  if (!headerPrinted) {
    headerPrinted = true;
    console.info(
      `${'run'.padEnd(LABEL_WIDTH)}  ${STEP_COLUMNS.map(([name, width]) => name.padStart(width)).join('  ')}`,
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
    fixed(row.maxProjectionLagMs),
    fixed(row.loadCpuPercent),
  ];
  const line = STEP_COLUMNS.map(([, width], index) => (cells[index] ?? '').padStart(width)).join('  ');
  console.info(
    `${label.padEnd(LABEL_WIDTH)}  ${line}${row.errors > 0 ? `  (${row.errors} publishes failed)` : ''}`,
  );
}

export type TSummary = {
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
  /** The projections' largest lag at the highest sustained step (issue 38: ≤ 1 s). */
  projectionLagAtSustained: number;
};

export function summarize(result: TDatabaseResult, bare: number): TSummary {
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
    projectionLagAtSustained: highest?.maxProjectionLagMs ?? Number.NaN,
  };
}

export function printSummary(
  title: string,
  columns: { label: string; summary: TSummary }[],
  bare: TStepRow,
): void {
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
    ['projection lag max ms at the sustained step', (s) => fixed(s.projectionLagAtSustained), ''],
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

/** Each figure's median over several runs' summaries. */
export function medianSummary(summaries: readonly TSummary[]): TSummary {
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
    projectionLagAtSustained: of('projectionLagAtSustained'),
  };
}

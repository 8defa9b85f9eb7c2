import { median } from './ingest-protocol.ts';
import { fixed, ratio, thousands } from './ingest-report.ts';
import { STEADY, STEADY_OFFERED } from './ingest-settings.ts';
import type { TDatabaseResult, TStepRow } from './ingest-step-probes.ts';

/** The steady workload's summary (issue 38 §4): its paced and unpaced steps beside the bare broker's. */

export type TSteadySummary = {
  offered: number;
  pacedAcked: number;
  pacedRatio: number;
  unpaced: number;
  /** Issue 38's target: at least 0.5. */
  unpacedRatio: number;
  freshPaced: number;
  movedPaced: number;
  p50Paced: number;
  p99Paced: number;
  p50Unpaced: number;
  p99Unpaced: number;
  ordersP95Paced: number;
  ordersP95Unpaced: number;
  cpuPaced: number;
  machinePaced: number;
  cpuUnpaced: number;
  machineUnpaced: number;
  peakRss: number;
  lagPaced: number;
  lagUnpaced: number;
  projectionLagPaced: number;
  projectionLagUnpaced: number;
};

const pacedOf = (result: TDatabaseResult) => result.steps.find((step) => step.target !== 'max');
const unpacedOf = (result: TDatabaseResult) => result.steps.find((step) => step.target === 'max');
const of = (step: TStepRow | undefined, key: keyof TStepRow) => (step?.[key] as number) ?? Number.NaN;

export function summarizeSteady(result: TDatabaseResult, bare: TDatabaseResult): TSteadySummary {
  const paced = pacedOf(result);
  const unpaced = unpacedOf(result);
  return {
    offered: STEADY_OFFERED,
    pacedAcked: of(paced, 'ackedPerSecond'),
    pacedRatio: of(paced, 'ackedPerSecond') / of(pacedOf(bare), 'ackedPerSecond'),
    unpaced: of(unpaced, 'ackedPerSecond'),
    unpacedRatio: of(unpaced, 'ackedPerSecond') / of(unpacedOf(bare), 'ackedPerSecond'),
    freshPaced: of(paced, 'freshPerSecond'),
    movedPaced: of(paced, 'movedPerSecond'),
    p50Paced: of(paced, 'p50Ms'),
    p99Paced: of(paced, 'p99Ms'),
    p50Unpaced: of(unpaced, 'p50Ms'),
    p99Unpaced: of(unpaced, 'p99Ms'),
    ordersP95Paced: of(paced, 'ordersP95Ms'),
    ordersP95Unpaced: of(unpaced, 'ordersP95Ms'),
    cpuPaced: of(paced, 'cpuPercent'),
    machinePaced: of(paced, 'machinePercent'),
    cpuUnpaced: of(unpaced, 'cpuPercent'),
    machineUnpaced: of(unpaced, 'machinePercent'),
    peakRss: Math.max(...result.steps.map((step) => step.peakRssMiB)),
    lagPaced: of(paced, 'maxLagMs'),
    lagUnpaced: of(unpaced, 'maxLagMs'),
    projectionLagPaced: of(paced, 'maxProjectionLagMs'),
    projectionLagUnpaced: of(unpaced, 'maxProjectionLagMs'),
  };
}

/** The bare broker's column, as a summary of its own steps (its ratios are 1 by definition). */
export function summarizeBareSteady(bare: TDatabaseResult): TSteadySummary {
  const summary = summarizeSteady(bare, bare);
  return { ...summary, peakRss: Math.max(...bare.steps.map((step) => step.rssMiB)) };
}

export function medianSteadySummary(summaries: readonly TSteadySummary[]): TSteadySummary {
  const first = summaries[0];
  if (first === undefined) throw new Error('no steady summary');
  const keys = Object.keys(first) as (keyof TSteadySummary)[];
  return Object.fromEntries(
    keys.map((key) => [key, median(summaries.map((summary) => summary[key]))]),
  ) as TSteadySummary;
}

export function printSteadySummary(
  title: string,
  columns: { label: string; summary: TSteadySummary }[],
  bare: TSteadySummary,
): void {
  const pair = (a: number, b: number) => `${fixed(a)} / ${fixed(b)}`;
  const rows: [string, (summary: TSteadySummary) => string, boolean][] = [
    ['offered raw reads/s (the fleet, paced)', (s) => thousands(s.offered), true],
    ['acked raw reads/s, paced', (s) => thousands(s.pacedAcked), true],
    ['  ÷ bare broker, paced', (s) => ratio(s.pacedRatio), true],
    ['acked raw reads/s, unpaced', (s) => thousands(s.unpaced), true],
    ['  ÷ bare broker, unpaced (target ≥ 0.5)', (s) => ratio(s.unpacedRatio), true],
    ['fresh / moved reads/s, paced', (s) => `${fixed(s.freshPaced, 1)} / ${fixed(s.movedPaced, 1)}`, false],
    ['p50 / p99 fresh read → socket ms, paced', (s) => pair(s.p50Paced, s.p99Paced), false],
    ['p50 / p99 fresh read → socket ms, unpaced', (s) => pair(s.p50Unpaced, s.p99Unpaced), false],
    ['GET /orders p95 ms, paced / unpaced', (s) => pair(s.ordersP95Paced, s.ordersP95Unpaced), false],
    ['CPU % paced (process / machine)', (s) => pair(s.cpuPaced, s.machinePaced), true],
    ['CPU % unpaced (process / machine)', (s) => pair(s.cpuUnpaced, s.machineUnpaced), true],
    ['peak RSS MiB, both steps', (s) => fixed(s.peakRss), true],
    ['ingest lag max ms, paced / unpaced', (s) => pair(s.lagPaced, s.lagUnpaced), false],
    [
      'projection lag max ms, paced / unpaced',
      (s) => pair(s.projectionLagPaced, s.projectionLagUnpaced),
      false,
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.info(
    `\n${title}: steady workshop, ${thousands(STEADY.pieces)} pieces at stations, ${STEADY.moveShare * 100} % of reads carrying one\n`,
  );
  console.info(
    [''.padEnd(width), ...columns.map((c) => c.label.padStart(12)), 'bare broker'.padStart(12)].join('  '),
  );
  for (const [name, cell, hasBare] of rows) {
    console.info(
      [
        name.padEnd(width),
        ...columns.map((c) => cell(c.summary).padStart(12)),
        (hasBare ? cell(bare) : '').padStart(12),
      ].join('  '),
    );
  }
}

/**
 * What bench/ingest.ts and its load generator (bench/ingest-load.ts, a child process) say to each other
 * over the Node IPC channel, and the small statistics both print.
 */

/** A reader the generator publishes as: one MQTT connection each, user name = reader id. */
export type TLoadReader = {
  readonly id: string;
  /** The reader's API key (the MQTT password); null against the bare broker. */
  readonly apiKey: string | null;
  readonly antennas: readonly number[];
};

/** rush: tags passing portals, most visits moves; steady: pieces lying at stations, few moves (issue 38 §4). */
export type TWorkload = 'rush' | 'steady';

export type TLoadConfig = {
  readonly workload: TWorkload;
  readonly brokerUrl: string;
  readonly readers: readonly TLoadReader[];
  /** EPCs of tracked orders, then EPCs nobody tracks (tags on trays, tools, finished jobs). */
  readonly epcs: readonly string[];
  readonly readsPerMessage: number;
  /** Unacknowledged messages per connection. */
  readonly windowPerConnection: number;
  /** Loupe's dedupe window: a visit starts at an antenna where its tag has been silent longer than this. */
  readonly dedupeWindowMs: number;
  /** Reads of one tag in one visit to an antenna: [fewest, most]. */
  readonly readsPerVisit: readonly [number, number];
  /** Tags in each reader's fields at once. */
  readonly tagsInFieldPerReader: number;
  /** Chance that a tag's next visit is to the antenna it was last read at (no move), when that one is free. */
  readonly stayProbability: number;
  /** Steady: this share of the reads carries a piece (the `epcs`, placed as bench/ingest-steady.ts says). */
  readonly moveShare: number;
  readonly seed: number;
};

export type TParentMessage =
  | { readonly type: 'connect'; readonly config: TLoadConfig }
  /**
   * rate 0: as fast as the acknowledgements allow. thenRate: after the step the readers go on reading at
   * this rate, uncounted, until the next message (else they fall silent once what is in flight landed).
   */
  | { readonly type: 'step'; readonly rate: number; readonly durationMs: number; readonly thenRate?: number }
  | { readonly type: 'stop' };

export type TStepResult = {
  readonly rate: number;
  readonly durationMs: number;
  readonly sentReads: number;
  /** Reads whose PUBACK came within the step. */
  readonly ackedReads: number;
  /** Reads that were due by the end of the step but could not be sent: the window was full. */
  readonly backlogReads: number;
  /** Publish → PUBACK of each message of the step, ms. */
  readonly ackP50Ms: number;
  readonly ackP99Ms: number;
  /** The generator's own CPU over the step, % of one core. */
  readonly cpuPercent: number;
  /** Publishes that failed (refused or connection lost). */
  readonly errors: number;
};

export type TChildMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'step-result'; readonly result: TStepResult }
  | { readonly type: 'error'; readonly message: string };

/** The q-quantile (0–1) of `values` by nearest rank; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  const finite = values.filter((value) => Number.isFinite(value));
  return quantile(finite, 0.5);
}

/**
 * How the Command Center lays its phases out in the width it has (issue 35): a workflow of eleven phases
 * drawn one 20rem column each was 2,785 px wide, and a manager scrolled sideways to find the late jobs.
 *
 * - An empty phase never takes a column of its own: it is a slim line at the top of the column of the next
 *   phase with work (the last column, when no phase with work follows it).
 * - Phases with work get a column each while they fit; when they do not, neighbouring phases share a column,
 *   stacked in phase order, so the board never needs more columns than fit. The split keeps the phase order
 *   and makes the tallest column as short as it can (each card counts one, each phase's header one).
 */

/** A phase as the board lays it out: only how many jobs it holds matters here. */
export type TBoardPhase = { readonly jobs: readonly unknown[] };

/** The narrowest a column may be (17rem) and the gap between columns (0.75rem), in CSS pixels. */
export const BOARD_COLUMN_MIN_PX = 272;
export const BOARD_COLUMN_GAP_PX = 12;

/** How many columns fit in `widthPx`; at least one. An unknown width (0, not measured yet) fits them all. */
export function boardColumnCapacity(widthPx: number): number {
  if (!(widthPx > 0)) return Number.POSITIVE_INFINITY;
  return Math.max(
    1,
    Math.floor((widthPx + BOARD_COLUMN_GAP_PX) / (BOARD_COLUMN_MIN_PX + BOARD_COLUMN_GAP_PX)),
  );
}

/** The height a phase adds to a column: its header and its cards. */
function weightOf(phase: TBoardPhase): number {
  return phase.jobs.length + 1;
}

/** Splits `weights` (in order) into at most `parts` runs, minimising the heaviest run: the runs' lengths. */
function balancedRuns(weights: readonly number[], parts: number): number[] {
  const fits = (limit: number) => {
    let runs = 1;
    let load = 0;
    for (const weight of weights) {
      if (load + weight > limit) {
        runs += 1;
        load = 0;
      }
      load += weight;
    }
    return runs <= parts;
  };
  let low = Math.max(...weights);
  let high = weights.reduce((sum, weight) => sum + weight, 0);
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) high = middle;
    else low = middle + 1;
  }
  // Greedy with the smallest limit that fits, then split the longest runs while columns are left over, so a
  // light workflow still spreads out over the width it has.
  const lengths: number[] = [];
  let load = 0;
  for (const weight of weights) {
    if (lengths.length === 0 || load + weight > low) {
      lengths.push(1);
      load = weight;
    } else {
      lengths[lengths.length - 1] = (lengths.at(-1) ?? 0) + 1;
      load += weight;
    }
  }
  while (lengths.length < Math.min(parts, weights.length)) {
    const longest = lengths.indexOf(Math.max(...lengths));
    const length = lengths[longest] ?? 1;
    lengths.splice(longest, 1, Math.ceil(length / 2), Math.floor(length / 2));
  }
  return lengths;
}

/**
 * The board's columns: each a run of consecutive phases, in phase order, every phase in exactly one column.
 * `capacity` is how many columns fit (boardColumnCapacity). No phase with work: one column with them all.
 */
export function groupBoardPhases<TPhase extends TBoardPhase>(
  phases: readonly TPhase[],
  capacity: number,
): TPhase[][] {
  if (phases.length === 0) return [];
  const busy = phases.filter((phase) => phase.jobs.length > 0);
  if (busy.length === 0) return [[...phases]];
  const runs =
    busy.length <= capacity ? busy.map(() => 1) : balancedRuns(busy.map(weightOf), Math.max(1, capacity));
  // The busy phases' runs, then each empty phase joins the column of the busy phase after it.
  const columns: TPhase[][] = [];
  let busyIndex = 0;
  let runIndex = 0;
  let leftInRun = runs[0] ?? 1;
  let waiting: TPhase[] = [];
  for (const phase of phases) {
    if (phase.jobs.length === 0) {
      waiting.push(phase);
      continue;
    }
    if (busyIndex === 0 || leftInRun === 0) {
      if (busyIndex > 0) {
        runIndex += 1;
        leftInRun = runs[runIndex] ?? 1;
      }
      columns.push([]);
    }
    columns[columns.length - 1]?.push(...waiting, phase);
    waiting = [];
    leftInRun -= 1;
    busyIndex += 1;
  }
  columns[columns.length - 1]?.push(...waiting);
  return columns;
}

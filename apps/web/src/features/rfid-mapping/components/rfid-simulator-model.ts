import type { TTestScanSummary } from '@loupe/domain/realtime/acknowledgements';
import type { TAntennaMapping, TReader } from '@loupe/domain/registry/readers';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import type { TSimulatorItem } from '../api/get-simulator-items';
import { mappingLabel } from './antenna-mapping-label';

/** The antennas most readers have; a reader's mapped antennas are listed too, whatever their number. */
const COMMON_ANTENNAS = [1, 2, 3, 4] as const;

export type TAntennaChoice = {
  readonly antenna: number;
  readonly mapping: TAntennaMapping | undefined;
  /** 'Antenna 3 — Casting - Bench 1', 'Antenna 2 — Tag assignment', 'Antenna 4 — Not mapped'. */
  readonly label: string;
};

export function antennaChoices(reader: TReader): TAntennaChoice[] {
  const numbers = new Set<number>(COMMON_ANTENNAS);
  for (const mapping of reader.antennas) numbers.add(mapping.antenna);
  return [...numbers]
    .sort((a, b) => a - b)
    .map((antenna) => {
      const mapping = reader.antennas.find((candidate) => candidate.antenna === antenna);
      return { antenna, mapping, label: `Antenna ${antenna} — ${mappingLabel(mapping)}` };
    });
}

/** An antenna that stands for a station: where a simulated flow takes the items. */
export type TFlowStop = {
  readonly readerId: string;
  readonly antenna: number;
  readonly departmentId: string;
  /** 'Casting - Bench 1'. */
  readonly place: string;
};

/** DEPT007 → 7; department ids are DEPT plus their sequence (spec §3), which is the workshop's order. */
function departmentSequence(departmentId: string): number {
  const match = /^DEPT(\d+)$/.exec(departmentId);
  return match?.[1] === undefined ? Number.POSITIVE_INFINITY : Number(match[1]);
}

/**
 * One antenna per station mapped on the readers, in department order (then by reader and antenna), so a
 * flow visits each station once. Tag-assignment antennas and mappings that lost their station are left out.
 */
export function flowStops(readers: readonly TReader[]): TFlowStop[] {
  const byStation = new Map<string, TFlowStop>();
  const mappings = readers
    .flatMap((reader) => reader.antennas)
    .filter(
      (mapping) => !mapping.isTagAssignment && mapping.departmentId !== null && mapping.stationId !== null,
    )
    .sort(
      (a, b) =>
        departmentSequence(a.departmentId ?? '') - departmentSequence(b.departmentId ?? '') ||
        (a.departmentId ?? '').localeCompare(b.departmentId ?? '') ||
        a.readerId.localeCompare(b.readerId) ||
        a.antenna - b.antenna,
    );
  for (const mapping of mappings) {
    const key = `${mapping.departmentId}/${mapping.stationId}`;
    if (byStation.has(key)) continue;
    byStation.set(key, {
      readerId: mapping.readerId,
      antenna: mapping.antenna,
      departmentId: mapping.departmentId ?? '',
      place: mappingLabel(mapping),
    });
  }
  return [...byStation.values()];
}

export type TFlowStep = { readonly item: TSimulatorItem; readonly stop: TFlowStop };

/** Items being worked on first; the others (offsite, returned) only when there are not enough. */
export function flowItems(items: readonly TSimulatorItem[], count: number): TSimulatorItem[] {
  const active = items.filter((item) => item.status === 'active');
  const others = items.filter((item) => item.status !== 'active');
  return [...active, ...others].slice(0, Math.max(0, count));
}

/**
 * The steps of a simulated flow: the items move together, station after station, as a batch of jobs
 * goes through the workshop — every item to the first station, then every item to the second, and so on.
 */
export function planFlow({
  items,
  stops,
}: {
  items: readonly TSimulatorItem[];
  stops: readonly TFlowStop[];
}): TFlowStep[] {
  return stops.flatMap((stop) => items.map((item) => ({ item, stop })));
}

/** What a read at this antenna of this EPC should do, said before the answer (spec §4 "Scan handling"). */
export function expectedEffect({
  mapping,
  item,
}: {
  mapping: TAntennaMapping | undefined;
  item: TSimulatorItem | undefined;
}): string {
  if (mapping === undefined || (!mapping.isTagAssignment && mapping.stationId === null)) {
    return 'This antenna is not mapped: the read is counted as unmapped and moves nothing.';
  }
  if (mapping.isTagAssignment) {
    return 'A tag-assignment antenna: open order and repair screens offer this tag; nothing moves.';
  }
  if (item === undefined) {
    return 'No tracked order or repair carries this EPC: the read is only recorded.';
  }
  return `${item.number} moves to ${mappingLabel(mapping)}, and its scan toast shows.`;
}

type TSummaryCounts = Pick<TTestScanSummary, 'accepted' | 'repeats'>;

/** The server's answer in words: accepted, or a repeat within the dedupe window. */
export function summaryText(summary: TSummaryCounts): string {
  if (summary.repeats > 0) {
    return 'A repeat of a read within the dedupe window: it only refreshes when the tag was last seen.';
  }
  if (summary.accepted > 0) return 'The pipeline accepted the read.';
  return 'The pipeline read nothing in it.';
}

/** The same, in a word or two, for the list of a flow's last moves. */
export function summaryWord(summary: TSummaryCounts): string {
  if (summary.repeats > 0) return 'repeat, within the dedupe window';
  return summary.accepted > 0 ? 'accepted' : 'nothing read';
}

export const PACE_MIN_SECONDS = 0.5;
export const PACE_MAX_SECONDS = 60;
export const FLOW_FIELDS = ['count', 'pace'] as const;
export type TFlowField = (typeof FLOW_FIELDS)[number];

/** A simulated flow's settings as typed: how many of the `available` items, and the seconds per step. */
export function parseFlowSettings(
  values: Readonly<Record<TFlowField, string>>,
  available: number,
): TFormParseResult<TFlowField, { itemCount: number; paceSeconds: number }> {
  const itemCount = Number(values.count);
  const paceSeconds = Number(values.pace);
  const errors: Partial<Record<TFlowField, string>> = {};
  if (values.count.trim() === '' || !Number.isInteger(itemCount) || itemCount < 1 || itemCount > available) {
    errors.count = `From 1 to ${available}`;
  }
  if (
    values.pace.trim() === '' ||
    !Number.isFinite(paceSeconds) ||
    paceSeconds < PACE_MIN_SECONDS ||
    paceSeconds > PACE_MAX_SECONDS
  ) {
    errors.pace = `From ${PACE_MIN_SECONDS} to ${PACE_MAX_SECONDS} seconds`;
  }
  return errors.count || errors.pace
    ? { ok: false, errors }
    : { ok: true, output: { itemCount, paceSeconds } };
}

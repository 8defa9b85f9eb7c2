import { roomName } from '@loupe/domain/realtime/events';
import type { TAntennaMapping } from '@loupe/domain/registry/readers';
import {
  resolveScan,
  type TScanPlace,
  type TScanResolution,
  type TTagReadEvent,
} from '@loupe/domain/tracking/scan-resolution';
import type { TDatabase } from '../../db/client.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TBatchSteps, TLocationMove, TMoveOutcome } from '../tracking/location-moves.ts';
import type { TDedupe } from './dedupe.ts';
import type { TRfidRepository } from './repository.ts';

/**
 * One batch of the ingest pipeline, ONE transaction: judged against the dedupe window, its reads recorded,
 * its moves applied and its unplaceable reads counted together, then announced once it committed.
 */

export type TQueued = {
  read: TTagReadEvent;
  /** A station page's scan repeated wants an answer: the same read again counts as a repeat, not dropped. */
  keepsRedelivery: boolean;
  /**
   * Set when its batch judges it, against what earlier batches committed (issue 34 §1): `dropped` is the
   * very read recorded before, delivered again; a repeat takes its fresh read's key, so its row counts it.
   */
  verdict?: 'fresh' | 'repeat' | 'dropped' | undefined;
  readKey?: string | undefined;
  /** A station page's keyboard-wedge scan: at this station, by this user. */
  station?: TScanPlace | undefined;
  actorId?: string | null | undefined;
  /** What applying it did, once its batch committed (a station scan answers with it). */
  outcome?: TMoveOutcome | undefined;
};
/** A read's identity: the same read delivered twice has the same key. */
export function readKeyOf(read: TTagReadEvent): string {
  return readKeyAt(read, Date.parse(read.timestamp));
}

/** The key of the read of this tag, reader and antenna made at `at` (ms): a repeat's fresh read. */
function readKeyAt(read: TTagReadEvent, at: number): string {
  return `${read.readerId}/${read.antenna}/${read.epc}/${at}`;
}

/** Why a fresh read placed nothing: its antenna is mapped nowhere, or no order or repair carries its tag. */
export type TUnresolvedReason = 'unmapped-antenna' | 'unknown-tag';
type TUnresolvedTally = Map<
  string,
  {
    reason: TUnresolvedReason;
    readerId: string;
    antenna: number;
    reads: number;
    lastEpc: string;
    firstAt: Date;
    lastAt: Date;
  }
>;

function tally(
  into: TUnresolvedTally,
  reason: TUnresolvedReason,
  readerId: string,
  antenna: number,
  epc: string,
  at: Date,
): void {
  const key = `${reason}/${readerId}/${antenna}`;
  const row = into.get(key);
  if (row === undefined) {
    into.set(key, { reason, readerId, antenna, reads: 1, lastEpc: epc, firstAt: at, lastAt: at });
    return;
  }
  row.reads += 1;
  if (at.getTime() >= row.lastAt.getTime()) {
    row.lastAt = at;
    row.lastEpc = epc;
  }
  if (at.getTime() < row.firstAt.getTime()) row.firstAt = at;
}

/** What applying a batch needs: the pipeline's window, mappings, counters and the tracking side. */
export type TBatchContext = {
  readonly dedupe: TDedupe;
  readonly mappings: () => Promise<Map<string, TAntennaMapping>>;
  /** The pipeline's counters (TPipelineCounters), moved on once a batch committed. */
  readonly counters: {
    fresh: number;
    repeats: number;
    moved: number;
    tagAssignment: number;
    unknownTag: number;
    batches: number;
    unmapped: Record<string, number>;
  };
  readonly applyMoves: (moves: readonly TLocationMove[], steps: TBatchSteps) => Promise<TMoveOutcome[]>;
  readonly itemsCarrying: (
    epcs: readonly string[],
  ) => Promise<ReadonlyMap<string, { itemType: 'order' | 'repair'; number: string }>>;
  readonly events: TEventBus;
  readonly readRecords: (tx: TDatabase) => TRfidRepository;
};

export function createBatchApplier(context: TBatchContext): (batch: readonly TQueued[]) => Promise<void> {
  const { dedupe, counters, events, readRecords } = context;

  /** The durable part of the acknowledgement: the fresh reads, and the repeats counted on their rows. */
  async function recordReads(
    tx: TDatabase,
    fresh: readonly TQueued[],
    repeatsByKey: ReadonlyMap<string, { count: number; at: number }>,
  ): Promise<void> {
    const repository = readRecords(tx);
    await repository.recordFreshReads(
      fresh.map(({ read, readKey }) => ({
        readKey: readKey ?? readKeyOf(read),
        readerId: read.readerId,
        antenna: read.antenna,
        epc: read.epc,
        readAt: new Date(read.timestamp),
        rssi: read.rssi,
      })),
    );
    await repository.countRepeats(
      [...repeatsByKey].map(([readKey, { count, at }]) => ({ readKey, count, at: new Date(at) })),
    );
  }

  /**
   * One batch, ONE transaction (docs/architecture.md): its reads are recorded, its moves applied and its
   * unplaceable reads counted together, so an acknowledged read is never recorded without being applied
   * (nor the other way round); everything is announced once it committed.
   */
  async function applyBatch(batch: readonly TQueued[]): Promise<void> {
    if (batch.length === 0) return;
    counters.batches += 1;
    const resolutions = await context.mappings();
    // Judged here, in arrival order, against what earlier batches committed; the window learns these reads
    // only if this batch commits (dedupe.ts).
    const judging = dedupe.begin();
    for (const item of batch) {
      item.outcome = undefined;
      const verdict = judging.judge(item.read);
      if (verdict.kind === 'fresh') {
        item.verdict = 'fresh';
        item.readKey = readKeyOf(item.read);
      } else {
        item.verdict = verdict.kind === 'redelivery' && !item.keepsRedelivery ? 'dropped' : 'repeat';
        item.readKey = readKeyAt(item.read, verdict.freshAt);
      }
    }
    const fresh = batch.filter((item) => item.verdict === 'fresh');
    // Repeats fold into their fresh read's row: one count and the latest time per key.
    const repeatsByKey = new Map<string, { count: number; at: number; item: TQueued }>();
    for (const item of batch) {
      if (item.verdict !== 'repeat' || item.readKey === undefined) continue;
      const at = Date.parse(item.read.timestamp);
      const current = repeatsByKey.get(item.readKey);
      repeatsByKey.set(item.readKey, {
        count: (current?.count ?? 0) + 1,
        at: Math.max(current?.at ?? 0, at),
        item: current && current.at > at ? current.item : item,
      });
    }

    // Fresh reads at stations move items; a repeat only refreshes last-seen (one per key).
    const moves: TLocationMove[] = [];
    const movedBy: TQueued[] = [];
    const announced: { item: TQueued; resolved: TScanResolution }[] = [];
    const consider = (item: TQueued, isFresh: boolean) => {
      const resolved = resolveScan({ ...item.read, station: item.station }, resolutions);
      if (isFresh) announced.push({ item, resolved });
      if (resolved.kind === 'unmapped' || resolved.kind === 'tag-assignment') return;
      movedBy.push(item);
      moves.push({
        epc: item.read.epc,
        departmentId: resolved.departmentId,
        stationId: resolved.stationId,
        // A station page's scan names no reader: its history says who, not which antenna.
        readerId: item.station === undefined ? item.read.readerId : null,
        antenna: item.station === undefined ? item.read.antenna : null,
        actorId: item.actorId ?? null,
        at: new Date(item.read.timestamp),
        // Only a fresh read's key marks its history row; repeats change no history.
        readKey: isFresh ? (item.readKey ?? null) : null,
      });
    };
    for (const item of fresh) consider(item, true);
    for (const { item } of repeatsByKey.values()) consider(item, false);
    // Nothing to record or apply: every read was one recorded before, delivered again.
    if (fresh.length === 0 && repeatsByKey.size === 0) return;

    let recorded = false;
    const outcomes = await context.applyMoves(moves, {
      before: async (tx) => {
        await recordReads(tx, fresh, repeatsByKey);
        recorded = true;
      },
      after: async (tx, applied) => {
        const unresolved: TUnresolvedTally = new Map();
        applied.forEach((outcome, index) => {
          const move = moves[index];
          // Fresh reads of readers only (they carry their key; a repeat is the same read again): a
          // station page's scan of an unknown tag is answered to whoever scanned it.
          if (outcome.result !== 'unknown-item' || !move?.readKey || move.readerId == null) return;
          tally(unresolved, 'unknown-tag', move.readerId, move.antenna ?? 0, move.epc, move.at);
        });
        for (const { item, resolved } of announced) {
          if (resolved.kind !== 'unmapped') continue;
          const { read } = item;
          tally(
            unresolved,
            'unmapped-antenna',
            read.readerId,
            read.antenna,
            read.epc,
            new Date(read.timestamp),
          );
        }
        await readRecords(tx).countUnresolved([...unresolved.values()]);
      },
    });
    // A wrapper that dropped the steps would acknowledge reads that were never recorded.
    if (!recorded) throw new Error('rfid: the batch was applied without recording its reads');
    // Committed: from now on the window counts these reads, and so do the counters.
    judging.commit();
    counters.fresh += fresh.length;
    counters.repeats += batch.filter((item) => item.verdict === 'repeat').length;
    for (const { item, resolved } of announced) {
      if (resolved.kind === 'unmapped') {
        const key = `${item.read.readerId}/${item.read.antenna}`;
        counters.unmapped[key] = (counters.unmapped[key] ?? 0) + 1;
      }
      if (resolved.kind === 'tag-assignment') counters.tagAssignment += 1;
    }

    const repeatOutcomes = new Map<string, TMoveOutcome>();
    outcomes.forEach((outcome, index) => {
      if (outcome.result === 'moved') counters.moved += 1;
      if (outcome.result === 'unknown-item') counters.unknownTag += 1;
      const item = movedBy[index];
      if (item === undefined) return;
      item.outcome = outcome;
      if (item.verdict === 'repeat' && item.readKey !== undefined) repeatOutcomes.set(item.readKey, outcome);
    });
    // Every repeat folded into another answers as that one did.
    for (const item of batch) {
      if (item.outcome === undefined && item.verdict === 'repeat' && item.readKey !== undefined)
        item.outcome = repeatOutcomes.get(item.readKey);
    }

    // Announce, after commit: every fresh read to admins, managers and the department's room. A tag read
    // at a tag-assignment antenna says which item already carries it, so screens do not offer it again.
    const assignmentEpcs = announced.flatMap(({ item, resolved }) =>
      resolved.kind === 'tag-assignment' ? [item.read.epc] : [],
    );
    const carried = assignmentEpcs.length > 0 ? await context.itemsCarrying(assignmentEpcs) : new Map();
    for (const { item, resolved } of announced) {
      const { read } = item;
      const place = resolved.kind === 'location' ? resolved : null;
      events.publish(
        'rfid:tag-read',
        {
          epc: read.epc,
          readerId: read.readerId,
          antenna: read.antenna,
          timestamp: read.timestamp,
          ...(read.rssi === null ? {} : { rssi: read.rssi }),
          ...(place ? { departmentId: place.departmentId, stationId: place.stationId } : {}),
          ...(resolved.kind === 'tag-assignment' ? { isTagAssignment: true } : {}),
          ...(resolved.kind === 'tag-assignment' && carried.has(read.epc)
            ? { assignedTo: carried.get(read.epc) }
            : {}),
        },
        { rooms: place ? [roomName({ kind: 'department', id: place.departmentId })] : [] },
      );
    }
  }

  return applyBatch;
}

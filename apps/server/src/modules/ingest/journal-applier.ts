import { roomName } from '@loupe/domain/realtime/events';
import type { TAntennaMapping } from '@loupe/domain/registry/readers';
import { PASSED_OVER_REPLAY_LIMIT } from '@loupe/domain/rfid/rfid-status';
import {
  resolveScan,
  type TScanResolution,
  type TTagReadEvent,
} from '@loupe/domain/tracking/scan-resolution';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import { createCatchUpLoop } from '../../lib/catch-up-loop.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TBatchSteps, TLocationMove, TMoveOutcome } from '../tracking/location-moves.ts';
import { APPLY_CURSOR, type TJournalRow, type TRfidJournalRepository } from './journal-repository.ts';
import type { TRfidRepository } from './repository.ts';

/**
 * The applier (decision 025): follows the read journal under a committed cursor and applies its rows in
 * journal order, a batch of rows per transaction that also moves the cursor on: the rfid_reads rows and
 * repeat counts, the moves (history, positions, the tracking module's afterBatch: workflow phases,
 * analytics…), the unplaceable reads. Announced after commit. A crash anywhere resumes from the last
 * committed cursor, so each row is applied exactly once; one applier at a time holds the cursor's row.
 */

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

/**
 * How far behind the applier is (`/api/health`): journal rows not yet applied, the oldest one's age, and
 * the rows it passed over that nobody replayed yet.
 */
export type TApplierLag = { readonly rows: number; readonly oldestMs: number; readonly passedOver: number };

export type TJournalApplierOptions = {
  readonly journal: TTransactional<TRfidJournalRepository>;
  readonly mappings: () => Promise<Map<string, TAntennaMapping>>;
  readonly applyMoves: (moves: readonly TLocationMove[], steps: TBatchSteps) => Promise<TMoveOutcome[]>;
  readonly itemsCarrying: (
    epcs: readonly string[],
  ) => Promise<ReadonlyMap<string, { itemType: 'order' | 'repair'; number: string }>>;
  readonly readRecords: (tx: TDatabase) => TRfidRepository;
  readonly events: TEventBus;
  readonly logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The pipeline's counters (TPipelineCounters), moved on once rows are applied. */
  readonly counters: {
    moved: number;
    tagAssignment: number;
    unknownTag: number;
    unmapped: Record<string, number>;
  };
  /** Most rows applied in one transaction. */
  readonly batchRows: number;
  /** After a failed batch, the applier tries again this much later. */
  readonly retryMs?: number;
  /**
   * Rows nobody here appended (another instance's, or left by a crash before this process started) are
   * looked for this often, once they have waited this long: the instance that appended a row applies it.
   */
  readonly pollMs?: number;
};

/** A row failing alone this often is passed over (logged), so one bad row cannot stop every later one. */
export const MAX_ROW_ATTEMPTS = 3;

/** Another applier claimed these rows first (moved the cursor, or replayed the passed-over row). */
class AppliedElsewhere extends Error {}

/** What a database refusal is stored as on the passed-over list: its message, bounded. */
function refusalOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export function createJournalApplier(options: TJournalApplierOptions) {
  const { journal, counters, events, logger } = options;
  const retryMs = options.retryMs ?? 1_000;
  const pollMs = options.pollMs ?? 5_000;
  /** Station scans waiting for their row to be applied, by seq; resolved with what it did. */
  const waiters = new Map<number, ((outcome: TMoveOutcome | null) => void)[]>();
  /** Callers waiting for the cursor to pass a seq (drain, a scan journaled before). */
  const passWaiters: { seq: number; resolve: () => void }[] = [];
  let position = 0;

  function settle(upTo: number, outcomes: ReadonlyMap<number, TMoveOutcome | null>): void {
    position = Math.max(position, upTo);
    for (const [seq, list] of waiters) {
      if (seq > position) continue;
      waiters.delete(seq);
      // Applied elsewhere (another instance), its outcome is not known here: it answers as placing nothing.
      for (const resolve of list) resolve(outcomes.get(seq) ?? null);
    }
    for (let index = passWaiters.length - 1; index >= 0; index -= 1) {
      const waiter = passWaiters[index];
      if (waiter === undefined || waiter.seq > position) continue;
      passWaiters.splice(index, 1);
      waiter.resolve();
    }
  }

  /** The read a journal row stands for, as the scan rules take it. */
  function readOf(row: TJournalRow): TTagReadEvent {
    return {
      epc: row.epc,
      readerId: row.readerId,
      readerName: null,
      antenna: row.antenna,
      timestamp: row.readAt.toISOString(),
      rssi: row.rssi,
      location: null,
    };
  }

  /**
   * Applies rows in one transaction that first claims them (`claim`: moves the cursor past them, or takes
   * a passed-over row off its list; false when another applier did); announces after commit. Returns what
   * each row's move did, by seq.
   */
  async function applyRows(
    rows: readonly TJournalRow[],
    claim: (repository: TRfidJournalRepository) => Promise<boolean>,
  ): Promise<Map<number, TMoveOutcome | null>> {
    const resolutions = await options.mappings();
    const fresh = rows.filter((row) => row.kind === 'read');
    // Repeats fold per key: one count, the latest time, and the latest row stands for them all.
    const repeatsByKey = new Map<string, { count: number; row: TJournalRow; seqs: number[] }>();
    for (const row of rows) {
      if (row.kind !== 'repeat') continue;
      const current = repeatsByKey.get(row.readKey);
      repeatsByKey.set(row.readKey, {
        count: (current?.count ?? 0) + row.repeats,
        row: current && current.row.readAt.getTime() > row.readAt.getTime() ? current.row : row,
        seqs: [...(current?.seqs ?? []), row.seq],
      });
    }

    // Fresh reads at stations move items; a repeat only refreshes last-seen (one per key).
    const moves: TLocationMove[] = [];
    const movedBy: number[][] = [];
    const announced: { row: TJournalRow; read: TTagReadEvent; resolved: TScanResolution }[] = [];
    const consider = (row: TJournalRow, seqs: number[], isFresh: boolean) => {
      const read = readOf(row);
      const station =
        row.stationId !== null && row.departmentId !== null
          ? { departmentId: row.departmentId, stationId: row.stationId }
          : undefined;
      const resolved = resolveScan({ ...read, station }, resolutions);
      if (isFresh) announced.push({ row, read, resolved });
      if (resolved.kind === 'unmapped' || resolved.kind === 'tag-assignment') return;
      movedBy.push(seqs);
      moves.push({
        epc: row.epc,
        departmentId: resolved.departmentId,
        stationId: resolved.stationId,
        // A station page's scan names no reader: its history says who, not which antenna.
        readerId: station === undefined ? row.readerId : null,
        antenna: station === undefined ? row.antenna : null,
        actorId: row.actorId,
        at: row.readAt,
        // Only a fresh read's key marks its history row; repeats change no history.
        readKey: isFresh ? row.readKey : null,
      });
    };
    for (const row of fresh) consider(row, [row.seq], true);
    for (const { row, seqs } of repeatsByKey.values()) consider(row, seqs, false);

    let advanced = false;
    const outcomes = await options.applyMoves(moves, {
      before: async (tx) => {
        // First: the claimed row stays locked to the commit, so one applier at a time applies these rows.
        if (!(await claim(journal.within(tx)))) throw new AppliedElsewhere();
        advanced = true;
        const records = options.readRecords(tx);
        await records.recordFreshReads(
          fresh.map((row) => ({
            readKey: row.readKey,
            readerId: row.readerId,
            antenna: row.antenna,
            epc: row.epc,
            readAt: row.readAt,
            rssi: row.rssi,
          })),
        );
        await records.countRepeats(
          [...repeatsByKey].map(([readKey, { count, row }]) => ({ readKey, count, at: row.readAt })),
        );
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
        for (const { row, resolved } of announced) {
          if (resolved.kind !== 'unmapped') continue;
          tally(unresolved, 'unmapped-antenna', row.readerId, row.antenna, row.epc, row.readAt);
        }
        await options.readRecords(tx).countUnresolved([...unresolved.values()]);
      },
    });
    // A wrapper that dropped the steps would apply rows without moving the cursor: they would apply again.
    if (!advanced) throw new Error('rfid: journal rows were applied without moving the cursor');

    // Committed: count, answer the station scans, announce.
    for (const { row, resolved } of announced) {
      if (resolved.kind === 'unmapped') {
        const key = `${row.readerId}/${row.antenna}`;
        counters.unmapped[key] = (counters.unmapped[key] ?? 0) + 1;
      }
      if (resolved.kind === 'tag-assignment') counters.tagAssignment += 1;
    }
    const outcomeOf = new Map<number, TMoveOutcome | null>();
    outcomes.forEach((outcome, index) => {
      if (outcome.result === 'moved') counters.moved += 1;
      if (outcome.result === 'unknown-item') counters.unknownTag += 1;
      for (const seq of movedBy[index] ?? []) outcomeOf.set(seq, outcome);
    });

    // Every fresh read to admins, managers and the department's room. A tag read at a tag-assignment
    // antenna says which item already carries it, so screens do not offer it again.
    const assignmentEpcs = announced.flatMap(({ row, resolved }) =>
      resolved.kind === 'tag-assignment' ? [row.epc] : [],
    );
    const carried = assignmentEpcs.length > 0 ? await options.itemsCarrying(assignmentEpcs) : new Map();
    for (const { read, resolved } of announced) {
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
    return outcomeOf;
  }

  /** After a batch failed, its rows are applied one at a time up to this seq, to find the one at fault. */
  let carefulUntil = 0;
  /** How often the row after the cursor failed on its own, and which row that is. */
  let rowFailures = { seq: 0, count: 0 };

  /**
   * A row that failed alone MAX_ROW_ATTEMPTS times (a database refusing it: a full disk, a broken
   * constraint) is passed over, so the rows after it are applied: the transaction that moves the cursor past
   * it puts it on the passed-over list, which /rfid-mapping shows and an admin replays once the cause is fixed.
   */
  async function skipRow(from: number, row: TJournalRow, error: unknown): Promise<void> {
    await journal.withTransaction(async (repository) => {
      if (!(await repository.advance(APPLY_CURSOR, from, row.seq))) throw new AppliedElsewhere();
      await repository.passOver(row.seq, refusalOf(error), MAX_ROW_ATTEMPTS);
    });
    logger.error(
      { err: (error as Error).message, seq: row.seq, readKey: row.readKey, kind: row.kind },
      'rfid: a journal row could not be applied and was passed over',
    );
    settle(row.seq, new Map());
  }

  /** Applies what the journal holds after the cursor, a batch at a time, until none is left. */
  async function catchUp(): Promise<void> {
    for (;;) {
      const from = await journal.position(APPLY_CURSOR);
      settle(from, new Map());
      const rows = await journal.rowsAfter(from, from < carefulUntil ? 1 : options.batchRows);
      const [first] = rows;
      const last = rows.at(-1);
      if (first === undefined || last === undefined) return;
      try {
        const outcomes = await applyRows(rows, (repository) =>
          repository.advance(APPLY_CURSOR, from, last.seq),
        );
        // Announced: whoever waits for these rows (a station scan, a drain) hears of them now.
        settle(last.seq, outcomes);
        rowFailures = { seq: 0, count: 0 };
      } catch (error) {
        if (error instanceof AppliedElsewhere) continue;
        if (rows.length > 1) {
          // One row at a time until past this batch: the others are applied, the one at fault found.
          carefulUntil = last.seq;
          logger.warn(
            { err: (error as Error).message, rows: rows.length },
            'rfid: a batch of journal rows failed; applying them one at a time',
          );
          continue;
        }
        rowFailures =
          rowFailures.seq === first.seq
            ? { seq: first.seq, count: rowFailures.count + 1 }
            : { seq: first.seq, count: 1 };
        if (rowFailures.count < MAX_ROW_ATTEMPTS) throw error;
        rowFailures = { seq: 0, count: 0 };
        try {
          await skipRow(from, first, error);
        } catch (skipError) {
          if (!(skipError instanceof AppliedElsewhere)) throw skipError;
        }
      }
    }
  }

  /** There are rows to apply: one pass runs at a time, and another follows if woken meanwhile. */
  const loop = createCatchUpLoop({
    catchUp,
    onError: (error) =>
      logger.error({ err: (error as Error).message }, 'rfid: applying the read journal failed; retrying'),
    retryMs,
  });
  const { wake } = loop;

  // Rows left by a crash, or appended by another instance that stopped: looked for now and then.
  const poll = setInterval(() => {
    void (async () => {
      if (loop.isRunning() || passWaiters.length > 0 || waiters.size > 0) return;
      const { oldestMs } = await lag();
      if (oldestMs >= pollMs) wake();
    })().catch((error: unknown) => {
      logger.warn({ err: (error as Error).message }, 'rfid: the read journal could not be looked at');
    });
  }, pollMs);
  poll.unref?.();

  function lag(): Promise<TApplierLag> {
    return journal.lag(APPLY_CURSOR);
  }

  return {
    wake,

    /** Resolves with what applying this row did, once the cursor passed it. */
    outcomeOf(seq: number): Promise<TMoveOutcome | null> {
      return new Promise((resolve) => {
        if (seq <= position) {
          resolve(null);
          return;
        }
        waiters.set(seq, [...(waiters.get(seq) ?? []), resolve]);
        wake();
      });
    },

    /** Resolves once the cursor passed `seq`. */
    passed(seq: number): Promise<void> {
      return new Promise((resolve) => {
        if (seq <= position) {
          resolve();
          return;
        }
        passWaiters.push({ seq, resolve });
        wake();
      });
    },

    lag,

    /** The rows passed over and not replayed yet (oldest first, up to `limit`), and how many there are. */
    passedOver(limit: number) {
      return journal.passedOver(limit);
    },

    /**
     * Applies the passed-over rows again, oldest first, each in a transaction of its own that takes it off
     * the list. A move older than its job's latest is history only (`stale`), so a late replay moves nothing
     * back. A row refused again stays on the list with the new refusal.
     */
    async replayPassedOver(): Promise<{ replayed: number; refused: number; remaining: number }> {
      const { rows } = await journal.passedOver(PASSED_OVER_REPLAY_LIMIT);
      let replayed = 0;
      let refused = 0;
      for (const row of rows) {
        try {
          await applyRows([row], (repository) => repository.takePassedOver(row.seq));
          replayed += 1;
        } catch (error) {
          if (error instanceof AppliedElsewhere) continue;
          refused += 1;
          logger.warn(
            { err: refusalOf(error), seq: row.seq },
            'rfid: a passed-over journal row was refused again',
          );
          await journal.withTransaction((repository) =>
            repository.passOver(row.seq, refusalOf(error), row.attempts + 1),
          );
        }
      }
      return { replayed, refused, remaining: (await journal.passedOver(0)).total };
    },

    /** Stops following the journal (what is not applied yet stays in it for the next start). */
    async stop(): Promise<void> {
      clearInterval(poll);
      await loop.stop();
    },
  };
}

export type TJournalApplier = ReturnType<typeof createJournalApplier>;

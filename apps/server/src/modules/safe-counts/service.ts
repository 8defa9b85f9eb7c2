import type { TAlertCause } from '@loupe/domain/alerts/alerts';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import {
  canChooseSafe,
  canReadSafeCounts,
  canStartSafeCount,
  closingCountDue,
  countEndsAt,
  countResult,
  expectedSet,
  isWhileClosed,
  jobKey,
  SAFE_COUNT_MESSAGES,
  type TCountRead,
  type TSafeCount,
  type TSafeCountPiece,
  type TSafeCountStatus,
  type TSafeCountSummary,
  type TSafeCountTrigger,
  type TSafeLocation,
} from '@loupe/domain/safe-counts/safe-counts';
import type { TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { FastifyBaseLogger } from 'fastify';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import { pieceOf } from './pieces.ts';
import type { TSafeCountRow, TSafeCountsRepository } from './repository.ts';

export type TSafeCountsServiceOptions = {
  readonly safeCounts: TTransactional<TSafeCountsRepository>;
  readonly clock: TClock;
  readonly events: TEventBus;
  readonly calendar: () => Promise<TWorkingCalendar>;
  /** Issue 39 §3: a location's own calendar when it sets one (its closing follows it), else the workshop's. */
  readonly locationCalendar?: ((locationId: string) => Promise<TWorkingCalendar>) | undefined;
  /** The alerts module raises one alert per missing piece (rule safe-count-missing) to the managers. */
  readonly raiseAlerts: (causes: readonly Omit<TAlertCause, 'severity'>[]) => Promise<number>;
  readonly logger?: Pick<FastifyBaseLogger, 'error' | 'info'> | undefined;
};

/** How many counts the list shows, newest first. */
const LIST_LIMIT = 200;
/** Reads that arrive together during a count announce it once. */
const ANNOUNCE_DEBOUNCE_MS = 250;

type TCountActor = TActor & { readonly id: string };

/**
 * The closing count (issue 37 §5): at closing (the working calendar's end, or a button) every open job of a
 * location that is not offsite is expected in its safe; reads within the count's window count it; when the
 * window ends (or a manager finishes it) what is missing raises an alert per piece, and the count is kept.
 */
export function createSafeCountsService(options: TSafeCountsServiceOptions) {
  const { safeCounts, clock, events, logger } = options;

  const mustRead = (actor: TActor) => {
    if (!canReadSafeCounts(actor)) throw forbidden('Only admins and managers see the closing counts.');
  };

  function announce(row: Pick<TSafeCountRow, 'id' | 'locationId' | 'status'>): void {
    events.publish('safe-count:updated', {
      countId: row.id,
      locationId: row.locationId,
      status: row.status as TSafeCountStatus,
    });
  }

  /** What the count finds from the reads so far (or of its whole window). */
  async function findings(repo: TSafeCountsRepository, row: TSafeCountRow, until: Date) {
    const endsAt = new Date(Math.min(until.getTime(), row.endsAt.getTime()));
    const reads = await repo.readsBetween(row.startedAt, endsAt);
    const result = countResult({
      expected: row.expected,
      reads,
      safeStationId: row.safeStationId,
      startedAt: row.startedAt,
      endsAt,
    });
    const latest = latestReads(
      reads.filter((read) => read.at >= row.startedAt && read.at.getTime() <= endsAt.getTime()),
    );
    const stationNames = new Map((await repo.stations()).map((station) => [station.id, station.name]));
    const seen = (piece: TSafeCountPiece): TSafeCountPiece => {
      const read = latest.get(jobKey(piece));
      return read
        ? {
            ...piece,
            lastStationName: stationNames.get(read.stationId) ?? piece.lastStationName,
            lastReadAt: read.at.toISOString(),
          }
        : piece;
    };
    const extraRows = await repo.jobs(result.extra);
    return {
      counted: result.counted.map(seen),
      missing: result.missing.map(seen),
      extra: extraRows.map((job) => seen(pieceOf(job))),
    };
  }

  function summaryOf(
    row: TSafeCountRow,
    found: { counted: unknown[]; missing: unknown[]; extra: unknown[] },
  ): TSafeCountSummary {
    return {
      id: row.id,
      locationId: row.locationId,
      locationName: row.locationName,
      safeStationName: row.safeStationName,
      trigger: row.trigger as TSafeCountTrigger,
      status: row.status as TSafeCountStatus,
      startedAt: row.startedAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      startedBy: row.startedByName,
      finishedBy: row.finishedByName,
      expectedCount: row.expected.length,
      countedCount: found.counted.length,
      missingCount: found.missing.length,
      extraCount: found.extra.length,
    };
  }

  const calendarOf = (locationId: string) =>
    options.locationCalendar ? options.locationCalendar(locationId) : options.calendar();

  async function view(repo: TSafeCountsRepository, row: TSafeCountRow): Promise<TSafeCount> {
    const found =
      row.status === 'running'
        ? await findings(repo, row, clock())
        : { counted: row.counted ?? [], missing: row.missing ?? [], extra: row.extra ?? [] };
    const removals = await repo.removals(row.id);
    const calendar = removals.length > 0 ? await calendarOf(row.locationId) : null;
    return {
      ...summaryOf(row, found),
      ...found,
      removals: removals.map((removal) => ({
        kind: removal.itemKind as 'order' | 'repair',
        id: removal.itemId,
        number: removal.number,
        at: removal.at.toISOString(),
        stationName: removal.stationName,
        isWhileClosed: calendar !== null && isWhileClosed(removal.at, calendar),
      })),
    };
  }

  async function start(
    actor: TCountActor | null,
    locationId: string,
    trigger: TSafeCountTrigger,
    closingDate: string | null,
  ): Promise<TSafeCountRow | undefined> {
    const row = await safeCounts.withTransaction(async (repo) => {
      const location = (await repo.locations()).find((candidate) => candidate.id === locationId);
      if (!location) throw new AppError('NOT_FOUND', 'There is no such location.');
      if (location.safeStationId === null || location.safeStationName === null)
        throw new AppError('SAFE_NOT_CHOSEN', SAFE_COUNT_MESSAGES.noSafe);
      const now = clock();
      const expected = expectedSet(
        (await repo.candidates()).map((job) => ({ ...job, isOffsite: job.trackingStatus === 'offsite' })),
        locationId,
      );
      return repo.insertCount({
        locationId,
        locationName: location.name,
        safeStationId: location.safeStationId,
        safeStationName: location.safeStationName,
        trigger,
        status: 'running',
        closingDate,
        startedAt: now,
        endsAt: countEndsAt(now),
        startedBy: actor?.id ?? null,
        startedByName: actor ? await repo.personName(actor.id) : null,
        expected: expected.map(pieceOf),
      });
    });
    if (row) announce(row);
    return row;
  }

  async function finish(actor: TCountActor | null, id: string): Promise<TSafeCountRow> {
    const row = await safeCounts.withTransaction(async (repo) => {
      const count = await repo.findCount(id, { forUpdate: true });
      if (!count) throw new AppError('NOT_FOUND', 'There is no such count.');
      if (count.status !== 'running')
        throw new AppError('SAFE_COUNT_CONFLICT', SAFE_COUNT_MESSAGES.notRunning);
      const now = clock();
      // The sweep finishes a count at its window's end; a person's button, when they press it.
      const finishedAt = new Date(Math.min(now.getTime(), count.endsAt.getTime()));
      const found = await findings(repo, count, finishedAt);
      return repo.finishCount(count.id, {
        finishedAt,
        finishedBy: actor?.id ?? null,
        finishedByName: actor ? await repo.personName(actor.id) : null,
        ...found,
      });
    });
    announce(row);
    await raiseMissing(row);
    return row;
  }

  /** One alert per missing piece and count, to the managers (the alerts module's recipients). */
  async function raiseMissing(row: TSafeCountRow): Promise<void> {
    const missing = row.missing ?? [];
    if (missing.length === 0) return;
    try {
      await options.raiseAlerts(
        missing.map((piece) => ({
          rule: 'safe-count-missing',
          causeKey: `safe-count-missing:${row.id}:${piece.kind}:${piece.id}`,
          title: SAFE_COUNT_MESSAGES.alertTitle(piece.number),
          message: SAFE_COUNT_MESSAGES.alertMessage(piece.number, row.locationName, piece.lastStationName),
          subject: { kind: piece.kind, id: piece.id, label: piece.number },
        })),
      );
    } catch (error) {
      logger?.error(
        { err: error, countId: row.id },
        'safe counts: could not raise the missing pieces’ alerts',
      );
    }
  }

  let pendingAnnounce: ReturnType<typeof setTimeout> | null = null;
  /** Reads arrived: every running count's screen fetches it again (once for a burst of reads). */
  function readsArrived(): void {
    if (pendingAnnounce !== null) return;
    pendingAnnounce = setTimeout(() => {
      pendingAnnounce = null;
      safeCounts
        .runningCounts()
        .then((rows) => {
          for (const row of rows) announce(row);
        })
        .catch((error: unknown) =>
          logger?.error({ err: error }, 'safe counts: could not announce the running counts'),
        );
    }, ANNOUNCE_DEBOUNCE_MS);
    pendingAnnounce.unref?.();
  }

  return {
    async locations(actor: TActor): Promise<TSafeLocation[]> {
      mustRead(actor);
      const [rows, stations, running] = await Promise.all([
        safeCounts.locations(),
        safeCounts.stations(),
        safeCounts.runningCounts(),
      ]);
      return rows.map((row) => ({
        locationId: row.id,
        locationName: row.name,
        safe:
          row.safeStationId !== null && row.safeStationName !== null
            ? { stationId: row.safeStationId, stationName: row.safeStationName }
            : null,
        stations: stations
          .filter((station) => station.locationId === row.id)
          .map(({ id, name, departmentName }) => ({ id, name, departmentName })),
        runningCountId: running.find((count) => count.locationId === row.id)?.id ?? null,
      }));
    },

    async chooseSafe(
      actor: TCountActor,
      locationId: string,
      stationId: string | null,
    ): Promise<TSafeLocation> {
      if (!canChooseSafe(actor)) throw forbidden('Only admins and managers choose a location’s safe.');
      const [rows, stations] = await Promise.all([safeCounts.locations(), safeCounts.stations()]);
      if (!rows.some((row) => row.id === locationId))
        throw new AppError('NOT_FOUND', 'There is no such location.');
      if (stationId !== null && !stations.some((s) => s.id === stationId && s.locationId === locationId))
        throw new AppError('VALIDATION_FAILED', 'Choose a station of this location as its safe.', {
          details: { issues: [{ field: 'stationId', message: 'Not a station of this location' }] },
        });
      await safeCounts.setSafe(locationId, stationId, actor.id, clock());
      const all = await this.locations(actor);
      const location = all.find((row) => row.locationId === locationId);
      if (!location) throw new AppError('NOT_FOUND', 'There is no such location.');
      return location;
    },

    async list(actor: TActor): Promise<TSafeCountSummary[]> {
      mustRead(actor);
      const rows = await safeCounts.listCounts(LIST_LIMIT);
      const summaries: TSafeCountSummary[] = [];
      for (const row of rows) {
        const found =
          row.status === 'running'
            ? await findings(safeCounts, row, clock())
            : { counted: row.counted ?? [], missing: row.missing ?? [], extra: row.extra ?? [] };
        summaries.push(summaryOf(row, found));
      }
      return summaries;
    },

    async get(actor: TActor, id: string): Promise<TSafeCount> {
      mustRead(actor);
      const row = await safeCounts.findCount(id);
      if (!row) throw new AppError('NOT_FOUND', 'There is no such count.');
      return view(safeCounts, row);
    },

    /** A count started with the button. */
    async start(actor: TCountActor, input: { locationId: string }): Promise<TSafeCount> {
      if (!canStartSafeCount(actor)) throw forbidden('Only admins and managers start a closing count.');
      const row = await start(actor, input.locationId, 'button', null);
      if (!row) throw new AppError('SAFE_COUNT_CONFLICT', SAFE_COUNT_MESSAGES.alreadyRunning);
      return view(safeCounts, row);
    },

    /** Finished early with the button; the count's findings are kept and its missing pieces alerted. */
    async finish(actor: TCountActor, id: string): Promise<TSafeCount> {
      if (!canStartSafeCount(actor)) throw forbidden('Only admins and managers finish a closing count.');
      return view(safeCounts, await finish(actor, id));
    },

    /**
     * The closing step (every minute, beside the work-time closing stop): once the working calendar's closing
     * has passed on an open day, each location with a safe gets its one closing count of the date. Returns
     * how many started.
     */
    async startClosingCounts(): Promise<number> {
      const now = clock();
      let started = 0;
      for (const location of await safeCounts.locations()) {
        if (location.safeStationId === null) continue;
        // Each location closes by its own calendar when it has one (issue 39 §3).
        const due = closingCountDue(now, await calendarOf(location.id));
        if (due === null) continue;
        const row = await start(null, location.id, 'closing', due.date);
        if (row) {
          started += 1;
          logger?.info(
            { countId: row.id, locationId: location.id },
            'safe counts: the closing count started',
          );
        }
      }
      return started;
    },

    /** Finishes the counts whose window has ended. Returns how many. */
    async finishDue(): Promise<number> {
      const now = clock();
      let finished = 0;
      for (const row of await safeCounts.runningCounts()) {
        if (row.endsAt.getTime() > now.getTime()) continue;
        try {
          await finish(null, row.id);
          finished += 1;
        } catch (error) {
          // Finished by someone else meanwhile: nothing to do.
          if (error instanceof AppError && error.code === 'SAFE_COUNT_CONFLICT') continue;
          throw error;
        }
      }
      return finished;
    },

    /**
     * Once at start: reads and moves announce the running counts, so their screens update live. Returns the
     * stop, which also drops an announcement still waiting: it would query a database already closed.
     */
    follow(): () => void {
      const unsubscribe = events.subscribe((announcement) => {
        if (
          announcement.name === 'rfid:tag-read' ||
          announcement.name === 'order:moved' ||
          announcement.name === 'repair:moved'
        )
          readsArrived();
      });
      return () => {
        unsubscribe();
        if (pendingAnnounce !== null) clearTimeout(pendingAnnounce);
        pendingAnnounce = null;
      };
    },
  };
}

function latestReads(reads: readonly TCountRead[]): Map<string, TCountRead> {
  const latest = new Map<string, TCountRead>();
  for (const read of reads) {
    const before = latest.get(jobKey(read));
    if (before === undefined || before.at.getTime() <= read.at.getTime()) latest.set(jobKey(read), read);
  }
  return latest;
}

export type TSafeCountsService = ReturnType<typeof createSafeCountsService>;

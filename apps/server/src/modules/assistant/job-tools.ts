import {
  DEPARTMENTS_PATH,
  dateTimeText,
  durationText,
  OFFSITE_PATH,
  stationPath,
} from '@loupe/domain/assistant/answer-format';
import type { TAssistantAction, TAssistantCell } from '@loupe/domain/assistant/assistant-api';
import {
  DUE_WINDOWS,
  isFinishedStatus,
  JOB_STATUSES,
  jobQueryPhrase,
  kindsWithStatus,
  matchesJobQuery,
  type TJobQuery,
  type TJobStatusKey,
} from '@loupe/domain/assistant/job-query';
import { localDate as localDateOf } from '@loupe/domain/assistant/question-parser';
import { isAllowed } from '@loupe/domain/auth/permissions';
import { AppError } from '@loupe/domain/errors/errors';
import {
  JOB_VIEWS,
  jobPlaceText,
  jobStateLabels,
  jobStateText,
  type TJobKind,
  type TJobView,
  ZJobViewSchema,
} from '@loupe/domain/jobs/job-views';
import type { TLocationHistoryEntry } from '@loupe/domain/tracking/location-history';
import type { TStationItem } from '@loupe/domain/tracking/tracking-api';
import type { TWorkflowJob, TWorkflowStaff } from '@loupe/domain/workflow/workflow-api';
import { z } from 'zod';
import type { TJobRecord } from '../jobs/job-states.ts';
import { OFFSITE_LIST_ACCESS } from '../tracking/service.ts';
import { actionsFor, isBehind, mayAssign } from './suggestions.ts';
import {
  deniedResult,
  empty,
  jobCitation,
  jobData,
  jobLink,
  jobsTable,
  MODEL_JOBS_MAX,
  memoized,
  REPAIRS_DENIED,
  TABLE_ROWS_MAX,
  type TAssistantToolsOptions,
  type TStationRef,
  type TToolContext,
  tool,
  visibleKinds,
} from './tool-kit.ts';

/**
 * The tools about jobs (issue 16 §1, issue 32 §4): each reads the job read model, or the tracking API the
 * screens read, as the asking user, so that its numbers are the APIs' numbers for that user. A filter the
 * user asked for is always applied; a kind the user may not see is refused whatever was asked of it.
 */

const ZKind = z.enum(['order', 'repair']).optional();
const ZViews = z.array(ZJobViewSchema).max(JOB_VIEWS.length).default([]);
const ZStatus = z.enum(JOB_STATUSES as [TJobStatusKey, ...TJobStatusKey[]]).optional();
const ZDue = z.enum(DUE_WINDOWS).optional();

export const ZFindJobsInput = z.object({
  kind: ZKind,
  number: z.string().trim().max(40).optional(),
  epc: z.string().trim().max(64).optional(),
  customer: z.string().trim().max(120).optional(),
  text: z.string().trim().max(200).optional(),
});
export const ZJobInput = z.object({ number: z.string().trim().min(1).max(40) });
export const ZListJobsInput = z.object({
  kind: ZKind,
  views: ZViews,
  status: ZStatus,
  due: ZDue,
  mine: z.boolean().default(false),
});
export const ZPlaceInput = z.object({
  station: z.string().trim().max(100).optional(),
  department: z.string().trim().max(100).optional(),
  since: z.string().trim().max(40).optional(),
  kind: ZKind,
  views: ZViews,
  status: ZStatus,
  due: ZDue,
});
export const ZOffsiteInput = z.object({ kind: ZKind });

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
export const normalizeNumber = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/^([A-Z]+)\s*-?\s*(\d+)$/, '$1-$2');

/** The jobs the user sells or is assigned: "my orders". */
const isMine = (job: TWorkflowJob, actorId: string) =>
  job.salesperson?.id === actorId || job.assignment?.assignee.id === actorId;

/** The query of a tool's input; the kinds are filtered apart (those the user may see and asked for). */
function queryOf(input: {
  readonly views: readonly TJobView[];
  readonly status?: string | undefined;
  readonly due?: TJobQuery['due'] | undefined;
}): TJobQuery {
  return { kind: null, views: input.views, status: input.status ?? null, due: input.due ?? null };
}

export function createJobTools(options: TAssistantToolsOptions) {
  /** Open jobs of the kinds the user may see (and asked for), in priority order, with their phases. */
  async function visibleRecords(context: TToolContext, kind?: TJobKind): Promise<TJobRecord[]> {
    const all = await memoized(context, 'records', () =>
      options.jobStates.records({ kinds: visibleKinds(context.actor) }),
    );
    return kind === undefined ? all : all.filter((record) => record.card.kind === kind);
  }

  /** Suggestions need who can take work (only for those who give it out) and who works where. */
  async function suggestionsFor(
    context: TToolContext,
    records: readonly TJobRecord[],
  ): Promise<TAssistantAction[][]> {
    const { actor } = context;
    if (records.length === 0) return [];
    const givesWork = mayAssign(actor);
    const needsStaff = givesWork && records.some((record) => record.card.assignment === null);
    const [staff, stations]: [TWorkflowStaff[] | null, TStationRef[]] = await Promise.all([
      needsStaff ? memoized(context, 'staff', () => options.staff(actor)) : Promise.resolve(null),
      memoized(context, 'stations', () => options.stations()),
    ]);
    return records.map((record) => actionsFor(actor, record, staff, stations));
  }

  const findJobs = tool({
    name: 'find_jobs',
    description:
      'Find open orders and repairs by job number (ORD-00012), RFID tag EPC, customer name or words of the description.',
    input: ZFindJobsInput,
    async run(context, input) {
      const { actor, timeZone } = context;
      if (input.kind && !visibleKinds(actor).includes(input.kind)) return deniedResult(REPAIRS_DENIED);
      const jobs = (await visibleRecords(context, input.kind)).map((record) => record.card);
      let found: TWorkflowJob[] = [];
      if (input.number) {
        const wanted = normalizeNumber(input.number);
        found = jobs.filter((job) => job.number.toUpperCase() === wanted);
      } else if (input.epc) {
        const epc = input.epc.replace(/[\s:-]/g, '').toUpperCase();
        const owners = (await options.epcOwners(actor)).filter((owner) => owner.epc === epc);
        found = jobs.filter((job) => owners.some((owner) => owner.kind === job.kind && owner.id === job.id));
      } else if (input.customer) {
        const wanted = input.customer.toLowerCase();
        found = jobs.filter((job) => job.customerName.toLowerCase().includes(wanted));
      } else if (input.text) {
        const words = input.text
          .toLowerCase()
          .split(/\s+/)
          .filter((word) => word.length > 2);
        const score = (job: TWorkflowJob) => {
          const hay = `${job.description} ${job.productTypeName ?? ''} ${job.customerName}`.toLowerCase();
          return words.filter((word) => hay.includes(word.replace(/s$/, ''))).length;
        };
        const best = Math.max(0, ...jobs.map(score));
        found = best === 0 ? [] : jobs.filter((job) => score(job) === best);
      }
      found.sort((a, b) => a.number.localeCompare(b.number));
      return {
        ...empty,
        summary: `${found.length} job${found.length === 1 ? '' : 's'} found`,
        data: {
          count: found.length,
          jobs: found.slice(0, MODEL_JOBS_MAX).map((job) => jobData(job, timeZone)),
        },
        citations: found.slice(0, TABLE_ROWS_MAX).map(jobCitation),
        table: jobsTable(found, timeZone),
        jobs: found,
      };
    },
  });

  const jobLocation = tool({
    name: 'job_location',
    description:
      'One order or repair by its number: where it is now and since when, its workflow phase, whether it is overdue, at risk or over its phase target and why, and its timeline of stations (newest first).',
    input: ZJobInput,
    async run(context, input) {
      const { actor, now, timeZone } = context;
      const wanted = normalizeNumber(input.number);
      // Only the kinds this user may see are searched: a job they may not see is answered as one that does
      // not exist, so no answer tells a real number from a made-up one (issue 32 §4).
      const record = (await visibleRecords(context)).find(({ card }) => card.number.toUpperCase() === wanted);
      if (!record) {
        return {
          ...empty,
          summary: `no open job ${wanted}`,
          data: { found: false, number: wanted, searched: visibleKinds(actor) },
        };
      }
      const job = record.card;
      let history: TLocationHistoryEntry[] = [];
      try {
        history = (await options.locationHistory(actor, job.kind, job.id)).locationHistory;
      } catch (error) {
        if (error instanceof AppError && error.code === 'FORBIDDEN') return deniedResult(error.message);
        throw error;
      }
      const current = history[0];
      const since = current?.timestamp ?? null;
      const [actions] = await suggestionsFor(context, [record]);
      const rows = history.slice(0, 10).map((entry, index) => {
        const until =
          index === 0 ? now.getTime() : Date.parse(history[index - 1]?.timestamp ?? entry.timestamp);
        return [
          dateTimeText(entry.timestamp, timeZone),
          {
            text: entry.currentStation.name,
            href: stationPath(entry.currentDepartment.id, entry.currentStation.id),
          },
          entry.currentDepartment.name,
          durationText(until - Date.parse(entry.timestamp)),
        ] satisfies TAssistantCell[];
      });
      return {
        ...empty,
        summary: `${job.number}: ${jobPlaceText(job)}${since ? ` since ${dateTimeText(since, timeZone)}` : ''}`,
        data: {
          found: true,
          ...jobData(job, timeZone),
          description: job.description,
          since,
          trackingStatus: job.location?.trackingStatus ?? null,
          labels: jobStateLabels(job.state),
          assignee: job.assignment?.assignee.name ?? null,
          timeline: history.slice(0, 10).map((entry) => ({
            at: entry.timestamp,
            station: entry.currentStation.name,
            department: entry.currentDepartment.name,
          })),
        },
        citations: [
          jobCitation(job),
          ...(job.location
            ? [
                {
                  kind: 'station' as const,
                  id: job.location.stationId,
                  label: job.location.stationName,
                  href: stationPath(job.location.departmentId, job.location.stationId),
                },
              ]
            : []),
        ],
        table: rows.length > 0 ? { columns: ['Arrived', 'Station', 'Department', 'Time there'], rows } : null,
        actions: actions ?? [],
        jobs: [job],
      };
    },
  });

  const listJobs = tool({
    name: 'list_jobs',
    description:
      'Open orders and repairs in job views, as the dashboard tiles count them and the lists filter them: overdue (past the promised date), due-today, due-this-week, at-risk (predicted to miss the promised date), over-phase-target, rush, offsite, ready-for-pickup, awaiting-approval (views are a union). Also by status (finished statuses such as delivered are counted as the lists count them), by due window (today, tomorrow, week: with overdue it adds what is at risk within the window), and mine (jobs the user sells or is assigned). Gives the whole count, the jobs with the reasons they are behind.',
    input: ZListJobsInput,
    async run(context, input) {
      const { actor, now, timeZone } = context;
      const visible = visibleKinds(actor);
      if (input.kind && !visible.includes(input.kind)) return deniedResult(REPAIRS_DENIED);
      const status = input.status ?? null;
      const kinds = visible.filter(
        (kind) =>
          (input.kind === undefined || kind === input.kind) &&
          (status === null || kindsWithStatus(status).includes(kind)),
      );
      const query = queryOf(input);
      const phrase = jobQueryPhrase(query);
      if (status !== null && kinds.length > 0 && kinds.every((kind) => isFinishedStatus(kind, status))) {
        // Finished jobs are in the lists, not in the read model of open work.
        const found = await Promise.all(kinds.map((kind) => options.finishedJobs(actor, kind, status)));
        const total = found.reduce((sum, page) => sum + page.total, 0);
        const jobs = found.flatMap((page, index) =>
          page.jobs.map((job) => ({ kind: kinds[index] as TJobKind, id: job.id, number: job.number })),
        );
        return {
          ...empty,
          summary: `${total} ${phrase}`,
          data: { count: total, kinds, finished: true, asked: phrase, jobs: jobs.map((job) => job.number) },
          citations: jobs.map(jobCitation),
          table: jobs.length === 0 ? null : { columns: ['Job'], rows: jobs.map((job) => [jobLink(job)]) },
        };
      }
      const tomorrow = localDateOf(now, timeZone, 1);
      const records = (await visibleRecords(context)).filter(
        ({ card }) =>
          kinds.includes(card.kind) &&
          matchesJobQuery(card, query, tomorrow) &&
          (!input.mine || isMine(card, actor.id)),
      );
      const found = records.map((record) => record.card);
      const behind = records.filter((record) => isBehind(record.card)).slice(0, 3);
      const actions = (await suggestionsFor(context, behind)).flatMap((list) =>
        list.filter((action) => action.kind !== 'open'),
      );
      const byPhase = new Map<string, number>();
      for (const job of found)
        byPhase.set(job.workflow.phaseName, (byPhase.get(job.workflow.phaseName) ?? 0) + 1);
      return {
        ...empty,
        summary: `${found.length} ${phrase || 'open'}`,
        data: {
          count: found.length,
          kinds,
          finished: false,
          asked: phrase,
          jobs: found.slice(0, MODEL_JOBS_MAX).map((job) => jobData(job, timeZone)),
        },
        citations: found.slice(0, TABLE_ROWS_MAX).map(jobCitation),
        table: jobsTable(found, timeZone),
        chart:
          byPhase.size > 1
            ? { title: 'By phase', bars: [...byPhase].map(([label, value]) => ({ label, value })) }
            : null,
        actions,
        jobs: found,
      };
    },
  });

  const itemsAtPlace = tool({
    name: 'items_at_place',
    description:
      'What stands at a station, or in a whole department, now (longest there first), as the station screens show it; optionally only one kind, only what arrived since an ISO date-time, and only jobs in job views, a status or a due window (as list_jobs).',
    input: ZPlaceInput,
    async run(context, input) {
      const { actor, now, timeZone } = context;
      if (input.kind && !visibleKinds(actor).includes(input.kind)) return deniedResult(REPAIRS_DENIED);
      const stations = await memoized(context, 'stations', () => options.stations());
      const targets = input.station
        ? stations.filter((s) => sameText(s.name, input.station ?? '') || s.id === input.station)
        : stations.filter(
            (s) => sameText(s.departmentName, input.department ?? '') || s.departmentId === input.department,
          );
      if (targets.length === 0) {
        return { ...empty, summary: 'no such station or department', data: { found: false } };
      }
      const since = input.since ? Date.parse(input.since) : Number.NaN;
      const query = queryOf(input);
      const filtered = query.views.length > 0 || query.status !== null || query.due !== null;
      const tomorrow = localDateOf(now, timeZone, 1);
      const records = await visibleRecords(context, input.kind);
      const cards = new Map(records.map(({ card }) => [`${card.kind}:${card.id}`, card]));
      const items: (TStationItem & { station: TStationRef; card: TWorkflowJob | undefined })[] = [];
      for (const station of targets) {
        // The station's pieces as its screen and GET /tracking/stations/{id}/items show them to this user.
        for (const item of await options.itemsAtStation(actor, station.id)) {
          if (item.status === 'offsite') continue;
          if (input.kind && item.kind !== input.kind) continue;
          if (!Number.isNaN(since) && (item.arrivedAt === null || Date.parse(item.arrivedAt) < since))
            continue;
          const card = cards.get(`${item.kind}:${item.id}`);
          if (filtered && (card === undefined || !matchesJobQuery(card, query, tomorrow))) continue;
          items.push({ ...item, station, card });
        }
      }
      items.sort((a, b) => (a.arrivedAt ?? '').localeCompare(b.arrivedAt ?? ''));
      const first = targets[0] as TStationRef;
      const placeName = input.station ? first.name : first.departmentName;
      const byStation = new Map<string, number>();
      for (const item of items) byStation.set(item.station.name, (byStation.get(item.station.name) ?? 0) + 1);
      return {
        ...empty,
        summary: `${items.length} at ${placeName}`,
        data: {
          place: placeName,
          kind: input.station ? 'station' : 'department',
          count: items.length,
          asked: jobQueryPhrase(query),
          items: items.slice(0, MODEL_JOBS_MAX).map((item) => ({
            kind: item.kind,
            number: item.number,
            customer: item.customerName,
            station: item.station.name,
            arrivedAt: item.arrivedAt,
            state: item.card ? jobStateText(item.card.state) : null,
            phase: item.card?.workflow.phaseName ?? null,
          })),
        },
        citations: [
          ...(input.station
            ? [
                {
                  kind: 'station' as const,
                  id: first.id,
                  label: first.name,
                  href: stationPath(first.departmentId, first.id),
                },
              ]
            : [
                {
                  kind: 'department' as const,
                  id: first.departmentId,
                  label: first.departmentName,
                  href: DEPARTMENTS_PATH,
                },
              ]),
          ...items.slice(0, TABLE_ROWS_MAX).map((item) => jobCitation(item)),
        ],
        table:
          items.length === 0
            ? null
            : {
                columns: input.station
                  ? ['Job', 'Customer', 'Arrived', 'Time here', 'State']
                  : ['Job', 'Customer', 'Station', 'Time here', 'State'],
                rows: items
                  .slice(0, TABLE_ROWS_MAX)
                  .map((item) => [
                    jobLink(item),
                    item.customerName,
                    input.station
                      ? item.arrivedAt
                        ? dateTimeText(item.arrivedAt, timeZone)
                        : '—'
                      : item.station.name,
                    item.arrivedAt ? durationText(now.getTime() - Date.parse(item.arrivedAt)) : '—',
                    item.card ? jobStateText(item.card.state) : '—',
                  ]),
              },
        chart:
          !input.station && byStation.size > 1
            ? {
                title: `Pieces by station in ${placeName}`,
                bars: [...byStation].map(([label, value]) => ({ label, value })),
              }
            : null,
        jobs: items.flatMap((item) => (item.card ? [item.card] : [])),
      };
    },
  });

  const offsite = tool({
    name: 'offsite_items',
    description:
      'Open orders and repairs out of the building now (offsite), optionally of one kind: since when (counted from when each was last seen), where each was last read, and whether it was expected to leave.',
    input: ZOffsiteInput,
    async run(context, input) {
      const { actor, now, timeZone } = context;
      if (input.kind && !visibleKinds(actor).includes(input.kind)) return deniedResult(REPAIRS_DENIED);
      const open = (await visibleRecords(context, input.kind)).map((record) => record.card);
      const offsiteCards = open.filter((card) => card.state.isOffsite);
      // Who may open /offsite gets its list (GET /tracking/offsite), restricted to the open jobs of the kinds
      // asked; everyone else the open jobs in the offsite view, as their lists and dashboard show them.
      let pieces = offsiteCards;
      if (isAllowed(actor, OFFSITE_LIST_ACCESS)) {
        const cards = new Map(open.map((card) => [`${card.kind}:${card.id}`, card]));
        pieces = (await options.offsiteItems(actor)).flatMap((item) => {
          const card = cards.get(`${item.itemKind}:${item.itemId}`);
          return card ? [card] : [];
        });
      }
      const sinceOf = (card: TWorkflowJob) => card.state.offsiteSince ?? card.location?.lastSeenAt ?? null;
      return {
        ...empty,
        summary: `${pieces.length} offsite`,
        data: {
          count: pieces.length,
          items: pieces.slice(0, MODEL_JOBS_MAX).map((card) => ({
            kind: card.kind,
            number: card.number,
            customer: card.customerName,
            since: sinceOf(card),
            expected: card.location?.expectedOffsite ?? false,
            lastStation: card.location?.stationName ?? null,
            state: jobStateText(card.state),
          })),
        },
        citations: [
          { kind: 'page', id: 'offsite', label: 'Offsite', href: OFFSITE_PATH },
          ...pieces.map(jobCitation),
        ],
        table:
          pieces.length === 0
            ? null
            : {
                columns: ['Job', 'Customer', 'Last seen at', 'Offsite since', 'Expected'],
                rows: pieces.slice(0, TABLE_ROWS_MAX).map((card) => {
                  const since = sinceOf(card);
                  return [
                    jobLink(card),
                    card.customerName,
                    card.location?.stationName ?? '—',
                    since
                      ? `${dateTimeText(since, timeZone)} (${durationText(now.getTime() - Date.parse(since))})`
                      : '—',
                    card.location?.expectedOffsite ? 'Yes' : 'No',
                  ];
                }),
              },
        jobs: pieces,
      };
    },
  });

  return { findJobs, jobLocation, listJobs, itemsAtPlace, offsite, visibleRecords };
}

export type TJobTools = ReturnType<typeof createJobTools>;

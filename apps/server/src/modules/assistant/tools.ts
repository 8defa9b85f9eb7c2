import {
  DEPARTMENTS_PATH,
  dateTimeText,
  durationText,
  jobPath,
  lateReasons,
  localDateOf,
  OFFSITE_PATH,
  READERS_PATH,
  stationPath,
} from '@loupe/domain/assistant/answer-format';
import type {
  TAssistantAction,
  TAssistantCell,
  TAssistantChart,
  TAssistantCitation,
  TAssistantTable,
} from '@loupe/domain/assistant/assistant-api';
import {
  canAssignWork,
  isAllowed,
  READER_VIEWER_ROLES,
  REGISTRY_MANAGER_ROLES,
  REPAIR_VIEWER_ROLES,
} from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import {
  compareJobPriority,
  JOB_SUMMARY_VIEWS,
  JOB_VIEW_LABELS,
  jobStateText,
  type TJobSummary,
} from '@loupe/domain/jobs/job-views';
import type { TAntennaLastRead, TReader } from '@loupe/domain/registry/readers';
import type { TLocationHistoryEntry } from '@loupe/domain/tracking/location-history';
import type { TOffsiteItem, TStationItem } from '@loupe/domain/tracking/tracking-api';
import type { TWorkflowJob, TWorkflowStaff } from '@loupe/domain/workflow/workflow-api';
import { z } from 'zod';
import type { TJobStates } from '../jobs/job-states.ts';
import { TRACKING_ACCESS } from '../tracking/service.ts';

/**
 * The assistant's tools (issue 16 §1): thin wrappers over the services the API uses, run as the asking user,
 * so that each answers only what that person may see through the API. Both engines call these and nothing else.
 */

export type TAssistantActor = TActor & { readonly id: string };

export type TToolContext = { readonly actor: TAssistantActor; readonly now: Date; readonly timeZone: string };

export type TToolResult = {
  /** One line for the steps list. */
  readonly summary: string;
  /** What a model reads: plain JSON, only what the user may see. */
  readonly data: unknown;
  readonly citations: TAssistantCitation[];
  readonly table: TAssistantTable | null;
  readonly chart: TAssistantChart | null;
  readonly actions: TAssistantAction[];
  /** The jobs behind the answer, for the built-in engine's sentences. */
  readonly jobs: TWorkflowJob[];
  /** Set when the user may not see this: the engines say so instead of answering. */
  readonly denied: string | null;
};

export type TStationRef = { id: string; name: string; departmentId: string; departmentName: string };

/** What the tools read through: the services' own methods, each with its permission check. */
export type TAssistantToolsOptions = {
  /** The job read model: every job the tools name, count or list, with its state. */
  readonly jobStates: Pick<TJobStates, 'cards'>;
  readonly locationHistory: (
    actor: TActor,
    kind: 'order' | 'repair',
    id: string,
  ) => Promise<{ isTracked: boolean; locationHistory: TLocationHistoryEntry[] }>;
  readonly epcOwners: (actor: TActor) => Promise<{ kind: 'order' | 'repair'; id: string; epc: string }[]>;
  readonly itemsAtStation: (actor: TActor, stationId: string) => Promise<TStationItem[]>;
  readonly offsiteItems: (actor: TActor) => Promise<TOffsiteItem[]>;
  readonly staff: (actor: TAssistantActor) => Promise<TWorkflowStaff[]>;
  readonly summary: (actor: TAssistantActor) => Promise<TJobSummary>;
  readonly readers: (actor: TActor) => Promise<TReader[]>;
  readonly lastReads: (actor: TActor) => Promise<TAntennaLastRead[]>;
  readonly stations: () => Promise<TStationRef[]>;
};

const mayViewKind = (actor: TActor, kind: 'order' | 'repair') =>
  kind === 'order' || isAllowed(actor, REPAIR_VIEWER_ROLES);
const isManager = (actor: TActor) => isAllowed(actor, REGISTRY_MANAGER_ROLES);
/** Giving out work is the floor managers' (issue 34 §5), as on the Command Center. */
const mayAssign = (actor: TActor) => canAssignWork(actor);

const empty = {
  citations: [],
  table: null,
  chart: null,
  actions: [],
  jobs: [],
  denied: null,
} satisfies Omit<TToolResult, 'summary' | 'data'>;

function deniedResult(message: string): TToolResult {
  return { ...empty, summary: message, data: { error: message }, denied: message };
}

const jobLink = (job: Pick<TWorkflowJob, 'kind' | 'id' | 'number'>): TAssistantCell => ({
  text: job.number,
  href: jobPath(job.kind, job.id),
});
const jobCitation = (job: Pick<TWorkflowJob, 'kind' | 'id' | 'number'>): TAssistantCitation => ({
  kind: job.kind,
  id: job.id,
  label: job.number,
  href: jobPath(job.kind, job.id),
});
const placeText = (job: TWorkflowJob) =>
  job.location === null
    ? 'no tag read yet'
    : job.location.trackingStatus === 'offsite'
      ? `offsite (last ${job.location.stationName})`
      : `${job.location.stationName} (${job.location.departmentName})`;

/** Only what the API would show this user: repairs to those who see repairs. */
async function visibleJobs(options: TAssistantToolsOptions, actor: TActor): Promise<TWorkflowJob[]> {
  const kinds = (['order', 'repair'] as const).filter((kind) => mayViewKind(actor, kind));
  return options.jobStates.cards({ kinds });
}

/** The one-click actions this user may take on a job (issue 16 §4); the API checks each again when it runs. */
export function actionsFor(
  actor: TActor,
  job: TWorkflowJob,
  roomiest: TWorkflowStaff | null,
): TAssistantAction[] {
  const base = { itemKind: job.kind, itemId: job.id } as const;
  const actions: TAssistantAction[] = [{ ...base, kind: 'open', label: `Open ${job.number}` }];
  if (job.assignment === null && roomiest !== null && mayAssign(actor) && !job.workflow.isComplete) {
    actions.push({
      ...base,
      kind: 'assign',
      assigneeId: roomiest.id,
      label: `Assign ${job.number} (${job.workflow.phaseName}) to ${roomiest.name}`,
    });
  }
  if (job.assignment !== null && isManager(actor)) {
    actions.push({
      ...base,
      kind: 'nudge',
      label: `Nudge ${job.assignment.assignee.name} about ${job.number}`,
    });
  }
  if (
    job.location !== null &&
    job.location.trackingStatus !== 'offsite' &&
    !job.location.expectedOffsite &&
    isAllowed(actor, TRACKING_ACCESS[job.kind].offsite)
  ) {
    actions.push({ ...base, kind: 'expect-offsite', label: `Mark ${job.number} as expected offsite` });
  }
  return actions;
}

async function roomiestFor(
  options: TAssistantToolsOptions,
  actor: TAssistantActor,
): Promise<TWorkflowStaff | null> {
  if (!mayAssign(actor)) return null;
  const people = (await options.staff(actor)).filter((person) => person.role !== 'admin');
  return (
    [...people].sort((a, b) => a.openAssignments - b.openAssignments || a.name.localeCompare(b.name))[0] ??
    null
  );
}

const ZKind = z.enum(['order', 'repair']).optional();
const ZFindJobsInput = z.object({
  kind: ZKind,
  number: z.string().trim().max(40).optional(),
  epc: z.string().trim().max(64).optional(),
  customer: z.string().trim().max(120).optional(),
  text: z.string().trim().max(200).optional(),
});
const ZJobInput = z.object({ number: z.string().trim().min(1).max(40) });
const ZPlaceInput = z.object({
  station: z.string().trim().max(100).optional(),
  department: z.string().trim().max(100).optional(),
  since: z.string().trim().max(40).optional(),
});
const ZLateInput = z.object({
  window: z.enum(['all', 'overdue', 'today', 'tomorrow', 'week']).default('all'),
  includeAtRisk: z.boolean().default(true),
  number: z.string().trim().max(40).optional(),
  kind: ZKind,
});
const ZDueInput = z.object({
  window: z.enum(['overdue', 'today', 'tomorrow', 'week']).default('today'),
  kind: ZKind,
});
const ZPersonInput = z.object({ person: z.string().trim().max(120).optional() });
const ZNoInput = z.object({});

type TToolDefinition<S extends z.ZodType> = {
  readonly name: string;
  readonly description: string;
  readonly input: S;
  readonly run: (context: TToolContext, input: z.output<S>) => Promise<TToolResult>;
};

function tool<S extends z.ZodType>(definition: TToolDefinition<S>): TToolDefinition<S> {
  return definition;
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const normalizeNumber = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/^([A-Z]+)\s*-?\s*(\d+)$/, '$1-$2');

export function createAssistantTools(options: TAssistantToolsOptions) {
  const findJobs = tool({
    name: 'find_jobs',
    description:
      'Find open orders and repairs by job number (ORD-00012), RFID tag EPC, customer name or words of the description.',
    input: ZFindJobsInput,
    async run({ actor }, input) {
      const jobs = (await visibleJobs(options, actor)).filter(
        (job) => !input.kind || job.kind === input.kind,
      );
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
        data: found.slice(0, 25).map((job) => ({
          kind: job.kind,
          number: job.number,
          customer: job.customerName,
          description: job.description,
          status: job.status,
          promisedDate: job.promisedDate,
          where: placeText(job),
          state: jobStateText(job.state),
        })),
        citations: found.slice(0, 25).map(jobCitation),
        table:
          found.length === 0
            ? null
            : {
                columns: ['Job', 'Customer', 'Description', 'Where', 'Promised'],
                rows: found
                  .slice(0, 25)
                  .map((job) => [
                    jobLink(job),
                    job.customerName,
                    job.description,
                    placeText(job),
                    job.promisedDate ?? '—',
                  ]),
              },
        jobs: found,
      };
    },
  });

  const jobLocation = tool({
    name: 'job_location',
    description:
      'Where an order or repair is now, since when, its workflow phase and urgency, and its timeline of stations (newest first).',
    input: ZJobInput,
    async run({ actor, now, timeZone }, input) {
      const wanted = normalizeNumber(input.number);
      const all = await options.jobStates.cards({ kinds: ['order', 'repair'] });
      const job = all.find((card) => card.number.toUpperCase() === wanted);
      if (job && !mayViewKind(actor, job.kind))
        return deniedResult('You do not have permission to see repairs.');
      if (!job) return { ...empty, summary: `no open job ${wanted}`, data: { found: false, number: wanted } };
      let history: TLocationHistoryEntry[] = [];
      try {
        history = (await options.locationHistory(actor, job.kind, job.id)).locationHistory;
      } catch (error) {
        if (error instanceof AppError && error.code === 'FORBIDDEN') return deniedResult(error.message);
        throw error;
      }
      const current = history[0];
      const since = current?.timestamp ?? null;
      const roomiest = job.assignment === null ? await roomiestFor(options, actor) : null;
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
        summary: `${job.number}: ${placeText(job)}${since ? ` since ${dateTimeText(since, timeZone)}` : ''}`,
        data: {
          found: true,
          kind: job.kind,
          number: job.number,
          customer: job.customerName,
          description: job.description,
          status: job.status,
          where: placeText(job),
          since,
          trackingStatus: job.location?.trackingStatus ?? null,
          phase: job.workflow.phaseName,
          state: jobStateText(job.state),
          promisedDate: job.promisedDate,
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
        actions: actionsFor(actor, job, roomiest),
        jobs: [job],
      };
    },
  });

  const itemsAtPlace = tool({
    name: 'items_at_place',
    description:
      'What stands at a station, or in a whole department, now (longest there first); optionally only what arrived since an ISO date-time.',
    input: ZPlaceInput,
    async run({ actor, now, timeZone }, input) {
      const stations = await options.stations();
      const targets = input.station
        ? stations.filter((s) => sameText(s.name, input.station ?? '') || s.id === input.station)
        : stations.filter(
            (s) => sameText(s.departmentName, input.department ?? '') || s.departmentId === input.department,
          );
      if (targets.length === 0) {
        return { ...empty, summary: 'no such station or department', data: { found: false } };
      }
      const since = input.since ? Date.parse(input.since) : Number.NaN;
      const cards = new Map((await visibleJobs(options, actor)).map((job) => [`${job.kind}:${job.id}`, job]));
      const items: (TStationItem & { station: TStationRef; card: TWorkflowJob | undefined })[] = [];
      for (const station of targets) {
        for (const item of await options.itemsAtStation(actor, station.id)) {
          if (item.status === 'offsite') continue;
          if (!Number.isNaN(since) && (item.arrivedAt === null || Date.parse(item.arrivedAt) < since))
            continue;
          items.push({ ...item, station, card: cards.get(`${item.kind}:${item.id}`) });
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
          items: items.map((item) => ({
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
          ...items.map((item) => jobCitation(item)),
        ],
        table:
          items.length === 0
            ? null
            : {
                columns: input.station
                  ? ['Job', 'Customer', 'Arrived', 'Time here', 'State']
                  : ['Job', 'Customer', 'Station', 'Time here', 'State'],
                rows: items.map((item) => [
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

  const lateJobs = tool({
    name: 'late_jobs',
    description:
      'Open jobs that are late or at risk, with the reasons: promised date passed, phase past its due time, over its planned hours, offsite, unassigned. Managers see every job; others see the jobs they sell or are assigned.',
    input: ZLateInput,
    async run({ actor, now, timeZone }, input) {
      const today = localDateOf(now, timeZone);
      const weekEnd = localDateOf(now, timeZone, 6);
      const tomorrow = localDateOf(now, timeZone, 1);
      const managers = isManager(actor);
      const mine = (job: TWorkflowJob) =>
        managers || job.salesperson?.id === actor.id || job.assignment?.assignee.id === actor.id;
      const jobs = (await visibleJobs(options, actor)).filter(
        (job) => mine(job) && (!input.kind || job.kind === input.kind),
      );
      const wanted = input.number ? normalizeNumber(input.number) : null;
      const found = jobs.filter((job) => {
        if (wanted !== null) return job.number.toUpperCase() === wanted;
        const overdue = job.state.isOverdue;
        if (!overdue && !(input.includeAtRisk && job.state.isAtRisk)) return false;
        switch (input.window) {
          case 'all':
            return true;
          case 'overdue':
            return overdue;
          case 'today':
            return overdue || job.promisedDate === today;
          case 'tomorrow':
            return overdue || (job.promisedDate !== null && job.promisedDate <= tomorrow);
          case 'week':
            return overdue || (job.promisedDate !== null && job.promisedDate <= weekEnd);
        }
        return false;
      });
      found.sort(compareJobPriority);
      const roomiest = found.some((job) => job.assignment === null)
        ? await roomiestFor(options, actor)
        : null;
      const shown = found.slice(0, 30);
      const byPhase = new Map<string, number>();
      for (const job of found)
        byPhase.set(job.workflow.phaseName, (byPhase.get(job.workflow.phaseName) ?? 0) + 1);
      return {
        ...empty,
        summary: `${found.filter((j) => j.state.isOverdue).length} overdue, ${found.filter((j) => j.state.isAtRisk).length} at risk${managers ? '' : ' (your jobs)'}`,
        data: {
          scope: managers ? 'all jobs' : 'jobs you sell or are assigned',
          jobs: shown.map((job) => ({
            kind: job.kind,
            number: job.number,
            customer: job.customerName,
            state: jobStateText(job.state),
            promisedDate: job.promisedDate,
            phase: job.workflow.phaseName,
            where: placeText(job),
            reasons: lateReasons(job, today),
          })),
        },
        citations: shown.map(jobCitation),
        table:
          shown.length === 0
            ? null
            : {
                columns: ['Job', 'Customer', 'Status', 'Promised', 'Where', 'Why'],
                rows: shown.map((job) => [
                  jobLink(job),
                  job.customerName,
                  jobStateText(job.state),
                  job.promisedDate ?? '—',
                  placeText(job),
                  lateReasons(job, today).join('; ') || '—',
                ]),
              },
        chart:
          byPhase.size > 1
            ? {
                title: 'Late and at-risk jobs by phase',
                bars: [...byPhase].map(([label, value]) => ({ label, value })),
              }
            : null,
        actions: shown
          .slice(0, 3)
          .flatMap((job) => actionsFor(actor, job, roomiest).filter((a) => a.kind !== 'open')),
        jobs: found,
      };
    },
  });

  const dueJobs = tool({
    name: 'due_jobs',
    description: 'Open jobs promised for today, tomorrow or this week (or already overdue).',
    input: ZDueInput,
    async run({ actor, now, timeZone }, input) {
      const today = localDateOf(now, timeZone);
      const end =
        input.window === 'today'
          ? today
          : input.window === 'tomorrow'
            ? localDateOf(now, timeZone, 1)
            : localDateOf(now, timeZone, 6);
      const start = input.window === 'tomorrow' ? end : today;
      const jobs = (await visibleJobs(options, actor)).filter((job) =>
        input.kind && job.kind !== input.kind
          ? false
          : input.window === 'overdue'
            ? job.state.isOverdue
            : job.state.isInWork &&
              job.promisedDate !== null &&
              job.promisedDate >= start &&
              job.promisedDate <= end,
      );
      jobs.sort(
        (a, b) =>
          (a.promisedDate ?? '').localeCompare(b.promisedDate ?? '') || a.number.localeCompare(b.number),
      );
      return {
        ...empty,
        summary: `${jobs.length} due (${input.window})`,
        data: jobs.map((job) => ({
          number: job.number,
          customer: job.customerName,
          promisedDate: job.promisedDate,
          where: placeText(job),
          state: jobStateText(job.state),
        })),
        citations: jobs.slice(0, 30).map(jobCitation),
        table:
          jobs.length === 0
            ? null
            : {
                columns: ['Job', 'Customer', 'Promised', 'Where', 'State'],
                rows: jobs
                  .slice(0, 30)
                  .map((job) => [
                    jobLink(job),
                    job.customerName,
                    job.promisedDate ?? '—',
                    placeText(job),
                    jobStateText(job.state),
                  ]),
              },
        jobs,
      };
    },
  });

  const offsite = tool({
    name: 'offsite_items',
    description:
      'Orders and repairs out of the building now (offsite), with where they were last read and since when.',
    input: ZNoInput,
    async run({ actor, now, timeZone }) {
      let items: TOffsiteItem[];
      try {
        items = (await options.offsiteItems(actor)).filter((item) => mayViewKind(actor, item.itemKind));
      } catch (error) {
        if (error instanceof AppError && error.code === 'FORBIDDEN') {
          return deniedResult('You do not have permission to see the offsite list.');
        }
        throw error;
      }
      return {
        ...empty,
        summary: `${items.length} offsite`,
        data: items.map((item) => ({
          kind: item.itemKind,
          number: item.number,
          customer: item.customerName,
          since: item.offsiteDetectedAt,
          expected: item.isExpectedOffsite,
          lastStation: item.lastStationName,
        })),
        citations: [
          { kind: 'page', id: 'offsite', label: 'Offsite', href: OFFSITE_PATH },
          ...items.map((item) => jobCitation({ kind: item.itemKind, id: item.itemId, number: item.number })),
        ],
        table:
          items.length === 0
            ? null
            : {
                columns: ['Job', 'Customer', 'Last seen at', 'Offsite since', 'Expected'],
                rows: items.map((item) => [
                  jobLink({ kind: item.itemKind, id: item.itemId, number: item.number }),
                  item.customerName,
                  item.lastStationName ?? '—',
                  item.offsiteDetectedAt
                    ? `${dateTimeText(item.offsiteDetectedAt, timeZone)} (${durationText(now.getTime() - Date.parse(item.offsiteDetectedAt))})`
                    : '—',
                  item.isExpectedOffsite ? 'Yes' : 'No',
                ]),
              },
      };
    },
  });

  const assignments = tool({
    name: 'assignments',
    description:
      'Who has what assigned: each person with their open assignments, or one person’s jobs; who has room (fewest open assignments).',
    input: ZPersonInput,
    async run({ actor }, input) {
      let people: TWorkflowStaff[];
      try {
        people = (await options.staff(actor)).filter(
          (person) => person.role !== 'admin' || person.openAssignments > 0,
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'FORBIDDEN') {
          return deniedResult('You do not have permission to see who has what assigned.');
        }
        throw error;
      }
      const jobs = await visibleJobs(options, actor);
      const wanted = input.person?.toLowerCase();
      const chosen = wanted
        ? people.filter(
            (p) =>
              p.name.toLowerCase() === wanted ||
              p.name.toLowerCase().split(' ')[0] === wanted ||
              p.name.toLowerCase().includes(wanted),
          )
        : people;
      const held = (personId: string) => jobs.filter((job) => job.assignment?.assignee.id === personId);
      if (wanted && chosen.length > 0) {
        const person = chosen[0] as TWorkflowStaff;
        const theirs = held(person.id);
        return {
          ...empty,
          summary: `${person.name}: ${theirs.length} open`,
          data: {
            person: person.name,
            jobs: theirs.map((job) => ({
              number: job.number,
              phase: job.workflow.phaseName,
              state: jobStateText(job.state),
            })),
          },
          citations: theirs.map(jobCitation),
          table:
            theirs.length === 0
              ? null
              : {
                  columns: ['Job', 'Customer', 'Phase', 'Where', 'State'],
                  rows: theirs.map((job) => [
                    jobLink(job),
                    job.customerName,
                    job.workflow.phaseName,
                    placeText(job),
                    jobStateText(job.state),
                  ]),
                },
          jobs: theirs,
        };
      }
      const sorted = [...chosen].sort(
        (a, b) => a.openAssignments - b.openAssignments || a.name.localeCompare(b.name),
      );
      return {
        ...empty,
        summary: `${sorted.length} people`,
        data: sorted.map((p) => ({ name: p.name, role: p.role, openAssignments: p.openAssignments })),
        citations: [
          { kind: 'page', id: 'workflow', label: 'Workflow Command Center', href: '/workflow-dashboard' },
        ],
        table: {
          columns: ['Person', 'Role', 'Open assignments', 'Jobs'],
          rows: sorted.map((p) => [
            p.name,
            p.role,
            String(p.openAssignments),
            held(p.id)
              .map((job) => job.number)
              .slice(0, 6)
              .join(', ') || '—',
          ]),
        },
        chart: {
          title: 'Open assignments per person',
          bars: sorted.map((p) => ({ label: p.name, value: p.openAssignments })),
        },
      };
    },
  });

  const todaySummary = tool({
    name: 'today_summary',
    description:
      "Today's summary: overdue, due today, due this week, rush, ready for pickup, awaiting approval, offsite.",
    input: ZNoInput,
    async run({ actor }) {
      const summary = await options.summary(actor);
      // The dashboard's tiles, as they count: each view over the kinds this user may see.
      const total = (view: (typeof JOB_SUMMARY_VIEWS)[number]) =>
        summary.counts[view].order + summary.counts[view].repair;
      const rows: [string, number][] = JOB_SUMMARY_VIEWS.map((view) => [JOB_VIEW_LABELS[view], total(view)]);
      const data = Object.fromEntries(JOB_SUMMARY_VIEWS.map((view) => [view, total(view)]));
      return {
        ...empty,
        summary: `${total('overdue')} overdue, ${total('due-today')} due today`,
        data,
        citations: [{ kind: 'page', id: 'dashboard', label: 'Dashboard', href: '/dashboard' }],
        table: { columns: ['Measure', 'Jobs'], rows: rows.map(([label, value]) => [label, String(value)]) },
        chart: { title: 'Today', bars: rows.map(([label, value]) => ({ label, value })) },
      };
    },
  });

  const readerHealth = tool({
    name: 'reader_health',
    description:
      'RFID reader health: which readers are online or offline, their last heartbeat and last tag read.',
    input: ZNoInput,
    async run({ actor, now, timeZone }) {
      if (!isAllowed(actor, READER_VIEWER_ROLES)) {
        return deniedResult('Only admins and managers can see reader health.');
      }
      const [readers, lastReads] = await Promise.all([options.readers(actor), options.lastReads(actor)]);
      const lastReadOf = (id: string) =>
        lastReads
          .filter((read) => read.readerId === id)
          .map((read) => read.timestamp)
          .sort()
          .at(-1) ?? null;
      const ago = (iso: string | null) =>
        iso === null
          ? 'never'
          : `${dateTimeText(iso, timeZone)} (${durationText(now.getTime() - Date.parse(iso))} ago)`;
      return {
        ...empty,
        summary: `${readers.filter((r) => r.status === 'online').length} of ${readers.length} online`,
        data: readers.map((r) => ({
          id: r.id,
          name: r.name,
          status: r.status,
          lastHeartbeat: r.lastHeartbeat,
          lastRead: lastReadOf(r.id),
        })),
        citations: [{ kind: 'reader', id: 'readers', label: 'RFID mapping', href: READERS_PATH }],
        table: {
          columns: ['Reader', 'Status', 'Last heartbeat', 'Last tag read'],
          rows: readers.map((r) => [
            { text: r.name, href: READERS_PATH },
            r.status,
            ago(r.lastHeartbeat),
            ago(lastReadOf(r.id)),
          ]),
        },
      };
    },
  });

  const all = [
    findJobs,
    jobLocation,
    itemsAtPlace,
    lateJobs,
    dueJobs,
    offsite,
    assignments,
    todaySummary,
    readerHealth,
  ];
  const byName = new Map<string, TToolDefinition<z.ZodType>>(
    all.map((definition) => [definition.name, definition as unknown as TToolDefinition<z.ZodType>]),
  );

  return {
    definitions: all.map((definition) => ({
      name: definition.name,
      description: definition.description,
      parameters: z.toJSONSchema(definition.input, { io: 'input' }) as Record<string, unknown>,
    })),
    /** Runs a tool by name with unchecked input (a model's call): parsed first, errors answered as data. */
    async run(context: TToolContext, name: string, input: unknown): Promise<TToolResult> {
      const definition = byName.get(name);
      if (!definition)
        return { ...empty, summary: `unknown tool ${name}`, data: { error: `There is no tool ${name}.` } };
      const parsed = definition.input.safeParse(input ?? {});
      if (!parsed.success) {
        return { ...empty, summary: `bad input for ${name}`, data: { error: z.prettifyError(parsed.error) } };
      }
      return definition.run(context, parsed.data);
    },
    findJobs: (context: TToolContext, input: z.input<typeof ZFindJobsInput>) =>
      findJobs.run(context, ZFindJobsInput.parse(input)),
    jobLocation: (context: TToolContext, input: z.input<typeof ZJobInput>) =>
      jobLocation.run(context, ZJobInput.parse(input)),
    itemsAtPlace: (context: TToolContext, input: z.input<typeof ZPlaceInput>) =>
      itemsAtPlace.run(context, ZPlaceInput.parse(input)),
    lateJobs: (context: TToolContext, input: z.input<typeof ZLateInput>) =>
      lateJobs.run(context, ZLateInput.parse(input)),
    dueJobs: (context: TToolContext, input: z.input<typeof ZDueInput>) =>
      dueJobs.run(context, ZDueInput.parse(input)),
    offsite: (context: TToolContext) => offsite.run(context, {}),
    assignments: (context: TToolContext, input: z.input<typeof ZPersonInput>) =>
      assignments.run(context, ZPersonInput.parse(input)),
    todaySummary: (context: TToolContext) => todaySummary.run(context, {}),
    readerHealth: (context: TToolContext) => readerHealth.run(context, {}),
    visibleJobs: (actor: TActor) => visibleJobs(options, actor),
    stations: () => options.stations(),
  };
}

export type TAssistantTools = ReturnType<typeof createAssistantTools>;

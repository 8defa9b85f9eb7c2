import { dateTimeText, durationText, stationPath } from '@loupe/domain/assistant/answer-format';
import type { TAssistantCell } from '@loupe/domain/assistant/assistant-api';
import {
  isFinishedStatus,
  jobQueryPhrase,
  kindsWithStatus,
  matchesJobQuery,
} from '@loupe/domain/assistant/job-query';
import { localDate as localDateOf } from '@loupe/domain/assistant/question-parser';
import { AppError } from '@loupe/domain/errors/errors';
import { jobPlaceText, jobStateLabels, type TJobKind } from '@loupe/domain/jobs/job-views';
import type { TLocationHistoryEntry } from '@loupe/domain/tracking/location-history';
import type { TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import { createJobLookup } from './job-lookup.ts';
import {
  isMine,
  normalizeNumber,
  queryOf,
  ZFindJobsInput,
  ZJobInput,
  ZListJobsInput,
} from './job-tool-inputs.ts';
import { createPlaceTools } from './place-tools.ts';
import { isBehind } from './suggestions.ts';
import {
  deniedResult,
  empty,
  jobCitation,
  jobData,
  jobLink,
  jobsTable,
  MODEL_JOBS_MAX,
  REPAIRS_DENIED,
  TABLE_ROWS_MAX,
  type TAssistantToolsOptions,
  tool,
  visibleKinds,
} from './tool-kit.ts';

/**
 * The tools about jobs (issue 16 §1, issue 32 §4): each reads the job read model, or the tracking API the
 * screens read, as the asking user, so that its numbers are the APIs' numbers for that user. A filter the
 * user asked for is always applied; a kind the user may not see is refused whatever was asked of it.
 */

export function createJobTools(options: TAssistantToolsOptions) {
  const lookup = createJobLookup(options);
  const { visibleRecords, suggestionsFor } = lookup;

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

  const { itemsAtPlace, offsite } = createPlaceTools(options, lookup);

  return { findJobs, jobLocation, listJobs, itemsAtPlace, offsite, visibleRecords };
}

export type TJobTools = ReturnType<typeof createJobTools>;

import { dateTimeText, durationText, READERS_PATH } from '@loupe/domain/assistant/answer-format';
import { isAllowed, READER_VIEWER_ROLES, REGISTRY_MANAGER_ROLES } from '@loupe/domain/auth/permissions';
import { AppError } from '@loupe/domain/errors/errors';
import { JOB_SUMMARY_VIEWS, JOB_VIEW_LABELS, jobPlaceText, jobStateText } from '@loupe/domain/jobs/job-views';
import type { TWorkflowStaff } from '@loupe/domain/workflow/workflow-api';
import { z } from 'zod';
import { ZFindJobsInput, ZJobInput, ZListJobsInput, ZOffsiteInput, ZPlaceInput } from './job-tool-inputs.ts';
import { createJobTools } from './job-tools.ts';
import {
  deniedResult,
  empty,
  jobCitation,
  jobLink,
  memoized,
  type TAssistantToolsOptions,
  type TToolContext,
  type TToolDefinition,
  type TToolResult,
  tool,
  visibleKinds,
} from './tool-kit.ts';

export type {
  TAssistantActor,
  TAssistantToolsOptions,
  TStationRef,
  TToolContext,
  TToolResult,
} from './tool-kit.ts';

/**
 * The assistant's tools (issue 16 §1): thin wrappers over the services the API uses, run as the asking user,
 * so that each answers only what that person may see through the API, with the same numbers (issue 32 §4).
 * Both engines call these and nothing else. The tools about jobs are in job-tools.ts,
 * about places in place-tools.ts.
 */

const ZPersonInput = z.object({ person: z.string().trim().max(120).optional() });
const ZNoInput = z.object({});

export function createAssistantTools(options: TAssistantToolsOptions) {
  const { findJobs, jobLocation, listJobs, itemsAtPlace, offsite, visibleRecords } = createJobTools(options);

  const assignments = tool({
    name: 'assignments',
    description:
      'Who has what assigned: each person with their open assignments, or one person’s jobs; who has room (fewest open assignments).',
    input: ZPersonInput,
    async run(context, input) {
      const { actor } = context;
      let people: TWorkflowStaff[];
      try {
        // Those who give work out are listed only while they hold some themselves.
        people = (await memoized(context, 'staff', () => options.staff(actor))).filter(
          (person) =>
            !(REGISTRY_MANAGER_ROLES as readonly string[]).includes(person.role) ||
            person.openAssignments > 0,
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'FORBIDDEN') {
          return deniedResult('You do not have permission to see who has what assigned.');
        }
        throw error;
      }
      const jobs = (await visibleRecords(context)).map((record) => record.card);
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
          summary: `${person.name}: ${person.openAssignments} open`,
          data: {
            person: person.name,
            // As GET /workflow/people counts them; the jobs listed are those this user may see.
            openAssignments: person.openAssignments,
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
                    jobPlaceText(job),
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
    listJobs,
    itemsAtPlace,
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
    listJobs: (context: TToolContext, input: z.input<typeof ZListJobsInput>) =>
      listJobs.run(context, ZListJobsInput.parse(input)),
    itemsAtPlace: (context: TToolContext, input: z.input<typeof ZPlaceInput>) =>
      itemsAtPlace.run(context, ZPlaceInput.parse(input)),
    offsite: (context: TToolContext, input: z.input<typeof ZOffsiteInput> = {}) =>
      offsite.run(context, ZOffsiteInput.parse(input)),
    assignments: (context: TToolContext, input: z.input<typeof ZPersonInput>) =>
      assignments.run(context, ZPersonInput.parse(input)),
    todaySummary: (context: TToolContext) => todaySummary.run(context, {}),
    readerHealth: (context: TToolContext) => readerHealth.run(context, {}),
    /** The open jobs this user may see (the engine recognises their customers' names). */
    visibleJobs: async (context: TToolContext) =>
      (await visibleRecords(context)).map((record) => record.card),
    visibleKinds,
    stations: (context: TToolContext) => memoized(context, 'stations', () => options.stations()),
  };
}

export type TAssistantTools = ReturnType<typeof createAssistantTools>;

import {
  dateTimeText,
  durationText,
  lateReasons,
  localDateOf,
  NOT_UNDERSTOOD_TEXT,
  SUGGESTED_QUESTIONS,
} from '@loupe/domain/assistant/answer-format';
import type { TAssistantAnswer, TAssistantStep } from '@loupe/domain/assistant/assistant-api';
import {
  parseQuestion,
  type TKnownNames,
  type TParsedQuestion,
} from '@loupe/domain/assistant/question-parser';
import { type JOB_SUMMARY_VIEWS, jobStateLabels, jobStateText } from '@loupe/domain/jobs/job-views';
import { plural } from '@loupe/domain/text/plural';
import type { TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import type { TAssistantTools, TToolContext, TToolResult } from './tools.ts';

/**
 * The built-in engine (issue 16 §2): no vendor. It reads the question's intent and entities
 * (question-parser.ts), calls the same tools a model would, and writes short sentences with tables.
 */

export type TBuiltInEngineOptions = {
  readonly tools: TAssistantTools;
  /** Names of active staff, only to recognise them in questions. */
  readonly people: () => Promise<{ id: string; name: string }[]>;
};

type TDraft = {
  text: string[];
  results: TToolResult[];
  steps: TAssistantStep[];
  followUps: string[];
  understood: boolean;
};

const bold = (text: string) => `**${text.replace(/\*/g, '')}**`;
/** Markdown link to a record; the web renders it as an in-app link. */
const link = (text: string, href: string) => `[${text.replace(/[[\]]/g, '')}](${href})`;
const jobRef = (job: Pick<TWorkflowJob, 'kind' | 'id' | 'number'>) =>
  link(job.number, `/${job.kind === 'order' ? 'orders' : 'repairs'}/${job.id}`);

export function createBuiltInEngine(options: TBuiltInEngineOptions) {
  const { tools } = options;

  async function knownNames(context: TToolContext): Promise<TKnownNames> {
    const [stations, people, jobs] = await Promise.all([
      tools.stations(),
      options.people(),
      tools.visibleJobs(context.actor),
    ]);
    const departments = new Map<string, { id: string; name: string }>();
    for (const station of stations)
      departments.set(station.departmentId, { id: station.departmentId, name: station.departmentName });
    return {
      stations: stations.map((s) => ({ id: s.id, name: s.name, departmentName: s.departmentName })),
      departments: [...departments.values()],
      people,
      customers: [...new Set(jobs.map((job) => job.customerName))],
    };
  }

  return {
    parse: async (question: string, context: TToolContext) =>
      parseQuestion(question, await knownNames(context), context.now, context.timeZone),

    async answer(
      question: string,
      context: TToolContext,
      onStep: (step: TAssistantStep) => void = () => {},
    ): Promise<TAssistantAnswer> {
      const known = await knownNames(context);
      const parsed = parseQuestion(question, known, context.now, context.timeZone);
      const draft: TDraft = { text: [], results: [], steps: [], followUps: [], understood: true };
      const call = async (name: string, input: Record<string, unknown>, run: () => Promise<TToolResult>) => {
        const result = await run();
        const step = { tool: name, input, summary: result.summary };
        draft.steps.push(step);
        draft.results.push(result);
        onStep(step);
        return result;
      };
      await compose(parsed, known, context, draft, call);
      const results = draft.results;
      const citations = results.flatMap((r) => r.citations);
      const seen = new Set<string>();
      return {
        text: draft.text.join('\n\n'),
        engine: 'built-in',
        notice: null,
        tables: results.flatMap((r) => (r.table && r.denied === null ? [r.table] : [])),
        charts: results.flatMap((r) => (r.chart ? [r.chart] : [])),
        citations: citations.filter((c) => {
          const key = `${c.kind}:${c.id}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        }),
        steps: draft.steps,
        followUps: draft.followUps.slice(0, 4),
        actions: results.flatMap((r) => r.actions).slice(0, 8),
        understood: draft.understood,
      };
    },
  };

  async function compose(
    parsed: TParsedQuestion,
    known: TKnownNames,
    context: TToolContext,
    draft: TDraft,
    call: (
      name: string,
      input: Record<string, unknown>,
      run: () => Promise<TToolResult>,
    ) => Promise<TToolResult>,
  ): Promise<void> {
    const { now, timeZone } = context;
    const today = localDateOf(now, timeZone);
    const kind = parsed.kind ?? undefined;
    const say = (line: string) => draft.text.push(line);
    const denied = (result: TToolResult) => {
      if (result.denied === null) return false;
      say(result.denied);
      return true;
    };
    const stationName = (id: string) => known.stations.find((s) => s.id === id)?.name ?? id;
    const departmentName = (id: string) => known.departments.find((d) => d.id === id)?.name ?? id;

    switch (parsed.intent) {
      case 'help':
      case 'unknown': {
        draft.understood = parsed.intent === 'help';
        say(
          parsed.intent === 'help'
            ? 'I answer questions about the workshop from live data: where a job is, what is at a station, what is late and why, what is offsite, who has what, today’s summary and reader health. For example:'
            : NOT_UNDERSTOOD_TEXT,
        );
        say(SUGGESTED_QUESTIONS.map((q) => `- ${q}`).join('\n'));
        draft.followUps.push(...SUGGESTED_QUESTIONS);
        return;
      }

      case 'where-is': {
        const numbers = [...parsed.numbers];
        for (const epc of parsed.epcs) {
          const found = await call('find_jobs', { epc }, () => tools.findJobs(context, { epc }));
          if (denied(found)) return;
          if (found.jobs.length === 0) say(`No open job carries the tag ${epc}.`);
          numbers.push(...found.jobs.map((job) => job.number));
        }
        for (const number of numbers.slice(0, 3)) {
          const result = await call('job_location', { number }, () => tools.jobLocation(context, { number }));
          if (denied(result)) continue;
          const job = result.jobs[0];
          if (!job) {
            say(`I can't find an open order or repair ${bold(number)}.`);
            continue;
          }
          const data = result.data as { since: string | null };
          const head = `${bold(job.number)} (${job.customerName} — ${job.description})`;
          const since = data.since
            ? ` since ${dateTimeText(data.since, timeZone)} (${durationText(now.getTime() - Date.parse(data.since))})`
            : '';
          if (job.location === null) {
            say(
              `${head} has no tag read yet, so I don't know where it is. It is in the ${job.workflow.phaseName} phase.`,
            );
          } else if (job.location.trackingStatus === 'offsite') {
            say(
              `${head} is ${bold('offsite')}: last read at ${job.location.stationName} (${job.location.departmentName})${since}.`,
            );
          } else {
            say(
              `${head} is at ${link(job.location.stationName, `/departments/${job.location.departmentId}/stations/${job.location.stationId}`)} in ${job.location.departmentName}${since}.`,
            );
          }
          const labels = jobStateLabels(job.state);
          const urgency =
            labels.length === 0
              ? 'on track'
              : `${labels.join(', ').toLowerCase()}: ${lateReasons(job, today).join('; ')}`;
          say(
            `Phase ${job.workflow.phaseIndex + 1} of ${job.workflow.phaseCount}: ${job.workflow.phaseName}, ${urgency}.${job.promisedDate ? ` Promised ${job.promisedDate}.` : ''}${job.assignment ? ` Assigned to ${job.assignment.assignee.name}.` : ''}`,
          );
          draft.followUps.push(`Why is ${job.number} late?`);
          if (job.location) draft.followUps.push(`What is at ${job.location.stationName}?`);
        }
        return;
      }

      case 'find-job': {
        const input = parsed.numbers[0]
          ? { number: parsed.numbers[0] }
          : parsed.customers[0]
            ? { customer: parsed.customers[0] }
            : { text: parsed.searchText ?? '' };
        const result = await call('find_jobs', { ...input, ...(kind ? { kind } : {}) }, () =>
          tools.findJobs(context, { ...input, kind }),
        );
        if (denied(result)) return;
        const what =
          'customer' in input
            ? `for ${input.customer}`
            : 'number' in input
              ? input.number
              : `matching “${input.text}”`;
        if (result.jobs.length === 0) {
          say(`I found no open ${kind ?? 'job'}s ${what}.`);
          return;
        }
        say(
          `I found ${plural(result.jobs.length, kind ?? 'open job')} ${what}: ${result.jobs.slice(0, 8).map(jobRef).join(', ')}.`,
        );
        const first = result.jobs[0];
        if (first) draft.followUps.push(`Where is ${first.number}?`);
        return;
      }

      case 'at-place': {
        const sinceInput = parsed.since ? { since: parsed.since.toISOString() } : {};
        const places = [
          ...parsed.stationIds.map((id) => ({ station: stationName(id) })),
          ...parsed.departmentIds.map((id) => ({ department: departmentName(id) })),
        ];
        for (const place of places.slice(0, 3)) {
          const input = { ...place, ...sinceInput };
          const result = await call('items_at_place', input, () => tools.itemsAtPlace(context, input));
          if (denied(result)) continue;
          const data = result.data as {
            place: string;
            items: { number: string; arrivedAt: string | null }[];
          };
          const name = data.place ?? ('station' in place ? place.station : place.department);
          const sinceText = parsed.since
            ? ` that arrived since ${dateTimeText(parsed.since.toISOString(), timeZone)}`
            : '';
          if (!data.items || data.items.length === 0) {
            say(`Nothing is at ${bold(name ?? '')}${sinceText} right now.`);
            continue;
          }
          const refs = result.citations.filter((c) => c.kind === 'order' || c.kind === 'repair');
          say(
            `${bold(name ?? '')} has ${plural(data.items.length, 'piece')}${sinceText}: ${refs
              .slice(0, 10)
              .map((c) => link(c.label, c.href))
              .join(', ')}${refs.length > 10 ? ', …' : ''}.`,
          );
          const oldest = data.items[0];
          if (oldest?.arrivedAt) {
            say(
              `The longest there is ${oldest.number} (${durationText(now.getTime() - Date.parse(oldest.arrivedAt))}).`,
            );
          }
          const late = result.jobs.filter((job) => job.state.isOverdue).length;
          if (late > 0) say(`${plural(late, 'of them is', 'of them are')} overdue.`);
          if (oldest) draft.followUps.push(`Where is ${oldest.number}?`);
        }
        draft.followUps.push('What is late this week and why?');
        return;
      }

      case 'late': {
        if (parsed.numbers[0]) {
          const number = parsed.numbers[0];
          const result = await call('late_jobs', { number }, () =>
            tools.lateJobs(context, { number, window: 'all' }),
          );
          if (denied(result)) return;
          const job = result.jobs[0];
          if (!job) {
            const where = await call('job_location', { number }, () =>
              tools.jobLocation(context, { number }),
            );
            if (denied(where)) return;
            say(
              where.jobs[0]
                ? `${bold(number)} is not one of the jobs you sell or are assigned, so I can't say why it is late.`
                : `I can't find an open order or repair ${bold(number)}.`,
            );
            return;
          }
          const reasons = lateReasons(job, today);
          say(
            jobStateLabels(job.state).length === 0
              ? `${jobRef(job)} is on track: it is in ${job.workflow.phaseName}.`
              : `${jobRef(job)} is ${bold(jobStateLabels(job.state).join(', ').toLowerCase())}: ${reasons.join('; ')}.`,
          );
          draft.followUps.push(`Where is ${job.number}?`);
          return;
        }
        const includeAtRisk = parsed.includeAtRisk || parsed.window === 'week' || parsed.window === 'today';
        const window: 'all' | NonNullable<TParsedQuestion['window']> = parsed.window ?? 'all';
        const input = { window, includeAtRisk, ...(kind ? { kind } : {}) };
        const result = await call('late_jobs', input, () => tools.lateJobs(context, input));
        if (denied(result)) return;
        const late = result.jobs.filter((job) => job.state.isOverdue);
        const atRisk = result.jobs.filter((job) => !late.includes(job));
        const scope = (result.data as { scope: string }).scope;
        const when =
          window === 'week'
            ? ' this week'
            : window === 'today'
              ? ' today'
              : window === 'tomorrow'
                ? ' by tomorrow'
                : '';
        const noun = kind ?? 'job';
        if (result.jobs.length === 0) {
          say(
            `Nothing is late${includeAtRisk ? ' or at risk' : ''}${when}${scope === 'all jobs' ? '' : ' among the jobs you sell or are assigned'}.`,
          );
          return;
        }
        say(
          `${bold(`${plural(late.length, noun)} ${late.length === 1 ? 'is' : 'are'} overdue`)}${includeAtRisk ? ` and ${plural(atRisk.length, 'is', 'are')} at risk` : ''}${when}${scope === 'all jobs' ? '' : ' (jobs you sell or are assigned)'}:`,
        );
        say(
          result.jobs
            .slice(0, 8)
            .map(
              (job) =>
                `- ${jobRef(job)} (${job.customerName}) — ${jobStateText(job.state).toLowerCase()}: ${lateReasons(job, today).join('; ')}`,
            )
            .join('\n') +
            (result.jobs.length > 8 ? `\n- …and ${result.jobs.length - 8} more in the table.` : ''),
        );
        const first = result.jobs[0];
        if (first) draft.followUps.push(`Where is ${first.number}?`);
        draft.followUps.push('Who has room for more work?');
        return;
      }

      case 'due': {
        const window =
          parsed.window === null || parsed.window === 'overdue' ? (parsed.window ?? 'today') : parsed.window;
        const input = { window, ...(kind ? { kind } : {}) };
        const result = await call('due_jobs', input, () => tools.dueJobs(context, input));
        const label = window === 'week' ? 'this week' : window;
        if (result.jobs.length === 0) {
          say(`Nothing is due ${label}.`);
          return;
        }
        say(
          `${bold(`${plural(result.jobs.length, kind ?? 'job')} due ${label}`)}: ${result.jobs.slice(0, 10).map(jobRef).join(', ')}${result.jobs.length > 10 ? ', …' : ''}.`,
        );
        const late = result.jobs.filter((job) => job.state.isOverdue || job.state.isAtRisk).length;
        if (late > 0) say(`${plural(late, 'of them is', 'of them are')} overdue or at risk.`);
        draft.followUps.push('What is late this week and why?');
        return;
      }

      case 'offsite': {
        const result = await call('offsite_items', {}, () => tools.offsite(context));
        if (denied(result)) return;
        const items = result.data as { number: string; expected: boolean; lastStation: string | null }[];
        if (items.length === 0) {
          say('Nothing is offsite right now.');
          return;
        }
        const expected = items.filter((item) => item.expected).length;
        const refs = result.citations.filter((c) => c.kind === 'order' || c.kind === 'repair');
        say(
          `${bold(`${plural(items.length, 'piece')} offsite`)}${expected > 0 ? ` (${expected} expected)` : ''}: ${refs
            .slice(0, 10)
            .map((c) => link(c.label, c.href))
            .join(', ')}.`,
        );
        const unexpected = items.filter((item) => !item.expected).length;
        if (unexpected > 0) say(`${plural(unexpected, 'was', 'were')} not expected to leave.`);
        draft.followUps.push('What is late this week and why?');
        return;
      }

      case 'assignments': {
        const person = parsed.personIds[0]
          ? known.people.find((p) => p.id === parsed.personIds[0])?.name
          : undefined;
        const input = person ? { person } : {};
        const result = await call('assignments', input, () => tools.assignments(context, input));
        if (denied(result)) return;
        if (person) {
          const data = result.data as { person?: string; jobs?: { number: string }[] };
          if (!data.jobs) {
            say(`I can't find ${person} among the staff who take work.`);
            return;
          }
          say(
            data.jobs.length === 0
              ? `${bold(data.person ?? person)} has nothing assigned.`
              : `${bold(data.person ?? person)} has ${plural(data.jobs.length, 'open assignment')}: ${result.jobs.map(jobRef).join(', ')}.`,
          );
          return;
        }
        const people = result.data as { name: string; openAssignments: number }[];
        const roomiest = people[0];
        const busiest = [...people].sort((a, b) => b.openAssignments - a.openAssignments)[0];
        if (parsed.wantsRoom && roomiest) {
          const free = people
            .filter((p) => p.openAssignments === roomiest.openAssignments)
            .map((p) => p.name);
          say(
            `${bold(free.join(', '))} ${free.length === 1 ? 'has' : 'have'} the most room (${plural(roomiest.openAssignments, 'open assignment')}).`,
          );
        } else {
          const total = people.reduce((sum, p) => sum + p.openAssignments, 0);
          say(
            `${plural(total, 'open assignment')} across ${plural(people.length, 'person', 'people')}.${busiest && busiest.openAssignments > 0 ? ` ${bold(busiest.name)} has the most (${busiest.openAssignments}).` : ''}`,
          );
        }
        draft.followUps.push('What is late this week and why?');
        return;
      }

      case 'summary': {
        const result = await call('today_summary', {}, () => tools.todaySummary(context));
        const s = result.data as Record<(typeof JOB_SUMMARY_VIEWS)[number], number>;
        say(
          `Today: ${bold(`${s.overdue} overdue`)}, ${s['due-today']} due today and ${s['due-this-week']} due this week. ${s['at-risk']} at risk, ${s.rush} rush, ${s['ready-for-pickup']} ready for pickup, ${s['awaiting-approval']} awaiting approval, ${s.offsite} offsite.`,
        );
        draft.followUps.push('What is late this week and why?', 'What is offsite?');
        return;
      }

      case 'readers': {
        const result = await call('reader_health', {}, () => tools.readerHealth(context));
        if (denied(result)) return;
        const readers = result.data as { name: string; status: string; lastHeartbeat: string | null }[];
        if (readers.length === 0) {
          say('No readers are set up yet.');
          return;
        }
        const down = readers.filter((r) => r.status !== 'online');
        say(`${bold(`${readers.length - down.length} of ${readers.length} readers online`)}.`);
        for (const reader of down) {
          say(
            `${bold(reader.name)} is ${reader.status}${reader.lastHeartbeat ? `; last heartbeat ${dateTimeText(reader.lastHeartbeat, timeZone)} (${durationText(now.getTime() - Date.parse(reader.lastHeartbeat))} ago)` : '; it has never sent a heartbeat'}.`,
          );
        }
        return;
      }
    }
  }
}

export type TBuiltInEngine = ReturnType<typeof createBuiltInEngine>;

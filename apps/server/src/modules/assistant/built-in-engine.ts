import {
  dateTimeText,
  dayText,
  durationText,
  jobStateReasons,
  NOT_UNDERSTOOD_TEXT,
  SUGGESTED_QUESTIONS,
} from '@loupe/domain/assistant/answer-format';
import type {
  TAssistantAnswer,
  TAssistantCitation,
  TAssistantStep,
} from '@loupe/domain/assistant/assistant-api';
import { jobViewPhrase, type TJobStatusKey } from '@loupe/domain/assistant/job-query';
import {
  parseQuestion,
  type TKnownNames,
  type TParsedQuestion,
} from '@loupe/domain/assistant/question-parser';
import {
  isInJobView,
  type JOB_SUMMARY_VIEWS,
  JOB_VIEW_LABELS,
  jobStateLabels,
  type TJobKind,
} from '@loupe/domain/jobs/job-views';
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
      tools.stations(context),
      options.people(),
      tools.visibleJobs(context),
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
            ? 'I answer questions about the workshop from live data: where a job is, what is at a station, what is overdue, at risk or over its phase target and why, what is offsite, who has what, today’s summary and reader health. For example:'
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
            say(notFound(number));
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
          } else if (job.state.isOffsite) {
            say(
              `${head} is ${bold('offsite')}: last read at ${job.location.stationName} (${job.location.departmentName})${since}.`,
            );
          } else {
            say(
              `${head} is at ${link(job.location.stationName, `/departments/${job.location.departmentId}/stations/${job.location.stationId}`)} in ${job.location.departmentName}${since}.`,
            );
          }
          const labels = jobStateLabels(job.state);
          const state =
            labels.length === 0
              ? 'on track'
              : `${labels.join(', ').toLowerCase()}: ${jobStateReasons(job, timeZone).join('; ')}`;
          say(
            `Phase ${job.workflow.phaseIndex + 1} of ${job.workflow.phaseCount}: ${job.workflow.phaseName}, ${state}.${job.promisedDate ? ` Promised ${job.promisedDate}.` : ''}${job.assignment ? ` Assigned to ${job.assignment.assignee.name}.` : ''}`,
          );
          // Only a job that is behind is asked why.
          const first = labels[0];
          if (first !== undefined) draft.followUps.push(`Why is ${job.number} ${first.toLowerCase()}?`);
          if (job.location && !job.state.isOffsite)
            draft.followUps.push(`What is at ${job.location.stationName}?`);
        }
        return;
      }

      case 'why': {
        const number = parsed.numbers[0] ?? '';
        const result = await call('job_location', { number }, () => tools.jobLocation(context, { number }));
        if (denied(result)) return;
        const job = result.jobs[0];
        if (!job) {
          say(notFound(number));
          return;
        }
        const labels = jobStateLabels(job.state);
        say(
          labels.length === 0
            ? `${jobRef(job)} is on track: it is in ${job.workflow.phaseName}${job.promisedDate ? `, promised ${dayText(job.promisedDate)}` : ''}.`
            : `${jobRef(job)} is ${bold(labels.join(', ').toLowerCase())}: ${jobStateReasons(job, timeZone).join('; ')}.`,
        );
        draft.followUps.push(`Where is ${job.number}?`);
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
          `I found ${plural(result.jobs.length, kind ?? 'open job')} ${what}: ${result.jobs.slice(0, 8).map(jobRef).join(', ')}${result.jobs.length > 8 ? `, …and ${result.jobs.length - 8} more in the table` : ''}.`,
        );
        const first = result.jobs[0];
        if (first) draft.followUps.push(`Where is ${first.number}?`);
        return;
      }

      case 'at-place': {
        const filters = {
          ...(parsed.since ? { since: parsed.since.toISOString() } : {}),
          ...(kind ? { kind } : {}),
          ...(parsed.views.length > 0 ? { views: [...parsed.views] } : {}),
          ...(parsed.status ? { status: parsed.status as TJobStatusKey } : {}),
          ...(parsed.due ? { due: parsed.due } : {}),
        };
        const places = [
          ...parsed.stationIds.map((id) => ({ station: stationName(id) })),
          ...parsed.departmentIds.map((id) => ({ department: departmentName(id) })),
        ];
        for (const place of places.slice(0, 3)) {
          const input = { ...place, ...filters };
          const result = await call('items_at_place', input, () => tools.itemsAtPlace(context, input));
          if (denied(result)) return;
          const data = result.data as {
            place: string;
            count: number;
            asked: string;
            items: { number: string; arrivedAt: string | null }[];
          };
          const isStation = 'station' in place;
          const where = `${isStation ? 'at' : 'in'} ${data.place}`;
          const sinceText = parsed.since
            ? ` that arrived since ${dateTimeText(parsed.since.toISOString(), timeZone)}`
            : '';
          const asked = data.asked === '' ? '' : ` ${data.count === 1 ? 'is' : 'are'} ${data.asked}`;
          const noun = kind ?? 'piece';
          if (data.count === 0) {
            say(
              data.asked === '' && kind === undefined
                ? `${bold('Nothing')} is ${where}${sinceText} right now.`
                : `${bold(`No ${noun}s`)} ${where}${sinceText}${data.asked === '' ? ' right now' : ` are ${data.asked}`}.`,
            );
            continue;
          }
          const refs = result.citations.filter((c) => c.kind === 'order' || c.kind === 'repair');
          say(
            `${bold(plural(data.count, noun))} ${data.asked === '' ? `${data.count === 1 ? 'is' : 'are'} ${where}${sinceText}` : `${where}${sinceText}${asked}`}: ${refList(refs)}.`,
          );
          const oldest = data.items[0];
          if (oldest?.arrivedAt) {
            say(
              `The longest there is ${oldest.number} (${durationText(now.getTime() - Date.parse(oldest.arrivedAt))}).`,
            );
          }
          if (data.asked === '') {
            const overdue = result.jobs.filter((job) => job.state.isOverdue).length;
            if (overdue > 0) say(`${plural(overdue, 'of them is', 'of them are')} overdue.`);
          }
          if (oldest) draft.followUps.push(`Where is ${oldest.number}?`);
        }
        draft.followUps.push(SUGGESTED_QUESTIONS[0]);
        return;
      }

      case 'jobs': {
        const input = {
          ...(kind ? { kind } : {}),
          views: [...parsed.views],
          ...(parsed.status ? { status: parsed.status as TJobStatusKey } : {}),
          ...(parsed.due ? { due: parsed.due } : {}),
          ...(parsed.mine ? { mine: true } : {}),
        };
        const result = await call('list_jobs', input, () => tools.listJobs(context, input));
        if (denied(result)) return;
        const data = result.data as { count: number; kinds: TJobKind[]; finished: boolean; asked: string };
        const noun = kind ?? (data.kinds.length === 1 ? (data.kinds[0] ?? 'job') : 'job');
        const mine = parsed.mine ? ' among the jobs you sell or are assigned' : '';
        if (data.count === 0) {
          say(`${bold(`No ${noun}s`)} are ${data.asked}${mine}.`);
          return;
        }
        const lead = `${bold(plural(data.count, noun))} ${data.count === 1 ? 'is' : 'are'} ${data.asked}${mine}`;
        const shown = result.jobs;
        const breakdown = breakdownOf(shown, parsed);
        const behind = shown.length > 0 && shown.every((job) => jobStateLabels(job.state).length > 0);
        if (data.finished || !behind) {
          const refs = result.citations.filter((c) => c.kind === 'order' || c.kind === 'repair');
          say(`${lead}${breakdown}: ${refList(refs, data.count)}.`);
        } else {
          say(`${lead}${breakdown}:`);
          say(
            shown
              .slice(0, 8)
              .map(
                (job) =>
                  `- ${jobRef(job)} (${job.customerName}) — ${jobStateLabels(job.state).join(', ').toLowerCase()}: ${jobStateReasons(job, timeZone).join('; ')}`,
              )
              .join('\n') + (shown.length > 8 ? `\n- …and ${shown.length - 8} more in the table.` : ''),
          );
        }
        const first = shown[0];
        if (first) draft.followUps.push(`Where is ${first.number}?`);
        draft.followUps.push('Who has room for more work?');
        return;
      }

      case 'offsite': {
        const input = kind ? { kind } : {};
        const result = await call('offsite_items', input, () => tools.offsite(context, input));
        if (denied(result)) return;
        const data = result.data as { count: number; items: { expected: boolean }[] };
        const kinds = tools.visibleKinds(context.actor);
        const noun = kind ?? (kinds.length === 1 ? (kinds[0] ?? 'piece') : 'piece');
        if (data.count === 0) {
          say(
            kind === undefined
              ? `${bold('Nothing')} is offsite right now.`
              : `${bold(`No ${noun}s`)} are offsite right now.`,
          );
          return;
        }
        const expected = result.jobs.filter((job) => job.location?.expectedOffsite).length;
        const refs = result.citations.filter((c) => c.kind === 'order' || c.kind === 'repair');
        say(
          `${bold(plural(data.count, noun))} ${data.count === 1 ? 'is' : 'are'} offsite${expected > 0 ? ` (${expected} expected)` : ''}: ${refList(refs, data.count)}.`,
        );
        const unexpected = data.count - expected;
        if (unexpected > 0) say(`${plural(unexpected, 'was', 'were')} not expected to leave.`);
        draft.followUps.push(SUGGESTED_QUESTIONS[0]);
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
          const data = result.data as { person?: string; openAssignments?: number };
          if (data.openAssignments === undefined) {
            say(`I can't find ${person} among the staff who take work.`);
            return;
          }
          const count = data.openAssignments;
          say(
            count === 0
              ? `${bold(data.person ?? person)} has nothing assigned.`
              : `${bold(data.person ?? person)} has ${plural(count, 'open assignment')}${result.jobs.length > 0 ? `: ${result.jobs.map(jobRef).join(', ')}` : ''}.`,
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
            `${bold(plural(total, 'open assignment'))} across ${plural(people.length, 'person', 'people')}.${busiest && busiest.openAssignments > 0 ? ` ${bold(busiest.name)} has the most (${busiest.openAssignments}).` : ''}`,
          );
        }
        draft.followUps.push(SUGGESTED_QUESTIONS[0]);
        return;
      }

      case 'summary': {
        const result = await call('today_summary', {}, () => tools.todaySummary(context));
        const s = result.data as Record<(typeof JOB_SUMMARY_VIEWS)[number], number>;
        const count = (view: (typeof JOB_SUMMARY_VIEWS)[number]) =>
          `${s[view]} ${JOB_VIEW_LABELS[view].toLowerCase()}`;
        const onlyOrders = tools.visibleKinds(context.actor).length === 1;
        say(
          `Today: ${bold(count('overdue'))}, ${count('due-today')} and ${count('due-this-week')}. ${count('at-risk')}, ${count('rush')}, ${count('ready-for-pickup')}, ${count('awaiting-approval')}, ${count('offsite')}.${onlyOrders ? ' These count orders: repairs are not shown to your role.' : ''}`,
        );
        draft.followUps.push(SUGGESTED_QUESTIONS[0], 'What is offsite?');
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

    /** The same words for a job that does not exist and one this user may not see (issue 32 §4). */
    function notFound(number: string): string {
      const withRepairs = tools.visibleKinds(context.actor).includes('repair');
      return withRepairs
        ? `I can't find an open order or repair ${bold(number)}.`
        : `I can't find an open order ${bold(number)}. Repairs are not shown to your role.`;
    }
  }
}

/** Job links in a sentence: the first ten, then how many more the table holds. */
function refList(refs: readonly TAssistantCitation[], total = refs.length): string {
  const shown = refs.slice(0, 10).map((c) => link(c.label, c.href));
  return `${shown.join(', ')}${total > shown.length ? `, …and ${total - shown.length} more in the table` : ''}`;
}

/** "(2 overdue, 1 at risk)" when the question asked for several views. */
function breakdownOf(jobs: readonly TWorkflowJob[], parsed: TParsedQuestion): string {
  const views =
    parsed.due !== null && parsed.views.includes('overdue') && !parsed.views.includes('at-risk')
      ? [...parsed.views, 'at-risk' as const]
      : parsed.views;
  if (views.length < 2) return '';
  const parts = views.map((view) => {
    const count = jobs.filter((job) =>
      view === 'at-risk' ? job.state.isAtRisk : isInJobView(view, job),
    ).length;
    return `${count} ${jobViewPhrase(view)}`;
  });
  return ` (${parts.join(', ')})`;
}

export type TBuiltInEngine = ReturnType<typeof createBuiltInEngine>;

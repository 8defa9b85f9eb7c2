import { NOT_UNDERSTOOD_TEXT, SUGGESTED_QUESTIONS } from '@loupe/domain/assistant/answer-format';
import type { TAssistantAnswer, TAssistantStep } from '@loupe/domain/assistant/assistant-api';
import {
  parseQuestion,
  type TKnownNames,
  type TParsedQuestion,
} from '@loupe/domain/assistant/question-parser';
import { bold, type TComposer, type TDraft } from './built-in-draft.ts';
import { answerFindJob, answerJobs, answerWhereIs, answerWhy } from './built-in-job-answers.ts';
import {
  answerAssignments,
  answerAtPlace,
  answerOffsite,
  answerReaders,
  answerSummary,
} from './built-in-place-answers.ts';
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
    const composer: TComposer = {
      parsed,
      known,
      context,
      tools,
      draft,
      call,
      now,
      timeZone,
      kind,
      say,
      denied,
      stationName,
      departmentName,
      notFound,
    };

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

      case 'where-is':
        return answerWhereIs(composer);

      case 'why':
        return answerWhy(composer);

      case 'find-job':
        return answerFindJob(composer);

      case 'at-place':
        return answerAtPlace(composer);

      case 'jobs':
        return answerJobs(composer);

      case 'offsite':
        return answerOffsite(composer);

      case 'assignments':
        return answerAssignments(composer);

      case 'summary':
        return answerSummary(composer);

      case 'readers':
        return answerReaders(composer);
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

export type TBuiltInEngine = ReturnType<typeof createBuiltInEngine>;

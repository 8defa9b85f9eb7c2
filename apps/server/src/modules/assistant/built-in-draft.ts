import type { TAssistantCitation, TAssistantStep } from '@loupe/domain/assistant/assistant-api';
import { jobViewPhrase } from '@loupe/domain/assistant/job-query';
import type { TKnownNames, TParsedQuestion } from '@loupe/domain/assistant/question-parser';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { isInJobView } from '@loupe/domain/jobs/job-views';
import type { TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import type { TAssistantTools, TToolContext, TToolResult } from './tools.ts';

/** What the built-in engine's answers share: the answer being drafted, the question and its tools, and how it writes. */

export type TDraft = {
  text: string[];
  results: TToolResult[];
  steps: TAssistantStep[];
  followUps: string[];
  understood: boolean;
};

export const bold = (text: string) => `**${text.replace(/\*/g, '')}**`;
/** Markdown link to a record; the web renders it as an in-app link. */
export const link = (text: string, href: string) => `[${text.replace(/[[\]]/g, '')}](${href})`;
export const jobRef = (job: Pick<TWorkflowJob, 'kind' | 'id' | 'number'>) =>
  link(job.number, `/${job.kind === 'order' ? 'orders' : 'repairs'}/${job.id}`);

/** Everything an intent's answer reads and writes while it is composed. */
export type TComposer = {
  readonly parsed: TParsedQuestion;
  readonly known: TKnownNames;
  readonly context: TToolContext;
  readonly tools: TAssistantTools;
  readonly draft: TDraft;
  readonly call: (
    name: string,
    input: Record<string, unknown>,
    run: () => Promise<TToolResult>,
  ) => Promise<TToolResult>;
  readonly now: Date;
  readonly timeZone: string;
  readonly kind: TJobKind | undefined;
  readonly say: (line: string) => void;
  /** Says why a tool refused, and answers whether it did. */
  readonly denied: (result: TToolResult) => boolean;
  readonly stationName: (id: string) => string;
  readonly departmentName: (id: string) => string;
  /** The same words for a job that does not exist and one this user may not see (issue 32 §4). */
  readonly notFound: (number: string) => string;
};

/** Job links in a sentence: the first ten, then how many more the table holds. */
export function refList(refs: readonly TAssistantCitation[], total = refs.length): string {
  const shown = refs.slice(0, 10).map((c) => link(c.label, c.href));
  return `${shown.join(', ')}${total > shown.length ? `, …and ${total - shown.length} more in the table` : ''}`;
}

/** "(2 overdue, 1 at risk)" when the question asked for several views. */
export function breakdownOf(jobs: readonly TWorkflowJob[], parsed: TParsedQuestion): string {
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

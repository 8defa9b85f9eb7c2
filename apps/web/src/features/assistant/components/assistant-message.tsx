import type { TAssistantAnswer, TAssistantStep } from '@loupe/domain/assistant/assistant-api';
import { Check, Copy, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { AnswerActions } from './answer-actions';
import { AnswerChart } from './answer-chart';
import { AnswerTable } from './answer-table';
import { AssistantMarkdown } from './assistant-markdown';

export type TChatMessage = {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly text: string;
  readonly answer: TAssistantAnswer | null;
  /** Steps seen while the answer streams, before `answer` arrives. */
  readonly steps?: readonly TAssistantStep[];
  readonly isStreaming?: boolean;
};

function CopyButton({ text }: { readonly text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      aria-label="Copy answer"
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

function Steps({ steps }: { readonly steps: readonly TAssistantStep[] }) {
  if (steps.length === 0) return null;
  return (
    <ol
      className="space-y-1 rounded-md border border-dashed p-2 text-xs text-muted-foreground"
      aria-label="Steps"
    >
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps only ever grow at the end
        <li key={index} className="flex items-start gap-2">
          <Wrench className="mt-0.5 size-3 shrink-0" aria-hidden />
          <span>
            <code className="font-mono">{step.tool}</code>
            {Object.keys(step.input).length > 0 ? (
              <code className="font-mono"> {JSON.stringify(step.input)}</code>
            ) : null}
            {' → '}
            {step.summary}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** One turn of the chat. `enhanced` (/jbh-ai-v2) adds the steps, tables, charts, follow-ups and actions. */
export function AssistantMessage({
  message,
  enhanced,
  onAsk,
}: {
  readonly message: TChatMessage;
  readonly enhanced: boolean;
  readonly onAsk: (question: string) => void;
}) {
  if (message.role === 'user') {
    return (
      <div className="flex justify-end">
        <p className="max-w-[80%] whitespace-pre-wrap rounded-lg bg-primary px-3 py-2 text-sm text-primary-foreground">
          {message.text}
        </p>
      </div>
    );
  }
  const answer = message.answer;
  const steps = answer?.steps ?? message.steps ?? [];
  return (
    <article
      className={cn(
        'max-w-[95%] space-y-3 rounded-lg border bg-card px-4 py-3',
        message.isStreaming && 'opacity-90',
      )}
      aria-busy={message.isStreaming ?? false}
      data-testid="assistant-answer"
    >
      {answer?.notice ? (
        <p className="rounded bg-amber-100 p-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {answer.notice}
        </p>
      ) : null}
      {enhanced ? <Steps steps={steps} /> : null}
      <AssistantMarkdown text={message.text || (message.isStreaming ? '…' : '')} />
      {answer && enhanced ? (
        <>
          {answer.tables.map((table, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a stored answer never changes
            <AnswerTable key={index} table={table} />
          ))}
          {answer.charts.map((chart) => (
            <AnswerChart key={chart.title} chart={chart} />
          ))}
          <AnswerActions actions={answer.actions} />
        </>
      ) : null}
      {answer && answer.citations.length > 0 ? (
        <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          Sources:
          {answer.citations.slice(0, 12).map((citation) => (
            <Link
              key={`${citation.kind}:${citation.id}`}
              to={citation.href}
              className="underline underline-offset-2"
            >
              {citation.label}
            </Link>
          ))}
          {answer.citations.length > 12 ? <span>and {answer.citations.length - 12} more</span> : null}
        </p>
      ) : null}
      {answer ? (
        <div className="flex flex-wrap items-center gap-2">
          <CopyButton text={message.text} />
          {(enhanced || !answer.understood) && answer.followUps.length > 0
            ? answer.followUps.map((question) => (
                <Button
                  key={question}
                  type="button"
                  size="sm"
                  variant="secondary"
                  onClick={() => onAsk(question)}
                >
                  {question}
                </Button>
              ))
            : null}
        </div>
      ) : null}
    </article>
  );
}

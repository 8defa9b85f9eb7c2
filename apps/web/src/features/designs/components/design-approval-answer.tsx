import {
  DESIGN_DECISION_COMMENT_MAX,
  DESIGN_DECISION_NAME_MAX,
  type TDesignDecision,
  type TPublicDesignRevision,
} from '@loupe/domain/designs/design-requests';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { CheckCircle2Icon, MessageSquareIcon } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { TextareaField } from '@/components/textarea-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { formatDateTime } from '@/lib/date-format';
import { useDecideDesignApproval } from '../api/decide-design-approval';

/**
 * The customer's answer (issue 17 §3, issue 35 §7): they choose approve or request changes, then confirm on a
 * second step by typing their name; the server keeps the name, the decision and its time on the revision.
 * Once answered, it says what they chose, when, and under which name.
 */
export function DesignApprovalAnswer({
  token,
  revision,
}: {
  token: string;
  revision: TPublicDesignRevision;
}) {
  const decide = useDecideDesignApproval();
  const [choice, setChoice] = useState<TDesignDecision | null>(null);
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function confirm(decision: TDesignDecision) {
    setProblem(null);
    try {
      await decide.mutateAsync({
        token,
        decision,
        name,
        comment: decision === 'approved' ? '' : comment,
      });
    } catch (caught) {
      setProblem(errorMessageOf(caught, ERROR_MESSAGES.generic));
    }
  }

  const when = revision.decidedAt ? ` on ${formatDateTime(revision.decidedAt)}` : '';
  const confirmedBy = revision.decidedByName ? (
    <p className="text-sm text-muted-foreground">Confirmed by {revision.decidedByName}.</p>
  ) : null;

  return (
    <section aria-labelledby="approval-answer" className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="approval-answer" className="font-semibold">
        {revision.decision !== null
          ? 'Your answer'
          : choice === null
            ? 'Is this the piece you want?'
            : choice === 'approved'
              ? 'Confirm your approval'
              : 'Tell us what to change'}
      </h2>
      {revision.decision === 'approved' ? (
        <div className="grid gap-1">
          <p className="flex items-center gap-2 text-emerald-700 dark:text-emerald-400">
            <CheckCircle2Icon className="size-5" aria-hidden="true" />
            You approved this design{when}. Thank you — we will start making it.
          </p>
          {confirmedBy}
        </div>
      ) : revision.decision === 'changes-requested' ? (
        <div className="grid gap-1">
          <p className="flex items-center gap-2">
            <MessageSquareIcon className="size-5" aria-hidden="true" />
            You asked for changes{when}. Thank you — your designer will send a new revision.
          </p>
          {revision.decisionComment ? (
            <blockquote className="border-l-2 pl-3 text-muted-foreground">
              {revision.decisionComment}
            </blockquote>
          ) : null}
          {confirmedBy}
        </div>
      ) : choice === null ? (
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => setChoice('approved')}>
            <CheckCircle2Icon aria-hidden="true" />
            Approve this design
          </Button>
          <Button type="button" variant="outline" onClick={() => setChoice('changes-requested')}>
            Request changes
          </Button>
        </div>
      ) : (
        <form
          className="grid gap-3"
          aria-labelledby="approval-answer"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm(choice);
          }}
        >
          {choice === 'approved' ? (
            <p>
              You are approving revision {revision.revisionNumber} of order{' '}
              <span className="font-mono">{revision.orderNumber}</span>. Once you confirm, we start making
              your piece from this design.
            </p>
          ) : (
            <TextareaField
              label="What would you like changed?"
              value={comment}
              onValueChange={setComment}
              rows={4}
              maxLength={DESIGN_DECISION_COMMENT_MAX}
              required
            />
          )}
          <FormField
            label="Your full name"
            hint="Typing your name confirms your answer; we keep it with the date and time."
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="name"
            maxLength={DESIGN_DECISION_NAME_MAX}
            required
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              disabled={
                decide.isPending ||
                name.trim() === '' ||
                (choice === 'changes-requested' && comment.trim() === '')
              }
            >
              {choice === 'approved' ? 'Confirm approval' : 'Send my changes'}
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setChoice(null);
                setProblem(null);
              }}
            >
              Back
            </Button>
          </div>
        </form>
      )}
      {problem ? (
        <Alert variant="destructive">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}

import { isCadContentType } from '@loupe/domain/designs/design-files';
import type { TPublicDesignRevision } from '@loupe/domain/designs/design-requests';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { CheckCircle2Icon, MessageSquareIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { TextareaField } from '@/components/textarea-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { formatDateTime } from '@/lib/date-format';
import { useDecideDesignApproval } from '../api/decide-design-approval';

/** A phone-first page without the app's chrome: the shop's name, then what the customer came for. */
export function ApprovalPage({ shopName, children }: { shopName: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-muted/30">
      <main className="mx-auto grid max-w-2xl gap-4 px-4 py-8">
        <p className="text-center text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {shopName}
        </p>
        {children}
      </main>
    </div>
  );
}

/**
 * The customer's view of one revision (issue 17 §3): the renders and the designer's notes, and two answers —
 * approve, or ask for changes saying which. Once answered, the page says what they chose.
 */
export function DesignApprovalView({ token, revision }: { token: string; revision: TPublicDesignRevision }) {
  const decide = useDecideDesignApproval();
  const [isAskingChanges, setIsAskingChanges] = useState(false);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function answer(decision: 'approved' | 'changes-requested') {
    setProblem(null);
    try {
      await decide.mutateAsync({ token, decision, comment: decision === 'approved' ? '' : comment });
    } catch (caught) {
      setProblem(errorMessageOf(caught, ERROR_MESSAGES.generic));
    }
  }

  return (
    <ApprovalPage shopName={revision.companyName}>
      <section
        aria-labelledby="approval-title"
        className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm"
      >
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            Order <span className="font-mono">{revision.orderNumber}</span> · sent{' '}
            {formatDateTime(revision.sentAt)}
          </p>
          <h1 id="approval-title" className="text-2xl font-semibold">
            Your design, revision {revision.revisionNumber}
          </h1>
        </div>
        {revision.notes ? <p className="whitespace-pre-wrap">{revision.notes}</p> : null}
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Design images">
          {revision.files
            .filter((file) => !isCadContentType(file.contentType))
            .map((file) => (
              <li key={file.id}>
                <img src={file.url} alt={file.fileName} className="w-full rounded-lg border object-contain" />
              </li>
            ))}
        </ul>
        {revision.files.some((file) => isCadContentType(file.contentType)) ? (
          <ul className="grid gap-1 text-sm" aria-label="3D models">
            {revision.files
              .filter((file) => isCadContentType(file.contentType))
              .map((file) => (
                <li key={file.id}>
                  <a className="underline underline-offset-4" href={file.url} download={file.fileName}>
                    Download the 3D model {file.fileName}
                  </a>
                </li>
              ))}
          </ul>
        ) : null}
      </section>

      <section
        aria-labelledby="approval-answer"
        className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm"
      >
        <h2 id="approval-answer" className="font-semibold">
          {revision.decision === null ? 'Is this the piece you want?' : 'Your answer'}
        </h2>
        {revision.decision === 'approved' ? (
          <p className="flex items-center gap-2 text-emerald-700 dark:text-emerald-400">
            <CheckCircle2Icon className="size-5" aria-hidden="true" />
            You approved this design{revision.decidedAt ? ` on ${formatDateTime(revision.decidedAt)}` : ''}.
            Thank you — we will start making it.
          </p>
        ) : revision.decision === 'changes-requested' ? (
          <div className="grid gap-1">
            <p className="flex items-center gap-2">
              <MessageSquareIcon className="size-5" aria-hidden="true" />
              You asked for changes. Thank you — your designer will send a new revision.
            </p>
            {revision.decisionComment ? (
              <blockquote className="border-l-2 pl-3 text-muted-foreground">
                {revision.decisionComment}
              </blockquote>
            ) : null}
          </div>
        ) : isAskingChanges ? (
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void answer('changes-requested');
            }}
          >
            <TextareaField
              label="What would you like changed?"
              value={comment}
              onValueChange={setComment}
              rows={4}
              maxLength={2000}
              required
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={decide.isPending || comment.trim() === ''}>
                Send my changes
              </Button>
              <Button type="button" variant="ghost" onClick={() => setIsAskingChanges(false)}>
                Back
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={decide.isPending} onClick={() => void answer('approved')}>
              <CheckCircle2Icon aria-hidden="true" />
              Approve this design
            </Button>
            <Button type="button" variant="outline" onClick={() => setIsAskingChanges(true)}>
              Request changes
            </Button>
          </div>
        )}
        {problem ? (
          <Alert variant="destructive">
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        ) : null}
      </section>
    </ApprovalPage>
  );
}

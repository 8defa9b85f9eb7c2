import { isCadContentType } from '@loupe/domain/designs/design-files';
import {
  maySendRevision,
  type TDesignRequestStatus,
  type TDesignRevision,
} from '@loupe/domain/designs/design-requests';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { CheckCircle2Icon, CopyIcon, MessageSquareWarningIcon, SendIcon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { PhotoGallery } from '@/components/attachments/photo-gallery';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessageOf } from '@/lib/api-error';
import { formatDateTime } from '@/lib/date-format';
import { useDeleteRevisionFile } from '../api/delete-revision-file';
import { useRevokeApprovalLink } from '../api/revoke-approval-link';
import { useSendForApproval } from '../api/send-for-approval';
import { useUploadRevisionFile } from '../api/upload-revision-file';
import { CadFiles } from './cad-files';

export type TRevisionCardProps = {
  readonly requestId: string;
  readonly requestStatus: TDesignRequestStatus;
  readonly revision: TDesignRevision;
  /** Designers and admins change files; whoever sees the request may send it (the server checks both). */
  readonly canWork: boolean;
};

/** One numbered revision: notes, renders (uploaded with progress until it is sent), its link and answer. */
export function RevisionCard({ requestId, requestStatus, revision, canWork }: TRevisionCardProps) {
  const upload = useUploadRevisionFile();
  const remove = useDeleteRevisionFile();
  const send = useSendForApproval();
  const revoke = useRevokeApprovalLink();
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const ref = { requestId, revisionId: revision.id };
  const isSent = revision.sentAt !== null;
  const mayChangeFiles = canWork && !isSent;
  const maySend = maySendRevision({ status: requestStatus }, revision) && revision.files.length > 0;
  const headingId = `revision-${revision.id}`;
  const images = revision.files.filter((file) => !isCadContentType(file.contentType));
  const cadFiles = revision.files.filter((file) => isCadContentType(file.contentType));

  async function run(action: () => Promise<unknown>) {
    setProblem(null);
    try {
      await action();
    } catch (caught) {
      setProblem(errorMessageOf(caught, ERROR_MESSAGES.generic));
    }
  }

  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          Revision {revision.number}
        </h3>
        <p className="text-xs text-muted-foreground">
          {revision.createdBy ? `${revision.createdBy.name}, ` : ''}
          {formatDateTime(revision.createdAt)}
        </p>
      </header>
      {revision.notes ? <p className="whitespace-pre-wrap text-sm">{revision.notes}</p> : null}
      <PhotoGallery
        photos={images}
        canEdit={mayChangeFiles}
        onUpload={async (file, onProgress) => {
          await upload.mutateAsync({ ...ref, file, onProgress });
        }}
        onDelete={async (file) => {
          await remove.mutateAsync({ ...ref, fileId: file.id });
        }}
      />
      <CadFiles
        files={cadFiles}
        canAdd={mayChangeFiles}
        onUpload={async (file, onProgress) => {
          await upload.mutateAsync({ ...ref, file, onProgress });
        }}
      />
      <Decision revision={revision} />
      {revision.approvalUrl ? (
        <div className="grid gap-2 rounded-md bg-muted/50 p-3">
          <p className="text-sm font-medium">
            Sent for approval{revision.sentAt ? ` on ${formatDateTime(revision.sentAt)}` : ''}. The customer's
            link:
          </p>
          <div className="flex flex-wrap gap-2">
            <Input
              readOnly
              value={revision.approvalUrl}
              aria-label={`Approval link of revision ${revision.number}`}
              className="min-w-0 flex-1 font-mono text-xs"
              onFocus={(event) => event.target.select()}
            />
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                void run(async () => {
                  await navigator.clipboard.writeText(revision.approvalUrl ?? '');
                  setCopied(true);
                })
              }
            >
              <CopyIcon aria-hidden="true" />
              {copied ? 'Copied' : 'Copy link'}
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={revoke.isPending}
              onClick={() => void run(() => revoke.mutateAsync(ref))}
            >
              <XCircleIcon aria-hidden="true" />
              Revoke link
            </Button>
          </div>
        </div>
      ) : maySend ? (
        <div>
          <Button
            type="button"
            disabled={send.isPending}
            onClick={() => void run(() => send.mutateAsync(ref))}
          >
            <SendIcon aria-hidden="true" />
            {send.isPending ? 'Sending…' : 'Send for approval'}
          </Button>
        </div>
      ) : !isSent && canWork && revision.files.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Add a render or sketch to send this revision to the customer.
        </p>
      ) : null}
      {problem ? (
        <Alert variant="destructive">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
    </article>
  );
}

function Decision({ revision }: { revision: TDesignRevision }) {
  if (revision.decision === null) return null;
  const when = revision.decidedAt ? ` on ${formatDateTime(revision.decidedAt)}` : '';
  // The name the customer typed to confirm (issue 35 §7); answers older than that have none.
  const who = revision.decidedByName ? `, ${revision.decidedByName},` : '';
  if (revision.decision === 'approved') {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-400">
        <CheckCircle2Icon className="size-4" aria-hidden="true" />
        Approved by the customer{who}
        {when}
      </p>
    );
  }
  return (
    <div className="grid gap-1 text-sm">
      <p className="flex items-center gap-2 font-medium text-amber-700 dark:text-amber-400">
        <MessageSquareWarningIcon className="size-4" aria-hidden="true" />
        Changes requested by the customer{who}
        {when}
      </p>
      {revision.decisionComment ? (
        <blockquote className="border-l-2 pl-3">{revision.decisionComment}</blockquote>
      ) : null}
    </div>
  );
}

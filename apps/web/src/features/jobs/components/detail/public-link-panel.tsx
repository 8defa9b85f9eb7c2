import { canManageTrackingLink } from '@loupe/domain/auth/permissions';
import { CopyIcon, ExternalLinkIcon, LinkIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DetailSection } from '@/components/detail-section';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { type TPublicLinkJob, useTrackingLink } from '../../api/get-tracking-link';
import { useIssueTrackingLink } from '../../api/issue-tracking-link';
import { useRevokeTrackingLink } from '../../api/revoke-tracking-link';

/**
 * The job's public tracking link (issue 15 §6): create it, copy or open it, revoke it. The customer sees
 * the stage, the promised date and the shop's contact — nothing else of the job.
 */
export function PublicLinkPanel({ job }: { job: TPublicLinkJob }) {
  const link = useTrackingLink(job);
  const issue = useIssueTrackingLink(job);
  const revoke = useRevokeTrackingLink(job);
  // Issuing and revoking is for whoever edits the job (issue 34 §5); everyone who sees it may show the link.
  const canManage = canManageTrackingLink(useAuth().user, job.kind);
  return (
    <DetailSection title="Customer tracking link">
      {link.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : link.isError ? (
        <LoadError
          title="Could not load the tracking link"
          error={link.error}
          onRetry={() => void link.refetch()}
        />
      ) : link.data === null && !canManage ? (
        <p className="text-sm text-muted-foreground">
          No tracking link yet. Whoever edits this {job.kind} can create one for the customer.
        </p>
      ) : link.data === null ? (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            A link the customer can open without signing in to see the stage, the promised date and how to
            reach you. It is printed on the ticket as a QR code.
          </p>
          <Button
            type="button"
            className="w-fit"
            disabled={issue.isPending}
            onClick={() =>
              issue.mutate(undefined, {
                onError: (error) =>
                  toast({
                    title: errorMessageOf(error, 'Could not create the tracking link'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            <LinkIcon aria-hidden="true" />
            {issue.isPending ? 'Creating…' : 'Create tracking link'}
          </Button>
        </div>
      ) : (
        <div className="grid gap-3">
          <Input
            readOnly
            value={link.data.url}
            aria-label="Tracking link"
            onFocus={(event) => event.target.select()}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                const url = link.data?.url ?? '';
                navigator.clipboard
                  .writeText(url)
                  .then(() => toast({ title: 'Tracking link copied.' }))
                  .catch((error: unknown) => {
                    console.warn('could not copy the tracking link', error);
                    toast({ title: 'Could not copy: select the link and copy it.', variant: 'destructive' });
                  });
              }}
            >
              <CopyIcon aria-hidden="true" />
              Copy
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={link.data.url} target="_blank" rel="noreferrer">
                <ExternalLinkIcon aria-hidden="true" />
                Open
              </a>
            </Button>
            {canManage ? (
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="outline" size="sm">
                    Revoke
                  </Button>
                }
                title="Revoke the tracking link?"
                description="Whoever has this link will no longer see the job. You can create a new link afterwards."
                confirmLabel="Revoke link"
                pendingLabel="Revoking…"
                onConfirm={() => revoke.mutateAsync()}
              />
            ) : null}
          </div>
        </div>
      )}
    </DetailSection>
  );
}

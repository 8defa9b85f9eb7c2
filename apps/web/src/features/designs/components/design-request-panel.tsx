import { canWorkOnDesigns } from '@loupe/domain/auth/permissions';
import { DESIGN_REQUEST_STATUS_LABELS, type TDesignRequest } from '@loupe/domain/designs/design-requests';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { PlayIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AttachmentImage } from '@/components/attachments/attachment-image';
import { QueryLoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { TextareaField } from '@/components/textarea-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCalendarDate } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';
import { useCreateDesignRevision } from '../api/create-design-revision';
import { useDesignRequest } from '../api/get-design-request';
import { useUpdateDesignRequest } from '../api/update-design-request';
import { RevisionCard } from './revision-card';

/** One request in the workspace: the customer's brief and photos, taking it, and its revisions. */
export function DesignRequestPanel({ requestId }: { requestId: string }) {
  const query = useDesignRequest(requestId);
  if (query.isPending) return <LoadingSpinner label="Loading the request" />;
  if (query.isError) {
    return <QueryLoadError title="This request could not be loaded" query={query} />;
  }
  return <RequestDetail request={query.data} />;
}

function RequestDetail({ request }: { request: TDesignRequest }) {
  const { user } = useAuth();
  const canWork = canWorkOnDesigns(user);
  const update = useUpdateDesignRequest();
  const createRevision = useCreateDesignRevision();
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const nextNumber = (request.revisions[0]?.number ?? 0) + 1;

  async function run(action: () => Promise<unknown>) {
    setProblem(null);
    try {
      await action();
    } catch (caught) {
      setProblem(errorMessageOf(caught, ERROR_MESSAGES.generic));
    }
  }

  return (
    <section aria-labelledby="design-request-title" className="grid gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="design-request-title" className="text-xl font-semibold">
            <Link
              className="font-mono underline-offset-4 hover:underline"
              to={pathTo(paths.orderDetail, { orderId: request.orderId })}
            >
              {request.orderNumber}
            </Link>{' '}
            · {request.customerName}
          </h2>
          <p className="text-sm text-muted-foreground">
            {request.dueDate ? `Due ${formatCalendarDate(request.dueDate)}` : 'No due date'} ·{' '}
            {request.designer ? `Designer: ${request.designer.name}` : 'No designer yet'}
            {request.salesperson ? ` · Salesperson: ${request.salesperson.name}` : ''}
          </p>
        </div>
        <Badge
          variant={request.status === 'approved' ? 'default' : 'secondary'}
          aria-label={`Status: ${DESIGN_REQUEST_STATUS_LABELS[request.status]}`}
        >
          {DESIGN_REQUEST_STATUS_LABELS[request.status]}
        </Badge>
      </header>

      {canWork && request.status === 'new' ? (
        <div>
          <Button
            type="button"
            disabled={update.isPending}
            onClick={() =>
              void run(() =>
                update.mutateAsync({
                  id: request.id,
                  status: 'in-progress',
                  ...(request.designer === null && user ? { designerId: user.id } : {}),
                }),
              )
            }
          >
            <PlayIcon aria-hidden="true" />
            Start work
          </Button>
        </div>
      ) : null}

      <section aria-labelledby="design-brief" className="grid gap-2">
        <h3 id="design-brief" className="font-semibold">
          The customer's brief
        </h3>
        <p className="whitespace-pre-wrap text-sm">{request.brief || 'No brief written.'}</p>
        {request.photos.length === 0 ? (
          <p className="text-sm text-muted-foreground">No photos from the customer.</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="The customer's photos">
            {request.photos.map((photo) => (
              <li key={photo.id}>
                <AttachmentImage
                  id={photo.id}
                  alt={photo.fileName}
                  size="thumb"
                  className="aspect-square w-full rounded-md"
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {canWork && request.status !== 'approved' ? (
        <form
          className="grid gap-2 rounded-lg border border-dashed p-4"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await createRevision.mutateAsync({ requestId: request.id, notes });
              setNotes('');
            });
          }}
        >
          <TextareaField
            label={`Notes for revision ${nextNumber}`}
            value={notes}
            onValueChange={setNotes}
            rows={2}
            placeholder="What changed, what to look at"
            maxLength={4000}
          />
          <div>
            <Button type="submit" variant="outline" disabled={createRevision.isPending}>
              <PlusIcon aria-hidden="true" />
              Start revision {nextNumber}
            </Button>
          </div>
        </form>
      ) : null}

      {problem ? (
        <Alert variant="destructive">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}

      <section aria-labelledby="design-revisions" className="grid gap-3">
        <h3 id="design-revisions" className="font-semibold">
          Revisions
        </h3>
        {request.revisions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No revision yet.</p>
        ) : (
          request.revisions.map((revision) => (
            <RevisionCard
              key={revision.id}
              requestId={request.id}
              requestStatus={request.status}
              revision={revision}
              canWork={canWork}
            />
          ))
        )}
      </section>
    </section>
  );
}

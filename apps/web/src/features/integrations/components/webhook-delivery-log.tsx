import {
  type TWebhookDelivery,
  type TWebhookDeliveryStatus,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_TYPE_LABELS,
  WEBHOOK_TEST_EVENT_TYPE,
} from '@loupe/domain/integrations/webhooks';
import { RotateCcwIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Badge, type TBadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { formatDateTime } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';

const STATUS_VARIANTS: Readonly<Record<TWebhookDeliveryStatus, NonNullable<TBadgeProps['variant']>>> = {
  pending: 'secondary',
  delivered: 'default',
  failed: 'destructive',
};

function eventLabel(delivery: TWebhookDelivery): string {
  return delivery.eventType === WEBHOOK_TEST_EVENT_TYPE
    ? 'Test event'
    : WEBHOOK_EVENT_TYPE_LABELS[delivery.eventType];
}

/** The delivery log: each delivery's attempts and their status codes, and Replay for one that is done. */
export function WebhookDeliveryLog({
  urlOf,
}: {
  readonly urlOf: (subscriptionId: string) => string | undefined;
}) {
  const query = useWebhookDeliveries();
  const replay = useReplayWebhookDelivery();
  if (query.isPending) return <SectionLoading label="Loading the delivery log" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  const deliveries = query.data.pages.flatMap((page) => page.items);
  if (deliveries.length === 0) {
    return <EmptyState title="No deliveries yet" text="Each event sent to a webhook shows here." />;
  }
  return (
    <div className="grid gap-3">
      <ul aria-label="Webhook deliveries" className="grid gap-3">
        {deliveries.map((delivery) => (
          <li
            key={delivery.id}
            aria-label={`${eventLabel(delivery)} ${WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}`}
            className="grid gap-2 rounded-md border p-3 text-sm"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={STATUS_VARIANTS[delivery.status]}>
                {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
              </Badge>
              <span>{eventLabel(delivery)}</span>
              <span className="text-muted-foreground break-all">{urlOf(delivery.subscriptionId) ?? ''}</span>
              <span className="ml-auto text-xs text-muted-foreground">
                {formatDateTime(delivery.createdAt)}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
              <span className="font-mono">{delivery.id}</span>
              <span>
                {delivery.attemptLog.length === 0
                  ? 'Not tried yet'
                  : `Answers: ${delivery.attemptLog.map((attempt) => attempt.statusCode ?? 'none').join(', ')}`}
              </span>
              {delivery.nextAttemptAt ? <span>Next try {formatDateTime(delivery.nextAttemptAt)}</span> : null}
              {delivery.lastError ? <span className="text-destructive">{delivery.lastError}</span> : null}
              {delivery.status === 'pending' ? null : (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="ml-auto"
                  disabled={replay.isPending}
                  onClick={() =>
                    replay.mutate(delivery.id, {
                      onSuccess: () => toast({ title: 'The delivery will be sent again.' }),
                      onError: (error) =>
                        toast({
                          title: errorMessageOf(error, 'Could not replay the delivery'),
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  <RotateCcwIcon aria-hidden="true" />
                  Replay
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show older deliveries'}
        </Button>
      ) : null}
    </div>
  );
}

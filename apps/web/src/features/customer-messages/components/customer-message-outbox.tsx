import {
  CUSTOMER_MESSAGE_CHANNEL_LABELS,
  CUSTOMER_MESSAGE_EVENT_LABELS,
  CUSTOMER_MESSAGE_STATUSES,
  type TCustomerMessageStatus,
  type TOutboxMessage,
} from '@loupe/domain/customer-messages/customer-messages';
import { RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { SelectField } from '@/components/select-field';
import { Badge, type TBadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/api-error';
import { formatDateTime } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useCustomerMessageOutbox } from '../api/get-customer-message-outbox';
import { useRetryCustomerMessage } from '../api/retry-customer-message';

const STATUS_LABELS: Readonly<Record<TCustomerMessageStatus, string>> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};
const STATUS_VARIANTS: Readonly<Record<TCustomerMessageStatus, NonNullable<TBadgeProps['variant']>>> = {
  queued: 'secondary',
  sent: 'default',
  failed: 'destructive',
};
const FILTER_OPTIONS = [
  { value: 'all', label: 'All messages' },
  ...CUSTOMER_MESSAGE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

function jobPath(message: TOutboxMessage): string {
  return message.jobKind === 'order'
    ? pathTo(paths.orderDetail, { orderId: message.jobId })
    : pathTo(paths.repairDetail, { repairId: message.jobId });
}

/** The customer-message outbox: what went out, what waits and why, and a retry for the ones that failed. */
export function CustomerMessageOutbox() {
  const [status, setStatus] = useState<TCustomerMessageStatus | 'all'>('all');
  const query = useCustomerMessageOutbox(status === 'all' ? {} : { status });
  const retry = useRetryCustomerMessage();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outbox</CardTitle>
        <CardDescription>
          Messages are sent within a minute; a failed attempt is retried after 1, 2, 4… minutes (at most an
          hour apart), six times in all.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SelectField
          className="max-w-56"
          label="Show"
          value={status}
          onValueChange={(value) => setStatus(value as TCustomerMessageStatus | 'all')}
          options={FILTER_OPTIONS}
        />
        {query.isPending ? (
          <SectionLoading label="Loading the outbox" />
        ) : query.isError ? (
          <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState title="No messages" text="Messages to customers will show here." />
        ) : (
          <ul aria-label="Customer messages" className="grid gap-3">
            {query.data.map((message) => (
              <li
                key={message.id}
                aria-label={`${message.jobNumber} ${CUSTOMER_MESSAGE_EVENT_LABELS[message.event]} by ${CUSTOMER_MESSAGE_CHANNEL_LABELS[message.channel]}`}
                className="grid gap-2 rounded-md border p-3"
              >
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant={STATUS_VARIANTS[message.status]}>{STATUS_LABELS[message.status]}</Badge>
                  <Link className="font-mono underline underline-offset-4" to={jobPath(message)}>
                    {message.jobNumber}
                  </Link>
                  <span>{CUSTOMER_MESSAGE_EVENT_LABELS[message.event]}</span>
                  <span className="text-muted-foreground">
                    {CUSTOMER_MESSAGE_CHANNEL_LABELS[message.channel]} to {message.recipient}
                  </span>
                  <span className="ml-auto text-xs text-muted-foreground">
                    {formatDateTime(message.createdAt)}
                  </span>
                </div>
                {message.subject ? <p className="text-sm font-medium">{message.subject}</p> : null}
                <p className="line-clamp-3 text-sm whitespace-pre-wrap text-muted-foreground">
                  {message.body}
                </p>
                <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
                  <span>
                    {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
                  </span>
                  {message.sentAt ? <span>Sent {formatDateTime(message.sentAt)}</span> : null}
                  {message.nextAttemptAt ? (
                    <span>Next try {formatDateTime(message.nextAttemptAt)}</span>
                  ) : null}
                  {message.lastError ? <span className="text-destructive">{message.lastError}</span> : null}
                  {message.status === 'sent' ? null : (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="ml-auto"
                      disabled={retry.isPending}
                      onClick={() =>
                        retry.mutate(message.id, {
                          onSuccess: () => toast({ title: 'The message will be sent again shortly.' }),
                          onError: (error) =>
                            toast({
                              title: errorMessageOf(error, 'Could not retry the message'),
                              variant: 'destructive',
                            }),
                        })
                      }
                    >
                      <RotateCcwIcon aria-hidden="true" />
                      Retry
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

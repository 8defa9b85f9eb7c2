import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useWebhooks } from '../api/get-webhooks';
import { AddWebhookDialog } from './add-webhook-dialog';
import { EpcisCard } from './epcis-card';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WebhookList } from './webhook-list';

/**
 * Settings › integrations (issue 41): webhooks to other systems and their delivery log, and EPCIS 2.0 capture,
 * export and query. Admins only.
 */
export function IntegrationsSection() {
  const query = useWebhooks();
  const urls = new Map((query.data ?? []).map((webhook) => [webhook.id, webhook.url]));
  return (
    <div className="grid grid-cols-1 gap-4">
      <Card>
        <CardHeader className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Webhooks</CardTitle>
            <CardDescription>
              Each event is sent as a signed POST (Standard Webhooks: <code>webhook-id</code>,{' '}
              <code>webhook-timestamp</code>, <code>webhook-signature</code>) and retried for 24 hours; a
              webhook failing that long is turned off and you are told. The payloads are described in the API
              reference.
            </CardDescription>
          </div>
          <AddWebhookDialog />
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <SectionLoading label="Loading webhooks" />
          ) : query.isError ? (
            <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <WebhookList webhooks={query.data} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Delivery log</CardTitle>
          <CardDescription>
            Newest first, with every attempt's status code. Replay sends a delivery again under the same id.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <WebhookDeliveryLog urlOf={(id) => urls.get(id)} />
        </CardContent>
      </Card>
      <EpcisCard />
    </div>
  );
}

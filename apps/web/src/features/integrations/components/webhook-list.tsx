import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { type TWebhookSubscription, WEBHOOK_EVENT_TYPE_LABELS } from '@loupe/domain/integrations/webhooks';
import { KeyRoundIcon, PowerIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { formatDateTime } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useUpdateWebhook } from '../api/update-webhook';
import { WebhookSecretOnce } from './webhook-secret-once';

const failed = (fallback: string) => (error: unknown) =>
  toast({ title: errorMessageOf(error, fallback), variant: 'destructive' });

function WebhookStatus({ webhook }: { readonly webhook: TWebhookSubscription }) {
  if (webhook.enabled) {
    return webhook.failingSince ? (
      <Badge variant="destructive">Failing since {formatDateTime(webhook.failingSince)}</Badge>
    ) : (
      <Badge>On</Badge>
    );
  }
  return <Badge variant="outline">{webhook.disabledAt ? 'Disabled' : 'Off'}</Badge>;
}

/** One subscription: where it sends, what, how it is doing, and what an admin can do with it. */
function WebhookItem({ webhook }: { readonly webhook: TWebhookSubscription }) {
  const [secret, setSecret] = useState<string | null>(null);
  const test = useSendWebhookTest();
  const rotate = useRotateWebhookSecret();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  return (
    <li aria-label={webhook.url} className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <WebhookStatus webhook={webhook} />
        <span className="font-mono break-all">{webhook.url}</span>
        {webhook.allowPrivateNetwork ? <Badge variant="secondary">Own network</Badge> : null}
      </div>
      {webhook.description ? <p className="text-sm text-muted-foreground">{webhook.description}</p> : null}
      <p className="text-xs text-muted-foreground">
        {webhook.eventTypes.map((type) => WEBHOOK_EVENT_TYPE_LABELS[type]).join(' · ')}
      </p>
      {webhook.disabledReason ? <p className="text-xs text-destructive">{webhook.disabledReason}</p> : null}
      {secret ? <WebhookSecretOnce secret={secret} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!webhook.enabled || test.isPending}
          onClick={() =>
            test.mutate(webhook.id, {
              onSuccess: () => toast({ title: 'Test event sent: see the delivery log.' }),
              onError: failed('Could not send a test event'),
            })
          }
        >
          <SendIcon aria-hidden="true" />
          Send test event
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: webhook.id, changes: { enabled: !webhook.enabled } },
              { onError: failed(ERROR_MESSAGES.generic) },
            )
          }
        >
          <PowerIcon aria-hidden="true" />
          {webhook.enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={rotate.isPending}
          onClick={() =>
            rotate.mutate(webhook.id, {
              onSuccess: (rotated) => setSecret(rotated.secret),
              onError: failed('Could not rotate the secret'),
            })
          }
        >
          <KeyRoundIcon aria-hidden="true" />
          Rotate secret
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={remove.isPending}
          // Not mutate's callbacks: the refetched list unmounts this item before they would run.
          onClick={() =>
            remove
              .mutateAsync(webhook.id)
              .then(() => toast({ title: 'Webhook removed.' }), failed('Could not remove the webhook'))
          }
        >
          <Trash2Icon aria-hidden="true" />
          Remove
        </Button>
      </div>
    </li>
  );
}

export function WebhookList({ webhooks }: { readonly webhooks: readonly TWebhookSubscription[] }) {
  if (webhooks.length === 0) {
    return <EmptyState title="No webhooks" text="Add one to send workshop events to another system." />;
  }
  return (
    <ul aria-label="Webhooks" className="grid gap-3">
      {webhooks.map((webhook) => (
        <WebhookItem key={webhook.id} webhook={webhook} />
      ))}
    </ul>
  );
}

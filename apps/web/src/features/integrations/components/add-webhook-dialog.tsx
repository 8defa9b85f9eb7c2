import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import {
  type TWebhookEventType,
  WEBHOOK_EVENT_TYPE_LABELS,
  WEBHOOK_EVENT_TYPES,
} from '@loupe/domain/integrations/webhooks';
import { PlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormField } from '@/components/form-field';
import { PrivateNetworkOptIn } from '@/components/private-network-opt-in';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';
import { useCreateWebhook } from '../api/create-webhook';
import { WebhookSecretOnce } from './webhook-secret-once';

const EMPTY = { url: '', description: '', eventTypes: [] as TWebhookEventType[], allowPrivateNetwork: false };

/** "Add webhook": the address, the events it wants, the on-premises opt-in; then its secret, once. */
export function AddWebhookDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [secret, setSecret] = useState<string | null>(null);
  const mutation = useCreateWebhook();
  const eventsId = useId();
  const issues = fieldIssuesOf(mutation.error);
  const urlError = issues.find((issue) => issue.field === 'url')?.message;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      mutation.reset();
      setValues(EMPTY);
      setSecret(null);
    }
  }

  function toggle(type: TWebhookEventType, checked: boolean) {
    setValues((current) => ({
      ...current,
      eventTypes: checked
        ? WEBHOOK_EVENT_TYPES.filter((each) => each === type || current.eventTypes.includes(each))
        : current.eventTypes.filter((each) => each !== type),
    }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate(values, { onSuccess: (created) => setSecret(created.secret) });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button">
          <PlusIcon aria-hidden="true" />
          Add webhook
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add webhook</DialogTitle>
          <DialogDescription>
            Loupe sends each chosen event to this address as a signed POST, retried for 24 hours until it
            answers 2xx.
          </DialogDescription>
        </DialogHeader>
        {secret ? (
          <>
            <WebhookSecretOnce secret={secret} />
            <DialogFooter>
              <Button type="button" onClick={() => setOpen(false)}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form aria-label="New webhook" className="grid gap-4" onSubmit={onSubmit} noValidate>
            <FormField
              label="Address"
              type="url"
              placeholder="https://erp.example.com/loupe-events"
              value={values.url}
              onChange={(change) => setValues({ ...values, url: change.target.value })}
              error={urlError}
              required
            />
            <FormField
              label="Description"
              hint="Optional: what receives it"
              value={values.description}
              onChange={(change) => setValues({ ...values, description: change.target.value })}
            />
            <fieldset className="grid gap-2" aria-describedby={eventsId}>
              <legend className="text-sm font-medium">Events</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <div key={type} className="flex items-center gap-2">
                    <Checkbox
                      id={`${eventsId}-${type}`}
                      checked={values.eventTypes.includes(type)}
                      onCheckedChange={(state) => toggle(type, state === true)}
                    />
                    <Label htmlFor={`${eventsId}-${type}`}>{WEBHOOK_EVENT_TYPE_LABELS[type]}</Label>
                  </div>
                ))}
              </div>
              <p id={eventsId} className="text-xs text-muted-foreground">
                Choose at least one.
              </p>
            </fieldset>
            <PrivateNetworkOptIn
              checked={values.allowPrivateNetwork}
              onCheckedChange={(checked) => setValues({ ...values, allowPrivateNetwork: checked })}
            />
            {mutation.isError && !urlError ? (
              <Alert variant="destructive">
                <AlertDescription>{errorMessageOf(mutation.error, ERROR_MESSAGES.generic)}</AlertDescription>
              </Alert>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                disabled={mutation.isPending || values.url.trim() === '' || values.eventTypes.length === 0}
              >
                {mutation.isPending ? 'Adding…' : 'Add webhook'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

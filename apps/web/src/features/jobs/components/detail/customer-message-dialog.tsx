import {
  CUSTOMER_MESSAGE_CHANNEL_LABELS,
  CUSTOMER_MESSAGE_EVENT_LABELS,
  CUSTOMER_MESSAGE_EVENTS,
  SKIP_REASON_LABELS,
  type TCustomerMessageEvent,
  ZCustomerMessageEventSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { MessageSquareIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { SelectField } from '@/components/select-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { errorMessageOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCustomerMessageDraft } from '../../api/get-customer-message-draft';
import type { TPublicLinkJob } from '../../api/get-tracking-link';
import { useSendCustomerMessage } from '../../api/send-customer-message';

const EVENT_OPTIONS = CUSTOMER_MESSAGE_EVENTS.map((event) => ({
  value: event,
  label: CUSTOMER_MESSAGE_EVENT_LABELS[event],
}));

/**
 * "Send message to customer": the message the job's current stage calls for (or another event), previewed as
 * the customer will read it, queued in one click. With Settings › customer messages on "ask", this is how
 * status changes reach customers.
 */
export function CustomerMessageDialog({ job }: { job: TPublicLinkJob }) {
  const [open, setOpen] = useState(false);
  const [event, setEvent] = useState<TCustomerMessageEvent | null>(null);
  const draft = useCustomerMessageDraft(job, event, open);
  const send = useSendCustomerMessage(job);
  const [error, setError] = useState<string | null>(null);
  const chosen = event ?? draft.data?.event ?? null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setEvent(null);
          setError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <MessageSquareIcon aria-hidden="true" />
          Send message to customer
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Send message to customer</DialogTitle>
          <DialogDescription>
            What the customer will receive, by the channels they agreed to.
          </DialogDescription>
        </DialogHeader>
        {chosen ? (
          <SelectField
            label="Message"
            value={chosen}
            onValueChange={(value) => setEvent(ZCustomerMessageEventSchema.parse(value))}
            options={EVENT_OPTIONS}
          />
        ) : null}
        {draft.isPending ? (
          <p className="text-sm text-muted-foreground">Preparing the preview…</p>
        ) : draft.isError ? (
          <LoadError
            title="Could not prepare the message"
            error={draft.error}
            onRetry={() => void draft.refetch()}
          />
        ) : (
          <section className="grid gap-3" aria-label="Message preview">
            {draft.data.messages.map((message) => (
              <section key={message.channel} className="grid gap-1 rounded-md border p-3 text-sm">
                <p className="text-xs text-muted-foreground">
                  {CUSTOMER_MESSAGE_CHANNEL_LABELS[message.channel]} to {message.recipient}
                </p>
                {message.subject ? <p className="font-semibold">{message.subject}</p> : null}
                <p className="whitespace-pre-wrap">{message.body}</p>
              </section>
            ))}
            {draft.data.skipped.map((skip) => (
              <p key={skip.channel} className="text-sm text-muted-foreground">
                No {CUSTOMER_MESSAGE_CHANNEL_LABELS[skip.channel]}: {SKIP_REASON_LABELS[skip.reason]}.
              </p>
            ))}
          </section>
        )}
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={!chosen || send.isPending || !draft.data || draft.data.messages.length === 0}
            onClick={() => {
              if (!chosen) return;
              send.mutate(chosen, {
                onSuccess: (result) => {
                  toast({ title: result.message });
                  setOpen(false);
                },
                onError: (failure) => setError(errorMessageOf(failure, ERROR_MESSAGES.generic)),
              });
            }}
          >
            {send.isPending ? 'Sending…' : 'Send'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

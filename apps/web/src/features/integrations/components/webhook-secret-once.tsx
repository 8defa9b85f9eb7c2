import { CopyIcon, KeyRoundIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';

/** A webhook's signing secret, as the server shows it: once, right after it was made. */
export function WebhookSecretOnce({ secret }: { readonly secret: string }) {
  return (
    <Alert>
      <KeyRoundIcon aria-hidden="true" />
      <AlertTitle>Copy the signing secret now</AlertTitle>
      <AlertDescription className="grid gap-2">
        <span>
          It is shown this once. The receiver checks each delivery's <code>webhook-signature</code> with it
          (the Standard Webhooks scheme); if it is lost, rotate it.
        </span>
        <div className="flex gap-2">
          <Input readOnly aria-label="Signing secret" value={secret} className="font-mono text-xs" />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              navigator.clipboard
                .writeText(secret)
                .then(() => toast({ title: 'Secret copied.' }))
                .catch((error: unknown) => {
                  console.warn('could not copy the webhook secret', error);
                  toast({ title: 'Could not copy: select the secret and copy it.', variant: 'destructive' });
                });
            }}
          >
            <CopyIcon aria-hidden="true" />
            Copy
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

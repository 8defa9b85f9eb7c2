import { KeyRoundIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { CopyableValue } from './copyable-value';

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
        <CopyableValue label="Signing secret" value={secret} copiedMessage="Secret copied." />
      </AlertDescription>
    </Alert>
  );
}

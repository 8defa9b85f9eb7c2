import { READER_KIND_LABELS, type TReader } from '@loupe/domain/registry/readers';
import { CheckIcon, CopyIcon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { API_KEY_HEADER, httpIngestUrl, mqttTopicOf } from './reader-ingest';

export const KEY_SHOWN_ONCE = 'Copy this key now: it will not be shown again.';

type TCopyState = 'idle' | 'copied' | 'failed';

/**
 * A reader's API key, readable this once (after creating the reader or making it a new key), with a copy
 * button and how to connect the reader over HTTP or MQTT (docs/rfid-readers.md).
 */
export function ReaderKeyDetails({ reader, apiKey }: { reader: TReader; apiKey: string }) {
  const keyId = useId();
  const [copy, setCopy] = useState<TCopyState>('idle');
  const origin = window.location.origin;

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopy('copied');
    } catch (error) {
      console.warn('Could not copy the reader API key to the clipboard', error);
      setCopy('failed');
    }
  }

  return (
    <div className="grid gap-4 text-sm">
      <Alert>
        <TriangleAlertIcon aria-hidden="true" />
        <AlertTitle>{KEY_SHOWN_ONCE}</AlertTitle>
        <AlertDescription>
          Loupe keeps only its first characters. If the key is lost, make the reader a new one.
        </AlertDescription>
      </Alert>
      <div className="grid gap-2">
        <Label htmlFor={keyId}>API key</Label>
        <div className="flex gap-2">
          <Input
            id={keyId}
            readOnly
            value={apiKey}
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void onCopy()}>
            {copy === 'copied' ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copy === 'copied' ? 'Copied' : 'Copy key'}
          </Button>
        </div>
        <p role="status" className="min-h-4 text-xs text-muted-foreground">
          {copy === 'copied' ? 'The key is on the clipboard.' : null}
          {copy === 'failed' ? 'Could not copy: select the key and copy it by hand.' : null}
        </p>
      </div>
      <section aria-labelledby={`${keyId}-http`} className="grid gap-1">
        <h3 id={`${keyId}-http`} className="font-semibold">
          Over HTTP
        </h3>
        <p>
          Set the {READER_KIND_LABELS[reader.kind]} to POST its reads to{' '}
          <code className="font-mono break-all">{httpIngestUrl(reader.kind, origin)}</code> with the header{' '}
          <code className="font-mono">{API_KEY_HEADER}</code> set to the key.
        </p>
      </section>
      <section aria-labelledby={`${keyId}-mqtt`} className="grid gap-1">
        <h3 id={`${keyId}-mqtt`} className="font-semibold">
          Over MQTT
        </h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">User name</dt>
          <dd>
            <code className="font-mono break-all">{reader.id}</code>
          </dd>
          <dt className="text-muted-foreground">Password</dt>
          <dd>the API key</dd>
          <dt className="text-muted-foreground">Topic</dt>
          <dd>
            <code className="font-mono break-all">{mqttTopicOf(reader.id, reader.kind)}</code>
          </dd>
        </dl>
        <p className="text-muted-foreground">Publish with QoS 1 to Loupe's broker (port 1883 by default).</p>
      </section>
    </div>
  );
}

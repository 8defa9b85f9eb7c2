import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TEpcisCaptureSettings, TEpcisCaptureTestResult } from '@loupe/domain/integrations/epcis';
import { SendIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { formatDateTime } from '@/lib/date-format';
import { useSendEpcisCaptureTest } from '../api/send-epcis-capture-test';

/** The repository's answer to a test document, in words. */
export function epcisTestOutcome(result: TEpcisCaptureTestResult): string {
  const answered = result.statusCode === null ? 'No answer' : `The repository answered ${result.statusCode}`;
  const took = `in ${result.durationMs} ms`;
  if (result.ok) return `${answered} ${took}: it took the test document.`;
  return `${answered} ${took}${result.error ? `: ${result.error}` : '.'}`;
}

function CaptureState({ saved }: { readonly saved: TEpcisCaptureSettings }) {
  if (saved.url === '') return <Badge variant="outline">Not set up</Badge>;
  if (!saved.enabled) return <Badge variant="outline">Off</Badge>;
  return saved.lastError ? <Badge variant="destructive">Failing</Badge> : <Badge>On</Badge>;
}

/** How capture is going (last capture, last error, what waits), and "Send a test document". */
export function EpcisCaptureStatus({ saved }: { readonly saved: TEpcisCaptureSettings }) {
  const test = useSendEpcisCaptureTest();
  return (
    <div className="grid gap-3">
      <dl aria-label="EPCIS capture status" className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="sr-only">State</dt>
          <dd>
            <CaptureState saved={saved} />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Last capture</dt>
          <dd>{saved.lastCaptureAt ? formatDateTime(saved.lastCaptureAt) : 'none yet'}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Waiting</dt>
          <dd>
            {saved.pending} {saved.pending === 1 ? 'event' : 'events'}
          </dd>
        </div>
        {saved.lastError ? (
          <div className="flex basis-full gap-1 text-destructive">
            <dt>Last error</dt>
            <dd className="break-words">{saved.lastError}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-xs text-muted-foreground">
        A test document holds one event and goes to the saved address (save a change first).
      </p>
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        disabled={saved.url === '' || test.isPending}
        onClick={() => test.mutate()}
      >
        <SendIcon aria-hidden="true" />
        {test.isPending ? 'Sending…' : 'Send a test document'}
      </Button>
      {test.isSuccess ? (
        <Alert variant={test.data.ok ? 'default' : 'destructive'}>
          <AlertDescription>{epcisTestOutcome(test.data)}</AlertDescription>
        </Alert>
      ) : null}
      {test.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessageOf(test.error, ERROR_MESSAGES.generic)}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

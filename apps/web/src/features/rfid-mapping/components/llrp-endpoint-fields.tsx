import { LLRP_DEFAULT_PORT, LLRP_DEFAULT_TLS_PORT, type TLlrpTestResult } from '@loupe/domain/registry/llrp';
import { CircleCheckIcon, PlugZapIcon, TriangleAlertIcon } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { SwitchField } from '@/components/switch-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { useTestLlrpConnection } from '../api/test-llrp-connection';
import { antennasForCount, parseLlrpEndpoint, type TLlrpForm } from './llrp-settings-model';

export const TEST_CONNECTION = 'Test connection';
/** The LLRP fields make a dialog taller and wider than a plain form's. */
export const LLRP_DIALOG_CLASS_NAME = 'sm:max-w-xl';

export const TEST_FAILED_TITLE = 'The connection test failed';

/** "4 antennas", "1 antenna". */
function antennasText(count: number): string {
  return `${count} ${count === 1 ? 'antenna' : 'antennas'}`;
}

/** What the reader said of itself, as the test shows it. */
function TestResult({ result }: { result: TLlrpTestResult }) {
  return (
    <Alert role="status">
      <CircleCheckIcon aria-hidden="true" />
      <AlertTitle>{`Connected to ${result.manufacturer} ${result.model}`}</AlertTitle>
      <AlertDescription>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
          <dt className="text-muted-foreground">Manufacturer</dt>
          <dd>{result.manufacturer}</dd>
          <dt className="text-muted-foreground">Model</dt>
          <dd>{result.model}</dd>
          <dt className="text-muted-foreground">Firmware</dt>
          <dd>{result.firmware}</dd>
          <dt className="text-muted-foreground">Antennas</dt>
          <dd>{antennasText(result.antennaCount)}</dd>
        </dl>
      </AlertDescription>
    </Alert>
  );
}

/**
 * Where Loupe finds an LLRP reader (host, port, TLS) and a test that asks the reader for its capabilities.
 * A successful test lists the reader's antennas in the form, keeping the rows already there.
 */
export function LlrpEndpointFields({ form }: { form: TLlrpForm }) {
  const { values, errors, setValue, setErrors } = form;
  const test = useTestLlrpConnection();

  function onTest() {
    const endpoint = parseLlrpEndpoint(values);
    if (!endpoint.ok) {
      setErrors((current) => ({ ...current, ...endpoint.errors }));
      return;
    }
    test.mutate(endpoint.output, {
      onSuccess: (result) =>
        setValue('antennas', antennasForCount(values.antennas, result.antennaCount, result.maxTxPowerDbm)),
    });
  }

  function onTlsChange(useTls: boolean) {
    setValue('useTls', useTls);
    // The conventional port follows TLS, unless another one was typed.
    const from = String(useTls ? LLRP_DEFAULT_PORT : LLRP_DEFAULT_TLS_PORT);
    if (values.port === from) setValue('port', String(useTls ? LLRP_DEFAULT_TLS_PORT : LLRP_DEFAULT_PORT));
  }

  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_7rem]">
        <FormField
          label="Host"
          hint="The reader's IP address or host name on the workshop network."
          maxLength={253}
          autoComplete="off"
          spellCheck={false}
          {...form.field('host')}
          required
        />
        <FormField
          label="Port"
          type="number"
          inputMode="numeric"
          min={1}
          max={65_535}
          step={1}
          {...form.field('port')}
          required
        />
      </div>
      <SwitchField
        label="TLS"
        description="Encrypt the connection, if the reader offers LLRP over TLS (usually on port 5085)."
        checked={values.useTls}
        onCheckedChange={onTlsChange}
      />
      {errors.useTls ? <p className="text-sm text-destructive">{errors.useTls}</p> : null}
      <div>
        <Button type="button" variant="outline" onClick={onTest} disabled={test.isPending}>
          <PlugZapIcon aria-hidden="true" />
          {test.isPending ? 'Testing…' : TEST_CONNECTION}
        </Button>
      </div>
      {test.isSuccess ? <TestResult result={test.data} /> : null}
      {test.isError ? (
        <Alert variant="destructive">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>{TEST_FAILED_TITLE}</AlertTitle>
          <AlertDescription>{errorMessageOf(test.error, TEST_FAILED_TITLE)}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

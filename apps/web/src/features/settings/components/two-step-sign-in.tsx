import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { useFormState } from '@/components/forms/use-form-state';
import { SwitchField } from '@/components/switch-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useFinishTotpSetup } from '../api/finish-totp-setup';
import { useMfaPreferences } from '../api/get-mfa-preferences';
import { useSetMfaMethod } from '../api/set-mfa-method';
import { useStartTotpSetup } from '../api/start-totp-setup';
import {
  mfaFailureMessage,
  parseTotpSetupForm,
  TOTP_SETUP_FIELDS,
  type TTotpSetupField,
  type TTotpSetupFormValues,
} from './totp-setup-form-model';

/**
 * Settings › profile: the user's own two-step sign-in (issue 20 §4). An authenticator app (TOTP, set up with
 * a QR code) and codes by e-mail, through the identity service.
 */
export function TwoStepSignIn({ email }: { readonly email: string }) {
  const query = useMfaPreferences();
  const [setup, setSetup] = useState<{ secret: string; setupUri: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useStartTotpSetup(email);
  const toggle = useSetMfaMethod();
  const onFailure = (failure: unknown) => setError(mfaFailureMessage(failure));
  const startSetup = () =>
    start.mutate(undefined, {
      onSuccess: (details) => {
        setError(null);
        setSetup(details);
      },
      onError: onFailure,
    });
  const turn = (method: 'TOTP' | 'EMAIL', isOn: boolean) =>
    toggle.mutate(
      { method, isOn },
      {
        onSuccess: () => {
          setError(null);
          toast({ title: isOn ? 'Two-step sign-in is on' : 'Turned off' });
        },
        onError: onFailure,
      },
    );

  const enabled = query.data?.enabled ?? [];
  const hasTotp = enabled.includes('TOTP');
  const hasEmail = enabled.includes('EMAIL');

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-step sign-in</CardTitle>
        <CardDescription>
          After your password, confirm it is you with a code. A browser you confirmed with a code is
          remembered and not asked again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        {query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not read your two-step sign-in settings.
          </p>
        ) : null}
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1">
            <p className="flex items-center gap-2 text-sm font-medium">
              Authenticator app {hasTotp ? <Badge variant="secondary">On</Badge> : null}
            </p>
            <p className="text-sm text-muted-foreground">
              Codes from an app such as Google Authenticator, 1Password or Microsoft Authenticator.
            </p>
          </div>
          {hasTotp ? (
            <Button variant="outline" disabled={toggle.isPending} onClick={() => turn('TOTP', false)}>
              Turn off
            </Button>
          ) : setup ? null : (
            <Button disabled={start.isPending || query.isPending} onClick={startSetup}>
              Set up authenticator app
            </Button>
          )}
        </div>
        {setup && !hasTotp ? (
          <TotpSetup
            setup={setup}
            onDone={() => {
              setSetup(null);
              toast({ title: 'Two-step sign-in is on' });
            }}
            onCancel={() => setSetup(null)}
          />
        ) : null}
        <SwitchField
          label="Codes by e-mail"
          description={`A code sent to ${email} each time you sign in.`}
          checked={hasEmail}
          disabled={toggle.isPending || query.isPending}
          onCheckedChange={(isOn) => turn('EMAIL', isOn)}
        />
      </CardContent>
    </Card>
  );
}

function TotpSetup({
  setup,
  onDone,
  onCancel,
}: {
  readonly setup: { secret: string; setupUri: string };
  readonly onDone: () => void;
  readonly onCancel: () => void;
}) {
  const form = useFormState<TTotpSetupField, TTotpSetupFormValues>(() => ({ code: '' }), TOTP_SETUP_FIELDS);
  const finish = useFinishTotpSetup();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const digits = form.validate(parseTotpSetupForm(form.values));
    if (digits === null) return;
    // The refusal is about the code (a wrong one, mostly), so it is said under the code.
    finish.mutate(digits, {
      onSuccess: onDone,
      onError: (failure) => form.setErrors({ code: mfaFailureMessage(failure) }),
    });
  }

  return (
    <form
      aria-label="Set up authenticator app"
      noValidate
      className="grid gap-4 rounded-md border p-4 sm:grid-cols-[auto_1fr]"
      onSubmit={onSubmit}
    >
      <div className="mx-auto rounded-md bg-white p-3">
        <QRCodeSVG value={setup.setupUri} size={160} title="QR code for your authenticator app" />
      </div>
      <div className="grid content-start gap-4">
        <div className="grid gap-1">
          <p className="text-xs text-muted-foreground">
            Scan the QR code, or type this setup key into the app
          </p>
          <code
            className="select-all break-all font-mono text-sm tracking-wider"
            data-testid="totp-setup-key"
          >
            {setup.secret}
          </code>
        </div>
        <FormField
          label="Code from the app"
          {...form.field('code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          disabled={finish.isPending}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={finish.isPending}>
            Turn on
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel} disabled={finish.isPending}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}

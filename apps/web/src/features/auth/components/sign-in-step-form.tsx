import { KeyRoundIcon, MailIcon } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { TMfaMethod, TSignInStep } from '@/lib/auth/auth-client';
import { AuthCard } from './auth-card';
import { FormError } from './form-message';
import { MFA_STRINGS, stepFailureOf } from './mfa-strings';
import { SubmitButton } from './submit-button';

export type TSignInStepFormProps = {
  readonly step: TSignInStep;
  readonly email: string;
  /** Sends the answer (a code, TOTP or EMAIL, or the address for codes); rejects when it was refused. */
  readonly onAnswer: (response: string) => Promise<unknown>;
  /** Back to the password form (another account, or an expired sign-in). */
  readonly onRestart: (notice?: string) => void;
};

/**
 * The second-factor screens of sign-in, one per step Amplify reports (issue 20 §4). Loaded only when a
 * sign-in needs one, with the QR code library, so the first visit to /login stays small.
 */
export default function SignInStepForm({ step, email, onAnswer, onRestart }: TSignInStepFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  async function answer(response: string) {
    setError(null);
    setIsPending(true);
    try {
      await onAnswer(response);
    } catch (failure) {
      const { message, isExpired } = stepFailureOf(failure);
      if (isExpired) onRestart(message);
      else setError(message);
    } finally {
      setIsPending(false);
    }
  }

  const footer = (
    <button
      type="button"
      className="underline-offset-4 hover:underline"
      onClick={() => onRestart()}
      disabled={isPending}
    >
      Sign in as someone else
    </button>
  );
  const errorBox = error ? (
    <FormError>
      <p>{error}</p>
    </FormError>
  ) : null;

  switch (step.type) {
    case 'totp-code':
      return (
        <AuthCard
          title="Two-step sign-in"
          description="Enter the 6-digit code your authenticator app shows for Loupe."
          footer={footer}
        >
          <CodeForm label="Authenticator code" error={errorBox} isPending={isPending} onCode={answer} />
        </AuthCard>
      );
    case 'email-code':
      return (
        <AuthCard
          title="Check your e-mail"
          description={`We sent a 6-digit code to ${step.destination ?? 'your e-mail address'}. It works for 3 minutes.`}
          footer={footer}
        >
          <CodeForm label="E-mailed code" error={errorBox} isPending={isPending} onCode={answer} />
        </AuthCard>
      );
    case 'choose-method':
    case 'choose-setup':
      return (
        <AuthCard
          title={step.type === 'choose-method' ? 'Choose how to confirm' : 'Set up two-step sign-in'}
          description={
            step.type === 'choose-method'
              ? 'Your account has more than one second step. Which one do you have at hand?'
              : 'Your role requires a second step when you sign in. Choose one to set up now.'
          }
          footer={footer}
        >
          <div className="grid gap-3">
            {errorBox}
            {step.methods.map((method) => (
              <MethodButton key={method} method={method} disabled={isPending} onChoose={answer} />
            ))}
          </div>
        </AuthCard>
      );
    case 'totp-setup':
      return (
        <AuthCard
          title="Set up your authenticator app"
          description="Scan the code with your authenticator app, or type the setup key into it, then enter the 6-digit code it shows."
          footer={footer}
        >
          <div className="grid gap-4">
            <div className="mx-auto rounded-md bg-white p-3">
              <QRCodeSVG value={step.setupUri} size={176} title="QR code for your authenticator app" />
            </div>
            <div className="grid gap-1 text-center">
              <p className="text-xs text-muted-foreground">Setup key</p>
              <code
                className="select-all break-all font-mono text-sm tracking-wider"
                data-testid="totp-setup-key"
              >
                {step.secret}
              </code>
            </div>
            <CodeForm label="Code from the app" error={errorBox} isPending={isPending} onCode={answer} />
          </div>
        </AuthCard>
      );
    case 'email-setup':
      return (
        <AuthCard
          title="Codes by e-mail"
          description={`Each time you sign in, a 6-digit code will be sent to ${email}.`}
          footer={footer}
        >
          <div className="grid gap-4">
            {errorBox}
            <Button className="w-full" disabled={isPending} onClick={() => void answer(email)}>
              Send me a code
            </Button>
          </div>
        </AuthCard>
      );
    default: {
      const exhaustive: never = step;
      return exhaustive;
    }
  }
}

function CodeForm({
  label,
  error,
  isPending,
  onCode,
}: {
  readonly label: string;
  readonly error: ReactNode;
  readonly isPending: boolean;
  readonly onCode: (code: string) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setFieldError('Enter the 6 digits');
      return;
    }
    setFieldError(undefined);
    void onCode(digits).then(() => setCode(''));
  }

  return (
    <form noValidate aria-label="Second step" className="grid gap-4" onSubmit={onSubmit}>
      {error}
      <FormField
        label={label}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldError}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        autoFocus
        disabled={isPending}
      />
      <SubmitButton isPending={isPending} pendingLabel="Checking…">
        Confirm
      </SubmitButton>
    </form>
  );
}

function MethodButton({
  method,
  disabled,
  onChoose,
}: {
  readonly method: TMfaMethod;
  readonly disabled: boolean;
  readonly onChoose: (method: TMfaMethod) => Promise<void>;
}) {
  const Icon = method === 'TOTP' ? KeyRoundIcon : MailIcon;
  return (
    <Button
      variant="outline"
      className="h-auto w-full justify-start gap-3 whitespace-normal py-3 text-left"
      disabled={disabled}
      onClick={() => void onChoose(method)}
    >
      <Icon aria-hidden="true" />
      <span className="grid gap-0.5">
        <span className="font-medium">{MFA_STRINGS.methodLabels[method]}</span>
        <span className="text-xs font-normal text-muted-foreground">{MFA_STRINGS.methodHints[method]}</span>
      </span>
    </Button>
  );
}

import { ZRegistrationSchema } from '@loupe/domain/users/user';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { parseWithSchema, useAuthForm } from '../hooks/use-auth-form';
import { AuthCard } from './auth-card';
import { EmailField } from './auth-fields';
import { fieldMessage } from './field-messages';
import { FormErrorMessage, FormNotice } from './form-message';
import { SubmitButton } from './submit-button';
import { TextLink } from './text-link';

export const ZVerifyEmailFormSchema = lazySchema(() =>
  z.object({
    email: ZRegistrationSchema.unwrap().shape.email,
    code: z.string().trim().min(1).max(32),
  }),
);
export type TVerifyEmailFormValues = z.output<typeof ZVerifyEmailFormSchema>;
const ZResendFormSchema = lazySchema(() => ZVerifyEmailFormSchema.unwrap().pick({ email: true }));

export type TVerifyEmailFormProps = {
  readonly defaultEmail?: string | undefined;
  /** A notice from the previous screen, e.g. the registration's answer. */
  readonly notice?: string | undefined;
  /** POST /auth/verify-email, then on to sign-in; rejects with an ApiError to show. */
  readonly onVerify: (input: TVerifyEmailFormValues) => Promise<void>;
  /** POST /auth/resend-verification; resolves with the server's message. */
  readonly onResend: (input: { email: string }) => Promise<string>;
};

export function VerifyEmailForm({ defaultEmail = '', notice, onVerify, onResend }: TVerifyEmailFormProps) {
  const form = useAuthForm({
    initialValues: { email: defaultEmail, code: '' },
    parse: (values) =>
      parseWithSchema<'email' | 'code', TVerifyEmailFormValues>(ZVerifyEmailFormSchema, values, fieldMessage),
    codeFields: { CODE_INVALID: 'code', CODE_EXPIRED: 'code' },
  });
  const [resendNotice, setResendNotice] = useState<string | null>(null);
  const [isResending, setIsResending] = useState(false);
  const shownNotice = resendNotice ?? notice;

  async function onResendClick(): Promise<void> {
    if (isResending) return;
    const parsed = parseWithSchema<'email', { email: string }>(
      ZResendFormSchema,
      { email: form.values.email },
      fieldMessage,
    );
    if (!parsed.ok) {
      form.showFieldErrors(parsed.errors);
      return;
    }
    setIsResending(true);
    setResendNotice(null);
    form.setFormError(null);
    try {
      setResendNotice(await onResend(parsed.output));
    } catch (error) {
      form.showError(error);
    } finally {
      setIsResending(false);
    }
  }

  return (
    <AuthCard
      title="Verify your e-mail"
      description="Enter the code we sent to your e-mail address."
      footer={<TextLink to={paths.login}>Back to login</TextLink>}
    >
      <form
        noValidate
        aria-label="Verify your e-mail"
        className="grid gap-4"
        onSubmit={form.onSubmit(async (values) => {
          await onVerify(values);
        })}
      >
        {shownNotice && !form.formError ? <FormNotice>{shownNotice}</FormNotice> : null}
        <FormErrorMessage error={form.formError} errorRef={form.formErrorRef} />
        <EmailField {...form.field('email')} />
        <FormField
          {...form.field('code')}
          label="Verification code"
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
        />
        <SubmitButton isPending={form.isSubmitting} pendingLabel="Verifying…">
          Verify e-mail
        </SubmitButton>
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={isResending}
          aria-busy={isResending || undefined}
          onClick={onResendClick}
        >
          {isResending ? (
            <>
              <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              Sending…
            </>
          ) : (
            'Send a new code'
          )}
        </Button>
      </form>
    </AuthCard>
  );
}

import { ZRegistrationSchema } from '@loupe/domain/users/user';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { paths } from '@/lib/paths';
import { parseWithSchema, useAuthForm } from '../hooks/use-auth-form';
import { AuthCard } from './auth-card';
import { EmailField } from './auth-fields';
import { fieldMessage } from './field-messages';
import { FormErrorMessage, FormNotice } from './form-message';
import { SubmitButton } from './submit-button';
import { TextLink } from './text-link';

export const ZForgotPasswordFormSchema = lazySchema(() =>
  z.object({ email: ZRegistrationSchema.unwrap().shape.email }),
);

export type TForgotPasswordFormProps = {
  readonly defaultEmail?: string | undefined;
  /** POST /auth/forgot-password; resolves with the server's message. */
  readonly onRequestReset: (input: { email: string }) => Promise<string>;
};

export function ForgotPasswordForm({ defaultEmail = '', onRequestReset }: TForgotPasswordFormProps) {
  const form = useAuthForm({
    initialValues: { email: defaultEmail },
    parse: (values) =>
      parseWithSchema<'email', { email: string }>(ZForgotPasswordFormSchema, values, fieldMessage),
  });
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const emailId = form.fieldId('email');
  const hasSent = sentMessage !== null;
  const wasSent = useRef(hasSent);

  // The form and the confirmation replace each other: move focus along so keyboard users keep their place.
  useEffect(() => {
    if (wasSent.current === hasSent) return;
    wasSent.current = hasSent;
    if (hasSent) sentRef.current?.focus();
    else document.getElementById(emailId)?.focus();
  }, [hasSent, emailId]);

  return (
    <AuthCard
      title="Reset your password"
      description="Enter your e-mail address and we will send you a link to choose a new password."
      footer={<TextLink to={paths.login}>Back to login</TextLink>}
    >
      {sentMessage ? (
        <div ref={sentRef} tabIndex={-1} className="grid gap-4 outline-none">
          <FormNotice>{sentMessage}</FormNotice>
          <p className="text-sm text-muted-foreground">
            No e-mail? Check your spam folder, or{' '}
            <button
              type="button"
              className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => setSentMessage(null)}
            >
              try again
            </button>
            .
          </p>
        </div>
      ) : (
        <form
          noValidate
          aria-label="Reset your password"
          className="grid gap-4"
          onSubmit={form.onSubmit(async (values) => {
            setSentMessage(await onRequestReset(values));
          })}
        >
          <FormErrorMessage error={form.formError} errorRef={form.formErrorRef} />
          <EmailField {...form.field('email')} />
          <SubmitButton isPending={form.isSubmitting} pendingLabel="Sending link…">
            Send reset link
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}

import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { ZRegistrationSchema } from '@loupe/domain/users/user';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { z } from 'zod';
import { FormField } from '@/components/form-field';
import { paths } from '@/lib/paths';
import { parseWithSchema, useAuthForm } from '../hooks/use-auth-form';
import { AuthCard } from './auth-card';
import { EmailField } from './auth-fields';
import { fieldMessage } from './field-messages';
import { FormErrorMessage, FormNotice } from './form-message';
import { SubmitButton } from './submit-button';
import { TextLink } from './text-link';

export const ZLoginFormSchema = lazySchema(() =>
  z.object({
    email: ZRegistrationSchema.unwrap().shape.email,
    // Taken as typed: a password may start or end with a space.
    password: z.string().min(1),
  }),
);
export type TLoginFormValues = z.output<typeof ZLoginFormSchema>;

export type TLoginFormProps = {
  /** The §4 sign-in; rejects with an Error whose message is the spec §8 text to show. */
  readonly onSignIn: (email: string, password: string) => Promise<unknown>;
  readonly defaultEmail?: string | undefined;
  /** A notice from the previous screen, e.g. after verifying the e-mail address. */
  readonly notice?: string | undefined;
};

export function verifyEmailHref(email: string): string {
  const trimmed = email.trim();
  return trimmed ? `${paths.verifyEmail}?email=${encodeURIComponent(trimmed)}` : paths.verifyEmail;
}

export function LoginForm({ onSignIn, defaultEmail = '', notice }: TLoginFormProps) {
  const form = useAuthForm({
    initialValues: { email: defaultEmail, password: '' },
    parse: (values) =>
      parseWithSchema<'email' | 'password', TLoginFormValues>(ZLoginFormSchema, values, fieldMessage),
  });
  const isUnverified = form.formError === ERROR_MESSAGES.emailNotVerified;

  return (
    <AuthCard
      title="Sign in"
      description="Sign in with your work e-mail address."
      footer={
        <p>
          New here? <TextLink to={paths.register}>Create an account</TextLink>
        </p>
      }
    >
      <form
        noValidate
        aria-label="Sign in"
        className="grid gap-4"
        onSubmit={form.onSubmit(async ({ email, password }) => {
          await onSignIn(email, password);
        })}
      >
        {notice && !form.formError ? <FormNotice>{notice}</FormNotice> : null}
        <FormErrorMessage error={form.formError} errorRef={form.formErrorRef}>
          {isUnverified ? (
            <TextLink to={verifyEmailHref(form.values.email)}>Verify your e-mail address</TextLink>
          ) : null}
        </FormErrorMessage>
        <EmailField {...form.field('email')} autoComplete="username" />
        <FormField
          {...form.field('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <div className="-mt-2 text-right text-sm">
          <TextLink to={paths.forgotPassword}>Forgot your password?</TextLink>
        </div>
        <SubmitButton isPending={form.isSubmitting} pendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

import { ZPasswordSchema } from '@loupe/domain/users/user';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { z } from 'zod';
import { paths } from '@/lib/paths';
import { parseWithSchema, useAuthForm } from '../hooks/use-auth-form';
import { AuthCard } from './auth-card';
import { NewPasswordFields } from './auth-fields';
import { FIELD_MESSAGES, fieldMessage } from './field-messages';
import { FormError, FormErrorMessage } from './form-message';
import { SubmitButton } from './submit-button';
import { TextLink } from './text-link';

type TResetField = 'newPassword' | 'confirmPassword';

export const ZResetPasswordFormSchema = lazySchema(() =>
  z
    .object({ newPassword: ZPasswordSchema, confirmPassword: z.string() })
    .refine((values) => values.newPassword === values.confirmPassword, {
      path: ['confirmPassword'],
      message: FIELD_MESSAGES.passwordsDiffer,
    }),
);
export type TResetPasswordFormValues = z.output<typeof ZResetPasswordFormSchema>;

export const MISSING_TOKEN_MESSAGE =
  'This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.';

export type TResetPasswordFormProps = {
  /** The token of the mailed link (?token=); null when the link lost it. */
  readonly token: string | null;
  /** POST /auth/reset-password, then on to sign-in; rejects with an ApiError to show. */
  readonly onReset: (input: { token: string; newPassword: string }) => Promise<void>;
};

export function ResetPasswordForm({ token, onReset }: TResetPasswordFormProps) {
  const form = useAuthForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    parse: (values) =>
      parseWithSchema<TResetField, TResetPasswordFormValues>(ZResetPasswordFormSchema, values, fieldMessage),
    codeFields: { PASSWORD_TOO_COMMON: 'newPassword', PASSWORD_INVALID: 'newPassword' },
  });

  return (
    <AuthCard
      title="Choose a new password"
      description="Every session of your account is signed out once the password changes."
      footer={
        <>
          <TextLink to={paths.forgotPassword}>Ask for a new link</TextLink>
          <TextLink to={paths.login}>Back to login</TextLink>
        </>
      }
    >
      {token ? (
        <form
          noValidate
          aria-label="Choose a new password"
          className="grid gap-4"
          onSubmit={form.onSubmit(async ({ newPassword }) => {
            await onReset({ token, newPassword });
          })}
        >
          <FormErrorMessage error={form.formError} errorRef={form.formErrorRef} />
          <NewPasswordFields
            password={form.field('newPassword')}
            confirmation={form.field('confirmPassword')}
            label="New password"
            confirmLabel="Confirm new password"
          />
          <SubmitButton isPending={form.isSubmitting} pendingLabel="Saving…">
            Reset password
          </SubmitButton>
        </form>
      ) : (
        <FormError>
          <p>{MISSING_TOKEN_MESSAGE}</p>
        </FormError>
      )}
    </AuthCard>
  );
}

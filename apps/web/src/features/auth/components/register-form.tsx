import { type TRegistration, ZRegistrationSchema } from '@loupe/domain/users/user';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { z } from 'zod';
import { FormField } from '@/components/form-field';
import { paths } from '@/lib/paths';
import { parseWithSchema, type TFormValues, useAuthForm } from '../hooks/use-auth-form';
import { AuthCard } from './auth-card';
import { EmailField, NewPasswordFields } from './auth-fields';
import { FIELD_MESSAGES, fieldMessage } from './field-messages';
import { FormErrorMessage } from './form-message';
import { SubmitButton } from './submit-button';
import { TextLink } from './text-link';

type TRegisterField = 'name' | 'email' | 'phone' | 'password' | 'confirmPassword';

/** The domain's registration rules plus the confirmation only the form needs. No role: the server decides. */
export const ZRegisterFormSchema = lazySchema(() =>
  ZRegistrationSchema.unwrap()
    .pick({
      name: true,
      email: true,
      phone: true,
      password: true,
    })
    .extend({ confirmPassword: z.string() })
    .refine((values) => values.password === values.confirmPassword, {
      path: ['confirmPassword'],
      message: FIELD_MESSAGES.passwordsDiffer,
    }),
);

export function parseRegisterForm(values: TFormValues<TRegisterField>) {
  // An empty phone is no phone, not an empty one.
  const input = { ...values, phone: values.phone.trim() === '' ? undefined : values.phone };
  return parseWithSchema<TRegisterField, z.output<typeof ZRegisterFormSchema>>(
    ZRegisterFormSchema,
    input,
    fieldMessage,
  );
}

export type TRegisterFormProps = {
  /** POST /auth/register, then on to verification; rejects with an ApiError to show. */
  readonly onRegister: (registration: TRegistration) => Promise<void>;
};

export function RegisterForm({ onRegister }: TRegisterFormProps) {
  const form = useAuthForm({
    initialValues: { name: '', email: '', phone: '', password: '', confirmPassword: '' },
    parse: parseRegisterForm,
    codeFields: { CONFLICT: 'email', PASSWORD_TOO_COMMON: 'password', PASSWORD_INVALID: 'password' },
  });

  return (
    <AuthCard
      title="Create an account"
      description="We will send a code to your e-mail address to verify it."
      footer={<TextLink to={paths.login}>Back to login</TextLink>}
    >
      <form
        noValidate
        aria-label="Create an account"
        className="grid gap-4"
        onSubmit={form.onSubmit(async ({ confirmPassword: _confirmation, ...registration }) => {
          await onRegister(registration);
        })}
      >
        <FormErrorMessage error={form.formError} errorRef={form.formErrorRef} />
        <FormField {...form.field('name')} label="Full name" autoComplete="name" />
        <EmailField {...form.field('email')} />
        <FormField {...form.field('phone')} label="Phone (optional)" type="tel" autoComplete="tel" />
        <NewPasswordFields
          password={form.field('password')}
          confirmation={form.field('confirmPassword')}
          label="Password"
          confirmLabel="Confirm password"
        />
        <SubmitButton isPending={form.isSubmitting} pendingLabel="Creating account…">
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

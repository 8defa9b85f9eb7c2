import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';
import { type TCurrentUser, useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { ChangePasswordForm } from './change-password-form';
import { MyWorkingHours } from './my-working-hours';
import { TwoStepSignIn } from './two-step-sign-in';

const NAME_MAX = 100;
const PHONE_MAX = 32;

type TProfileField = 'firstName' | 'lastName' | 'phone';

/** Settings › profile, for everyone: one's own names and phone, a new password and two-step sign-in. */
export function ProfileSection() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <ProfileForm key={`${user.firstName}\u0000${user.lastName}\u0000${user.phone ?? ''}`} user={user} />
      <ChangePasswordForm />
      <TwoStepSignIn email={user.email} />
      <MyWorkingHours userId={user.id} />
    </div>
  );
}

function ProfileForm({ user }: { user: TCurrentUser }) {
  const [values, setValues] = useState<Record<TProfileField, string>>({
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<TProfileField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useUpdateProfile();

  function setValue(field: TProfileField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const firstName = values.firstName.trim();
    if (firstName === '') {
      setErrors({ firstName: 'Enter your first name' });
      return;
    }
    mutation.mutate(
      { firstName, lastName: values.lastName.trim(), phone: values.phone.trim() || null },
      {
        onSuccess: () => toast({ title: 'Profile saved' }),
        onError: (error) => {
          const fieldErrors: Partial<Record<TProfileField, string>> = {};
          for (const issue of fieldIssuesOf(error)) {
            if (issue.field === 'firstName' || issue.field === 'lastName' || issue.field === 'phone') {
              fieldErrors[issue.field] ??= issue.message;
            }
          }
          setErrors(fieldErrors);
          if (Object.keys(fieldErrors).length === 0) {
            setFormError(errorMessageOf(error, ERROR_MESSAGES.updateProfileFailed));
          }
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your profile</CardTitle>
        <CardDescription>
          Signed in as {user.email}. Your role and e-mail address are changed by an administrator.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-6 sm:grid-cols-2" onSubmit={onSubmit} noValidate aria-label="Profile">
          <FormField
            label="First name"
            autoComplete="given-name"
            maxLength={NAME_MAX}
            value={values.firstName}
            onChange={(event) => setValue('firstName', event.target.value)}
            error={errors.firstName}
            disabled={mutation.isPending}
            required
          />
          <FormField
            label="Last name"
            autoComplete="family-name"
            maxLength={NAME_MAX}
            value={values.lastName}
            onChange={(event) => setValue('lastName', event.target.value)}
            error={errors.lastName}
            disabled={mutation.isPending}
          />
          <FormField
            label="Phone"
            type="tel"
            autoComplete="tel"
            maxLength={PHONE_MAX}
            value={values.phone}
            onChange={(event) => setValue('phone', event.target.value)}
            error={errors.phone}
            disabled={mutation.isPending}
            className="sm:col-span-2"
          />
          <FormActions
            formError={formError}
            isPending={mutation.isPending}
            submitLabel="Save profile"
            className="sm:col-span-2"
          />
        </form>
      </CardContent>
    </Card>
  );
}

import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { useFormState } from '@/components/forms/use-form-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type TCurrentUser, useAuth } from '@/lib/auth/auth-context';
import { useLocations } from '@/lib/registry-api/get-locations';
import { locationNameOf } from '@/lib/registry-api/location-names';
import { toast } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { ChangePasswordForm } from './change-password-form';
import { MyWorkingHours } from './my-working-hours';
import { TwoStepSignIn } from './two-step-sign-in';

const NAME_MAX = 100;
const PHONE_MAX = 32;

const PROFILE_FIELDS = ['firstName', 'lastName', 'phone'] as const;
type TProfileField = (typeof PROFILE_FIELDS)[number];

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
  const form = useFormState<TProfileField, Record<TProfileField, string>>(
    () => ({ firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' }),
    PROFILE_FIELDS,
    { failureMessage: ERROR_MESSAGES.updateProfileFailed },
  );
  const { values, formError } = form;
  const mutation = useUpdateProfile();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const firstName = values.firstName.trim();
    if (firstName === '') {
      form.setErrors({ firstName: 'Enter your first name' });
      return;
    }
    mutation.mutate(
      { firstName, lastName: values.lastName.trim(), phone: values.phone.trim() || null },
      { onSuccess: () => toast({ title: 'Profile saved' }), onError: form.showServerError },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your profile</CardTitle>
        <CardDescription>
          Signed in as {user.email}. Your role, home location and e-mail address are changed by an
          administrator.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <HomeLocation homeLocationId={user.homeLocationId ?? null} />
        <form className="grid gap-6 sm:grid-cols-2" onSubmit={onSubmit} noValidate aria-label="Profile">
          <FormField
            label="First name"
            autoComplete="given-name"
            maxLength={NAME_MAX}
            {...form.field('firstName')}
            disabled={mutation.isPending}
            required
          />
          <FormField
            label="Last name"
            autoComplete="family-name"
            maxLength={NAME_MAX}
            {...form.field('lastName')}
            disabled={mutation.isPending}
          />
          <FormField
            label="Phone"
            type="tel"
            autoComplete="tel"
            maxLength={PHONE_MAX}
            {...form.field('phone')}
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

/** Where one works (issue 39): one's order and repair lists start filtered to it. */
function HomeLocation({ homeLocationId }: { homeLocationId: string | null }) {
  const locations = useLocations({ enabled: homeLocationId !== null });
  return (
    <dl className="grid gap-1 text-sm">
      <dt className="font-medium">Home location</dt>
      <dd className="text-muted-foreground">
        {homeLocationId === null
          ? 'All locations: your lists show every location.'
          : `${locationNameOf(locations.data?.items, homeLocationId)}: your order and repair lists start there.`}
      </dd>
    </dl>
  );
}

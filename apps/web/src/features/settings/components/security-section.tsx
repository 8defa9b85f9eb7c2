import { ROLE_LABELS } from '@loupe/domain/auth/role-labels';
import { ROLES } from '@loupe/domain/auth/roles';
import { SECURITY_LIMITS, type TSecuritySettings } from '@loupe/domain/settings/security-settings';
import type { FormEvent } from 'react';
import { FormActions } from '@/components/forms/form-actions';
import { useFormState } from '@/components/forms/use-form-state';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { SwitchField } from '@/components/switch-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { WholeNumberField } from '@/components/whole-number-field';
import { toast } from '@/lib/toast';
import { useSecuritySettings } from '../api/get-security-settings';
import { useUpdateSecuritySettings } from '../api/update-security-settings';
import {
  parseSecuritySettingsForm,
  SECURITY_SETTINGS_FIELDS,
  type TLifetimeField,
  type TSecuritySettingsField,
  type TSecuritySettingsFormValues,
  toSecurityFormValues,
  withRole,
} from './security-settings-form-model';

/** Settings › security (admin only): self-registration, session lifetimes and the roles that must use MFA. */
export function SecuritySection() {
  const query = useSecuritySettings();
  if (query.isPending) return <SectionLoading label="Loading security settings" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <SecuritySettingsForm key={JSON.stringify(query.data)} saved={query.data} />;
}

function SecuritySettingsForm({ saved }: { saved: TSecuritySettings }) {
  const form = useFormState<TSecuritySettingsField, TSecuritySettingsFormValues>(
    () => toSecurityFormValues(saved),
    SECURITY_SETTINGS_FIELDS,
  );
  const { values, errors, formError, setValue } = form;
  const mutation = useUpdateSecuritySettings();

  /** A whole-number input for one lifetime, within its bounds. */
  function lifetimeField(field: TLifetimeField) {
    return {
      min: SECURITY_LIMITS[field].min,
      max: SECURITY_LIMITS[field].max,
      ...form.field(field),
      disabled: mutation.isPending,
      required: true,
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const changes = form.validate(parseSecuritySettingsForm(values));
    if (changes === null) return;
    mutation.mutate(changes, {
      onSuccess: () => toast({ title: 'Security settings saved' }),
      onError: form.showServerError,
    });
  }

  return (
    <form className="flex flex-col gap-6" onSubmit={onSubmit} noValidate aria-label="Security settings">
      <Card>
        <CardHeader>
          <CardTitle>Registration</CardTitle>
          <CardDescription>
            Whether people can create their own account from the sign-in screen.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SwitchField
            label="Self-registration"
            description="New accounts get the least privileged role; an administrator grants any other."
            checked={values.selfRegistration}
            onCheckedChange={(checked) => setValue('selfRegistration', checked)}
            disabled={mutation.isPending}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Sessions</CardTitle>
          <CardDescription>
            How long a sign-in lasts. Changes apply to tokens issued from now on.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <WholeNumberField
            label="Access-token lifetime (minutes)"
            hint="How long a token is good for before the app silently renews it."
            {...lifetimeField('accessTokenMinutes')}
          />
          <WholeNumberField
            label="Sign-in lifetime (days)"
            hint="After this long (the refresh-token lifetime) everyone signs in again."
            {...lifetimeField('refreshTokenDays')}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Two-step sign-in</CardTitle>
          <CardDescription>
            People in these roles confirm each sign-in with a code from an authenticator app or by e-mail.
            Whoever has not set one up yet is asked to at their next sign-in.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="sr-only">Roles that must use two-step sign-in</legend>
            {ROLES.map((role) => {
              const id = `mfa-required-${role}`;
              return (
                <div key={role} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={values.mfaRequiredRoles.includes(role)}
                    disabled={mutation.isPending}
                    onCheckedChange={(checked) =>
                      setValue('mfaRequiredRoles', withRole(values.mfaRequiredRoles, role, checked === true))
                    }
                  />
                  <Label htmlFor={id}>{ROLE_LABELS[role]}</Label>
                </div>
              );
            })}
            {errors.mfaRequiredRoles ? (
              <p className="text-sm text-destructive sm:col-span-2">{errors.mfaRequiredRoles}</p>
            ) : null}
          </fieldset>
        </CardContent>
      </Card>
      <FormActions formError={formError} isPending={mutation.isPending} submitLabel="Save changes" />
    </form>
  );
}

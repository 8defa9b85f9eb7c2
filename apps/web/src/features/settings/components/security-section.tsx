import { ROLE_LABELS } from '@loupe/domain/auth/role-labels';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { type TSecuritySettings, ZSecuritySettingsSchema } from '@loupe/domain/settings/security-settings';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { SwitchField } from '@/components/switch-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useSecuritySettings } from '../api/get-security-settings';
import { useUpdateSecuritySettings } from '../api/update-security-settings';

const { shape } = ZSecuritySettingsSchema;
const LIFETIMES = {
  accessTokenMinutes: { schema: shape.accessTokenMinutes.unwrap(), unit: 'minutes', min: 5, max: 1440 },
  refreshTokenDays: { schema: shape.refreshTokenDays.unwrap(), unit: 'days', min: 1, max: 365 },
} as const;
type TLifetimeField = keyof typeof LIFETIMES;

/** Settings › security (admin only): self-registration, session lifetimes and the roles that must use MFA. */
export function SecuritySection() {
  const query = useSecuritySettings();
  if (query.isPending) return <SectionLoading label="Loading security settings" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <SecuritySettingsForm key={JSON.stringify(query.data)} saved={query.data} />;
}

function SecuritySettingsForm({ saved }: { saved: TSecuritySettings }) {
  const [selfRegistration, setSelfRegistration] = useState(saved.selfRegistration);
  const [mfaRequiredRoles, setMfaRequiredRoles] = useState<readonly TRole[]>(saved.mfaRequiredRoles);
  const [lifetimes, setLifetimes] = useState<Record<TLifetimeField, string>>({
    accessTokenMinutes: String(saved.accessTokenMinutes),
    refreshTokenDays: String(saved.refreshTokenDays),
  });
  const [errors, setErrors] = useState<Partial<Record<TLifetimeField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useUpdateSecuritySettings();

  /** A whole-number input for one lifetime, within its bounds. */
  function lifetimeField(field: TLifetimeField) {
    return {
      type: 'number',
      inputMode: 'numeric' as const,
      min: LIFETIMES[field].min,
      max: LIFETIMES[field].max,
      step: 1,
      value: lifetimes[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        setLifetimes((current) => ({ ...current, [field]: event.target.value })),
      error: errors[field],
      disabled: mutation.isPending,
      required: true,
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const next: Partial<Record<TLifetimeField, string>> = {};
    const values: Partial<Record<TLifetimeField, number>> = {};
    for (const field of Object.keys(LIFETIMES) as TLifetimeField[]) {
      const { schema, unit, min, max } = LIFETIMES[field];
      const text = lifetimes[field].trim();
      const parsed = schema.safeParse(text === '' ? Number.NaN : Number(text));
      if (parsed.success) values[field] = parsed.data;
      else next[field] = `Enter whole ${unit} from ${min} to ${max}`;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate(
      { selfRegistration, mfaRequiredRoles: [...mfaRequiredRoles], ...values },
      {
        onSuccess: () => toast({ title: 'Security settings saved' }),
        onError: (error) => {
          const issues = fieldIssuesOf(error);
          const fieldErrors = Object.fromEntries(
            issues
              .filter((issue) => Object.hasOwn(LIFETIMES, issue.field))
              .map((issue) => [issue.field, issue.message]),
          );
          setErrors(fieldErrors);
          if (Object.keys(fieldErrors).length === 0)
            setFormError(errorMessageOf(error, ERROR_MESSAGES.generic));
        },
      },
    );
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
            checked={selfRegistration}
            onCheckedChange={setSelfRegistration}
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
          <FormField
            label="Access-token lifetime (minutes)"
            hint="How long a token is good for before the app silently renews it."
            {...lifetimeField('accessTokenMinutes')}
          />
          <FormField
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
                    checked={mfaRequiredRoles.includes(role)}
                    disabled={mutation.isPending}
                    onCheckedChange={(checked) =>
                      setMfaRequiredRoles((current) =>
                        checked === true
                          ? ROLES.filter((each) => each === role || current.includes(each))
                          : current.filter((each) => each !== role),
                      )
                    }
                  />
                  <Label htmlFor={id}>{ROLE_LABELS[role]}</Label>
                </div>
              );
            })}
          </fieldset>
        </CardContent>
      </Card>
      <FormActions formError={formError} isPending={mutation.isPending} submitLabel="Save changes" />
    </form>
  );
}

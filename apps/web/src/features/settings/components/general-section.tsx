import { BRANDING_LIMITS } from '@loupe/domain/settings/branding-settings';
import { GENERAL_SETTINGS_LIMITS } from '@loupe/domain/settings/general-settings';
import { canAccessSettingsSection } from '@loupe/domain/settings/sections';
import { SHOP_CONTACT_LIMITS } from '@loupe/domain/settings/shop-contact';
import {
  NIGHTLY_BACKUP_KEEP_MAX,
  type TWorkshopGeneralSettings,
} from '@loupe/domain/settings/workshop-general-settings';
import type { FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { useFormState } from '@/components/forms/use-form-state';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { SelectField } from '@/components/select-field';
import { SwitchField } from '@/components/switch-field';
import { TextareaField } from '@/components/textarea-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { WholeNumberField } from '@/components/whole-number-field';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCalendarDate, workshopFormat } from '@/lib/date-format';
import { formatCents, formatDecimal } from '@/lib/number-format';
import { toast } from '@/lib/toast';
import { useGeneralSettings } from '../api/get-general-settings';
import { useUpdateGeneralSettings } from '../api/update-general-settings';
import { BackupsCard } from './backups-card';
import {
  GENERAL_SETTINGS_FIELDS,
  localeOptions,
  parseGeneralSettingsForm,
  type TGeneralSettingsField,
  type TGeneralSettingsFormValues,
  toFormValues,
} from './general-settings-form-model';
import { WorkingHours } from './working-hours';

/** Settings › general: the workshop's offsite rules (spec §3, §9) and the branding of the shell. */
/** Settings › general as the shell mounts it: editable by whoever may open the section. */
export function GeneralSettingsSection() {
  const { user } = useAuth();
  return <GeneralSection canEdit={canAccessSettingsSection(user, 'general')} />;
}

export function GeneralSection({ canEdit }: { canEdit: boolean }) {
  const query = useGeneralSettings();
  if (query.isPending) return <SectionLoading label="Loading general settings" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="grid gap-8">
      {/* Keyed by the stored value, so the form starts over from what the server holds after each save. */}
      <GeneralSettingsForm key={JSON.stringify(query.data)} saved={query.data} canEdit={canEdit} />
      <WorkingHours canEdit={canEdit} />
      <BackupsCard canEdit={canEdit} />
    </div>
  );
}

const BRANDING_KEYS = ['companyName', 'tagline', 'logoUrl'] as const;

export function GeneralSettingsForm({
  saved,
  canEdit,
}: {
  saved: TWorkshopGeneralSettings;
  canEdit: boolean;
}) {
  const form = useFormState<TGeneralSettingsField, TGeneralSettingsFormValues>(
    () => toFormValues(saved),
    GENERAL_SETTINGS_FIELDS,
  );
  const { values, errors, formError, setValue } = form;
  const mutation = useUpdateGeneralSettings();
  const isReadOnly = !canEdit;
  const isDisabled = isReadOnly || mutation.isPending;
  // What the chosen locale looks like, before it is saved.
  const sample = { locale: values.locale, timeZone: workshopFormat().timeZone };
  const localeSample = `${formatCalendarDate('2026-03-08', sample)} · ${formatDecimal(1234.5, {}, sample)} · ${formatCents(125000, sample)}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isReadOnly) return;
    form.setFormError(null);
    const changes = form.validate(parseGeneralSettingsForm(values, saved));
    if (changes === null) return;
    const brandingChanged = BRANDING_KEYS.some((key) => key in changes);
    mutation.mutate(changes, {
      onSuccess: () =>
        toast({
          title: 'General settings saved',
          // The shell reads its branding once, when the page loads (GET /api/config).
          ...(brandingChanged ? { description: 'Reload the page to see the new branding.' } : {}),
        }),
      onError: form.showServerError,
    });
  }

  const minutesField = (
    field: 'offsiteTimeout' | 'expectedOffsiteGracePeriod' | 'offsiteCheckInterval',
    label: string,
    hint: string,
  ) => (
    <WholeNumberField
      label={label}
      hint={hint}
      max={GENERAL_SETTINGS_LIMITS[field]}
      {...form.field(field)}
      disabled={isDisabled}
      required
    />
  );

  return (
    <form className="flex flex-col gap-6" onSubmit={onSubmit} noValidate aria-label="General settings">
      {isReadOnly ? (
        <Alert role="status">
          <AlertDescription>Only an administrator or a manager can change these settings.</AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Offsite detection</CardTitle>
          <CardDescription>
            When a tracked item counts as out of the building. These rules apply to the whole workshop.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          {minutesField(
            'offsiteTimeout',
            'Offsite timeout (minutes)',
            'An item unseen for longer than this is marked offsite.',
          )}
          {minutesField(
            'expectedOffsiteGracePeriod',
            'Expected offsite grace period (minutes)',
            'Used instead of the timeout for items flagged as expected offsite.',
          )}
          {minutesField(
            'offsiteCheckInterval',
            'Offsite check interval (minutes)',
            'How often the check runs while automatic detection is on.',
          )}
          <div className="sm:col-span-2">
            <SwitchField
              label="Automatic offsite detection"
              description="Mark items offsite on their own when the timeout passes."
              checked={values.autoOffsiteDetection}
              onCheckedChange={(checked) => setValue('autoOffsiteDetection', checked)}
              disabled={isDisabled}
            />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Dates and numbers</CardTitle>
          <CardDescription>
            How every screen, export and printed page writes dates and figures: day and month order, decimal
            mark, thousands separator. Times are in the time zone of the working hours below.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <SelectField
            label="Locale"
            hint={`Reads like: ${localeSample}`}
            value={values.locale}
            onValueChange={(value) => setValue('locale', value)}
            options={localeOptions(saved.locale ?? values.locale)}
            error={errors.locale}
            disabled={isDisabled}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Branding</CardTitle>
          <CardDescription>
            Shown in the sidebar and on the sign-in screens. Leave a field empty to use the installation's
            default.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <FormField
            label="Company name"
            maxLength={BRANDING_LIMITS.companyName}
            {...form.field('companyName')}
            disabled={isDisabled}
            placeholder="Installation default"
          />
          <FormField
            label="Tagline"
            maxLength={BRANDING_LIMITS.tagline}
            {...form.field('tagline')}
            disabled={isDisabled}
            placeholder="Installation default"
          />
          <FormField
            label="Logo URL"
            hint="An https:// address of a public site, or a path on this server such as /logo.svg."
            type="url"
            maxLength={BRANDING_LIMITS.logoUrl}
            {...form.field('logoUrl')}
            disabled={isDisabled}
            placeholder="Installation default"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Shop contact</CardTitle>
          <CardDescription>
            Shown to customers on their job's tracking page and usable in customer messages. Leave a field
            empty to leave it out.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <FormField
            label="Shop phone"
            type="tel"
            maxLength={SHOP_CONTACT_LIMITS.phone}
            {...form.field('shopPhone')}
            disabled={isDisabled}
            placeholder="Not shown"
          />
          <FormField
            label="Shop e-mail"
            type="email"
            maxLength={SHOP_CONTACT_LIMITS.email}
            {...form.field('shopEmail')}
            disabled={isDisabled}
            placeholder="Not shown"
          />
          <TextareaField
            className="sm:col-span-2"
            label="Shop address (one line per line)"
            rows={3}
            value={values.shopAddressLines}
            onValueChange={(value) => setValue('shopAddressLines', value)}
            error={errors.shopAddressLines}
            disabled={isDisabled}
            placeholder="Not shown"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Nightly backup</CardTitle>
          <CardDescription>
            A backup of the database and uploads every night, on the Loupe server (docs/deployment.md).
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <FormField
            label="Nightly backups to keep"
            hint="0: no nightly backup. The oldest beyond this number are deleted."
            type="number"
            inputMode="numeric"
            min={0}
            max={NIGHTLY_BACKUP_KEEP_MAX}
            step={1}
            {...form.field('nightlyBackupKeep')}
            disabled={isDisabled}
          />
        </CardContent>
      </Card>
      {isReadOnly ? (
        <FormErrorAlert message={formError} />
      ) : (
        <FormActions formError={formError} isPending={mutation.isPending} submitLabel="Save changes" />
      )}
    </form>
  );
}

import { isAdmin } from '@loupe/domain/auth/permissions';
import {
  STILL_WAITING_DAYS,
  type TCustomerMessageSettings,
  ZCustomerMessageSettingsChangesSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { isSameDestination } from '@loupe/domain/validation/provider-secret';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { SelectField } from '@/components/select-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { useUpdateCustomerMessageSettings } from '../api/update-customer-message-settings';
import {
  changesOf,
  SEND_MODE_OPTIONS,
  type TCustomerMessageFormValues,
  toFormValues,
} from './customer-message-settings-model';
import { SmsSenderCard } from './sms-sender-card';
import { TemplatesCard } from './templates-card';

/** The templates, the sending mode and the SMS sender, saved together (only what changed is sent). */
export function CustomerMessageSettingsForm({ saved }: { saved: TCustomerMessageSettings }) {
  const [values, setValues] = useState<TCustomerMessageFormValues>(() => toFormValues(saved));
  // The SMS provider is an admin's (issue 34 §2): managers see it, and keep the templates and sending.
  const canChangeProvider = isAdmin(useAuth().user);
  // The stored token was entered for the saved address: a new address needs its own (SECRET_REQUIRED).
  const needsTokenAgain =
    saved.sms.isAuthTokenSet &&
    !values.clearAuthToken &&
    values.authToken.trim() === '' &&
    !isSameDestination(values.baseUrl, saved.sms.baseUrl);
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useUpdateCustomerMessageSettings();

  function set<K extends keyof TCustomerMessageFormValues>(field: K, value: TCustomerMessageFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setFormError(null);
  }

  function onSubmit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    const changes = changesOf(values, saved);
    const parsed = ZCustomerMessageSettingsChangesSchema.safeParse(changes);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join(' › ') ?? '';
      setFormError(`${where ? `${where}: ` : ''}${issue?.message ?? ERROR_MESSAGES.generic}`);
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Customer message settings saved' }),
      onError: (error) => {
        const issue = fieldIssuesOf(error)[0];
        setFormError(
          issue ? `${issue.field}: ${issue.message}` : errorMessageOf(error, ERROR_MESSAGES.generic),
        );
      },
    });
  }

  return (
    <form className="grid gap-6" onSubmit={onSubmit} noValidate aria-label="Customer message settings">
      <Card>
        <CardHeader>
          <CardTitle>Sending</CardTitle>
          <CardDescription>
            Messages go only to customers who agreed to be contacted by SMS or e-mail (their contact
            preferences).
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <SelectField
            label="When a job moves"
            value={values.sendMode}
            onValueChange={(value) => set('sendMode', value === 'automatic' ? 'automatic' : 'ask')}
            options={SEND_MODE_OPTIONS}
          />
          <FormField
            label="Still waiting after (days)"
            hint='Automatic mode: a job quiet this long gets the "Still waiting" message.'
            type="number"
            inputMode="numeric"
            min={STILL_WAITING_DAYS.min}
            max={STILL_WAITING_DAYS.max}
            value={values.stillWaitingDays}
            onChange={(change) => set('stillWaitingDays', change.target.value)}
          />
        </CardContent>
      </Card>

      <TemplatesCard
        templates={values.templates}
        onTemplateChange={(event, changes) => {
          setValues((current) => ({
            ...current,
            templates: { ...current.templates, [event]: { ...current.templates[event], ...changes } },
          }));
          setFormError(null);
        }}
      />

      <SmsSenderCard
        values={values}
        saved={saved}
        set={set}
        canChangeProvider={canChangeProvider}
        needsTokenAgain={needsTokenAgain}
      />
      <FormActions formError={formError} isPending={mutation.isPending} submitLabel="Save changes" />
    </form>
  );
}

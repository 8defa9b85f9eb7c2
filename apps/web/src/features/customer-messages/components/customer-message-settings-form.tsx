import { isAdmin } from '@loupe/domain/auth/permissions';
import {
  STILL_WAITING_DAYS,
  type TCustomerMessageSettings,
} from '@loupe/domain/customer-messages/customer-messages';
import type { FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { useFormState } from '@/components/forms/use-form-state';
import { SelectField } from '@/components/select-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { useUpdateCustomerMessageSettings } from '../api/update-customer-message-settings';
import {
  CUSTOMER_MESSAGE_FIELDS,
  CUSTOMER_MESSAGE_SERVER_FIELDS,
  needsTokenAgain,
  parseCustomerMessageForm,
  SEND_MODE_OPTIONS,
  type TCustomerMessageField,
  type TCustomerMessageFormValues,
  toFormValues,
} from './customer-message-settings-model';
import { SmsSenderCard } from './sms-sender-card';
import { TemplatesCard } from './templates-card';

/** The templates, the sending mode and the SMS sender, saved together (only what changed is sent). */
export function CustomerMessageSettingsForm({ saved }: { saved: TCustomerMessageSettings }) {
  const form = useFormState<TCustomerMessageField, TCustomerMessageFormValues>(
    () => toFormValues(saved),
    CUSTOMER_MESSAGE_FIELDS,
    { serverFields: CUSTOMER_MESSAGE_SERVER_FIELDS },
  );
  const { values, errors, formError } = form;
  // The SMS provider is an admin's (issue 34 §2): managers see it, and keep the templates and sending.
  const canChangeProvider = isAdmin(useAuth().user);
  const mutation = useUpdateCustomerMessageSettings();

  function set<K extends TCustomerMessageField>(field: K, value: TCustomerMessageFormValues[K]) {
    form.setValue(field, value);
    form.setFormError(null);
  }

  function onSubmit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    form.setFormError(null);
    const changes = form.validate(parseCustomerMessageForm(values, saved));
    if (changes === null) return;
    mutation.mutate(changes, {
      onSuccess: () => toast({ title: 'Customer message settings saved' }),
      onError: form.showServerError,
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
            error={errors.stillWaitingDays}
          />
        </CardContent>
      </Card>

      <TemplatesCard
        templates={values.templates}
        onTemplateChange={(event, changes) =>
          set('templates', { ...values.templates, [event]: { ...values.templates[event], ...changes } })
        }
        error={errors.templates}
      />

      <SmsSenderCard
        values={values}
        saved={saved}
        set={set}
        errors={errors}
        canChangeProvider={canChangeProvider}
        needsTokenAgain={needsTokenAgain(values, saved)}
      />
      <FormActions formError={formError} isPending={mutation.isPending} submitLabel="Save changes" />
    </form>
  );
}

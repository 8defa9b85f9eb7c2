import { isAdmin } from '@loupe/domain/auth/permissions';
import {
  CUSTOMER_MESSAGE_EVENT_LABELS,
  CUSTOMER_MESSAGE_EVENTS,
  PLACEHOLDER_DESCRIPTIONS,
  PLACEHOLDERS,
  STILL_WAITING_DAYS,
  type TCustomerMessageEvent,
  type TCustomerMessageSettings,
  type TCustomerMessageSettingsChanges,
  type TCustomerMessageTemplate,
  TEMPLATE_LIMITS,
  unknownPlaceholders,
  ZCustomerMessageSettingsChangesSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { isSameDestination, SECRET_REQUIRED_MESSAGE } from '@loupe/domain/validation/provider-secret';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { PrivateNetworkOptIn } from '@/components/private-network-opt-in';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { SelectField } from '@/components/select-field';
import { SwitchField } from '@/components/switch-field';
import { TextareaField } from '@/components/textarea-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import {
  useCustomerMessageSettings,
  useUpdateCustomerMessageSettings,
} from '../api/customer-message-settings';
import { CustomerMessageOutbox } from './customer-message-outbox';
import { MessagePreview } from './message-preview';

/** Settings › customer messages (issue 15 §5): templates with a live preview, sending, the SMS sender, the outbox. */
export function CustomerMessagesSection() {
  return (
    <Tabs defaultValue="templates" className="grid gap-4">
      <TabsList aria-label="Customer messages" className="w-fit">
        <TabsTrigger value="templates">Templates and sending</TabsTrigger>
        <TabsTrigger value="outbox">Outbox</TabsTrigger>
      </TabsList>
      <TabsContent value="templates">
        <CustomerMessageSettingsLoader />
      </TabsContent>
      <TabsContent value="outbox">
        <CustomerMessageOutbox />
      </TabsContent>
    </Tabs>
  );
}

function CustomerMessageSettingsLoader() {
  const query = useCustomerMessageSettings();
  if (query.isPending) return <SectionLoading label="Loading customer message settings" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <CustomerMessageSettingsForm key={JSON.stringify(query.data)} saved={query.data} />;
}

type TFormValues = {
  sendMode: TCustomerMessageSettings['sendMode'];
  stillWaitingDays: string;
  templates: Record<TCustomerMessageEvent, TCustomerMessageTemplate>;
  accountSid: string;
  fromNumber: string;
  baseUrl: string;
  /** A new auth token; empty keeps the stored one. */
  authToken: string;
  clearAuthToken: boolean;
  allowPrivateNetwork: boolean;
};

const SEND_MODE_OPTIONS = [
  { value: 'ask', label: 'Ask: a "Send message to customer" button on the job' },
  { value: 'automatic', label: 'Automatic: sent as the job moves' },
];

function changesOf(values: TFormValues, saved: TCustomerMessageSettings): TCustomerMessageSettingsChanges {
  const changes: TCustomerMessageSettingsChanges = {};
  if (values.sendMode !== saved.sendMode) changes.sendMode = values.sendMode;
  const days = values.stillWaitingDays.trim() === '' ? Number.NaN : Number(values.stillWaitingDays);
  if (days !== saved.stillWaitingDays) changes.stillWaitingDays = days;
  const templates = Object.fromEntries(
    CUSTOMER_MESSAGE_EVENTS.filter(
      (event) => JSON.stringify(values.templates[event]) !== JSON.stringify(saved.templates[event]),
    ).map((event) => [event, values.templates[event]]),
  );
  if (Object.keys(templates).length > 0) changes.templates = templates;
  const sms: NonNullable<TCustomerMessageSettingsChanges['sms']> = {};
  const accountSid = values.accountSid.trim() || null;
  const fromNumber = values.fromNumber.trim() || null;
  if (accountSid !== saved.sms.accountSid) sms.accountSid = accountSid;
  if (fromNumber !== saved.sms.fromNumber) sms.fromNumber = fromNumber;
  if (values.baseUrl.trim() !== saved.sms.baseUrl) sms.baseUrl = values.baseUrl.trim();
  if (values.clearAuthToken) sms.authToken = null;
  else if (values.authToken.trim() !== '') sms.authToken = values.authToken.trim();
  if (values.allowPrivateNetwork !== saved.sms.allowPrivateNetwork) {
    sms.allowPrivateNetwork = values.allowPrivateNetwork;
  }
  if (Object.keys(sms).length > 0) changes.sms = sms;
  return changes;
}

export function CustomerMessageSettingsForm({ saved }: { saved: TCustomerMessageSettings }) {
  const [values, setValues] = useState<TFormValues>(() => ({
    sendMode: saved.sendMode,
    stillWaitingDays: String(saved.stillWaitingDays),
    templates: { ...saved.templates },
    accountSid: saved.sms.accountSid ?? '',
    fromNumber: saved.sms.fromNumber ?? '',
    baseUrl: saved.sms.baseUrl,
    authToken: '',
    clearAuthToken: false,
    allowPrivateNetwork: saved.sms.allowPrivateNetwork,
  }));
  // The SMS provider is an admin's (issue 34 §2): managers see it, and keep the templates and sending.
  const canChangeProvider = isAdmin(useAuth().user);
  // The stored token was entered for the saved address: a new address needs its own (SECRET_REQUIRED).
  const needsTokenAgain =
    saved.sms.isAuthTokenSet &&
    !values.clearAuthToken &&
    values.authToken.trim() === '' &&
    !isSameDestination(values.baseUrl, saved.sms.baseUrl);
  const [event, setEvent] = useState<TCustomerMessageEvent>('received');
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useUpdateCustomerMessageSettings();
  const template = values.templates[event];

  function set<K extends keyof TFormValues>(field: K, value: TFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setFormError(null);
  }

  function setTemplate(changes: Partial<TCustomerMessageTemplate>) {
    setValues((current) => ({
      ...current,
      templates: { ...current.templates, [event]: { ...current.templates[event], ...changes } },
    }));
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

  const placeholderErrors = (text: string) => {
    const unknown = unknownPlaceholders(text);
    return unknown.length > 0
      ? `Unknown placeholder: ${unknown.map((name) => `{{${name}}}`).join(', ')}`
      : undefined;
  };

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

      <Card>
        <CardHeader>
          <CardTitle>Templates</CardTitle>
          <CardDescription>
            One message per event, by SMS and by e-mail. Placeholders:{' '}
            {PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div role="tablist" aria-label="Message events" className="flex flex-wrap gap-2">
            {CUSTOMER_MESSAGE_EVENTS.map((candidate) => (
              <Button
                key={candidate}
                type="button"
                role="tab"
                aria-selected={candidate === event}
                variant={candidate === event ? 'default' : 'outline'}
                size="sm"
                onClick={() => setEvent(candidate)}
              >
                {CUSTOMER_MESSAGE_EVENT_LABELS[candidate]}
                {values.templates[candidate].enabled ? null : (
                  <Badge variant="secondary" className="ml-1">
                    off
                  </Badge>
                )}
              </Button>
            ))}
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="grid content-start gap-4">
              <SwitchField
                label={`Send "${CUSTOMER_MESSAGE_EVENT_LABELS[event]}"`}
                checked={template.enabled}
                onCheckedChange={(enabled) => setTemplate({ enabled })}
              />
              <TextareaField
                label="SMS"
                rows={4}
                maxLength={TEMPLATE_LIMITS.sms}
                value={template.sms}
                onValueChange={(sms) => setTemplate({ sms })}
                error={placeholderErrors(template.sms)}
              />
              <FormField
                label="E-mail subject"
                maxLength={TEMPLATE_LIMITS.emailSubject}
                value={template.emailSubject}
                onChange={(change) => setTemplate({ emailSubject: change.target.value })}
                error={placeholderErrors(template.emailSubject)}
              />
              <TextareaField
                label="E-mail"
                rows={8}
                maxLength={TEMPLATE_LIMITS.emailBody}
                value={template.emailBody}
                onValueChange={(emailBody) => setTemplate({ emailBody })}
                error={placeholderErrors(template.emailBody)}
              />
            </div>
            <MessagePreview template={template} />
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">What each placeholder gives</summary>
            <dl className="mt-2 grid gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
              {PLACEHOLDERS.map((name) => (
                <div key={name} className="contents">
                  <dt className="font-mono">{`{{${name}}}`}</dt>
                  <dd className="text-muted-foreground">{PLACEHOLDER_DESCRIPTIONS[name]}</dd>
                </div>
              ))}
            </dl>
          </details>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>SMS sender</CardTitle>
          <CardDescription>
            A Twilio account, or any provider with Twilio's Messages API. The auth token is stored encrypted,
            never shown again, and sent only to the address it was entered for.
            {canChangeProvider ? null : ' Only admins can change the SMS provider.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <FormField
            label="Account SID"
            value={values.accountSid}
            onChange={(change) => set('accountSid', change.target.value)}
            placeholder="AC…"
            autoComplete="off"
            disabled={!canChangeProvider}
          />
          <FormField
            label="From number"
            value={values.fromNumber}
            onChange={(change) => set('fromNumber', change.target.value)}
            placeholder="+15550102030"
            autoComplete="off"
            disabled={!canChangeProvider}
          />
          <div className="grid gap-3">
            <FormField
              label="API base URL"
              type="url"
              value={values.baseUrl}
              onChange={(change) => set('baseUrl', change.target.value)}
              disabled={!canChangeProvider}
            />
            <PrivateNetworkOptIn
              checked={values.allowPrivateNetwork}
              onCheckedChange={(checked) => set('allowPrivateNetwork', checked)}
              disabled={!canChangeProvider}
            />
          </div>
          <div className="grid gap-2">
            <FormField
              label="Auth token"
              labelAside={
                <Badge variant={saved.sms.isAuthTokenSet && !values.clearAuthToken ? 'default' : 'outline'}>
                  {saved.sms.isAuthTokenSet && !values.clearAuthToken ? 'set' : 'not set'}
                </Badge>
              }
              type="password"
              autoComplete="new-password"
              value={values.authToken}
              onChange={(change) => set('authToken', change.target.value)}
              placeholder={
                saved.sms.isAuthTokenSet ? 'Leave empty to keep the stored token' : 'Paste the auth token'
              }
              error={needsTokenAgain ? SECRET_REQUIRED_MESSAGE : undefined}
              disabled={values.clearAuthToken || !canChangeProvider}
            />
            {saved.sms.isAuthTokenSet && canChangeProvider ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="w-fit"
                onClick={() => set('clearAuthToken', !values.clearAuthToken)}
              >
                {values.clearAuthToken ? 'Keep the stored token' : 'Remove the stored token'}
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>
      <FormActions formError={formError} isPending={mutation.isPending} submitLabel="Save changes" />
    </form>
  );
}

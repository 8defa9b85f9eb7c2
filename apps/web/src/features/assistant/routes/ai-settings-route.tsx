import {
  ASSISTANT_PROVIDER_LABELS,
  ASSISTANT_PROVIDERS,
  ASSISTANT_TONES,
  type TAssistantProvider,
  type TAssistantSettings,
  type TAssistantTone,
  type TConnectionTest,
  type TUpdateAssistantSettingsInput,
} from '@loupe/domain/assistant/assistant-api';
import { isAdmin } from '@loupe/domain/auth/permissions';
import { isSameDestination, SECRET_REQUIRED_MESSAGE } from '@loupe/domain/validation/provider-secret';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { LoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { PageHeader } from '@/components/page-header';
import { PrivateNetworkOptIn } from '@/components/private-network-opt-in';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { useAssistantSettings } from '../api/get-assistant-settings';
import { useTestAssistantConnection } from '../api/test-assistant-connection';
import { useUpdateAssistantSettings } from '../api/update-assistant-settings';

/** /ai/settings (issue 16 §3): admins choose the provider; everyone else sees what is configured. */
export function AiSettingsRoute() {
  const settings = useAssistantSettings();
  const { user } = useAuth();
  if (settings.isPending) return <LoadingSpinner />;
  if (settings.isError) {
    return (
      <LoadError
        title="The AI settings could not be loaded"
        error={settings.error}
        onRetry={() => settings.refetch()}
      />
    );
  }
  return (
    <div className="mx-auto max-w-2xl space-y-6 p-4">
      <PageHeader
        title="AI Settings"
        description="How the assistant answers: the built-in engine needs nothing; a provider writes answers with a model, using the same tools."
      />
      <AiSettingsForm settings={settings.data} canEdit={isAdmin(user)} />
    </div>
  );
}

function AiSettingsForm({
  settings,
  canEdit,
}: {
  readonly settings: TAssistantSettings;
  readonly canEdit: boolean;
}) {
  const [provider, setProvider] = useState<TAssistantProvider>(settings.provider);
  // Null for everyone but admins: the address may name a machine of the workshop's network.
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [allowPrivateNetwork, setAllowPrivateNetwork] = useState(settings.allowPrivateNetwork);
  const [model, setModel] = useState(settings.model);
  const [apiKey, setApiKey] = useState('');
  const [assistantName, setAssistantName] = useState(settings.assistantName);
  const [tone, setTone] = useState<TAssistantTone>(settings.tone);
  const [timeoutSeconds, setTimeoutSeconds] = useState(String(settings.timeoutSeconds));
  const [tested, setTested] = useState<TConnectionTest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateAssistantSettings();
  const test = useTestAssistantConnection();
  const usesProvider = provider !== 'none';
  // The stored key was entered for the saved provider and address: another needs its own (SECRET_REQUIRED).
  const needsKeyAgain =
    canEdit &&
    usesProvider &&
    settings.hasApiKey &&
    apiKey.trim() === '' &&
    (provider !== settings.provider || !isSameDestination(baseUrl, settings.baseUrl ?? ''));

  const input = (): TUpdateAssistantSettingsInput => ({
    provider,
    baseUrl: usesProvider ? baseUrl.trim() : '',
    model: usesProvider ? model.trim() : '',
    assistantName: assistantName.trim(),
    tone,
    timeoutSeconds: Number(timeoutSeconds) || 20,
    allowPrivateNetwork: usesProvider && allowPrivateNetwork,
    ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
  });

  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        {!canEdit ? (
          <p className="text-sm text-muted-foreground">Only admins can change these settings.</p>
        ) : null}
        <SelectField
          label="Provider"
          value={provider}
          onValueChange={(value) => setProvider(value as TAssistantProvider)}
          options={ASSISTANT_PROVIDERS.map((value) => ({ value, label: ASSISTANT_PROVIDER_LABELS[value] }))}
          disabled={!canEdit}
        />
        {usesProvider ? (
          <>
            {canEdit ? (
              <>
                <FormField
                  label="Base URL"
                  hint={
                    provider === 'openai'
                      ? 'e.g. https://api.openai.com/v1, or a model server of yours such as http://localhost:11434/v1'
                      : 'e.g. https://api.anthropic.com'
                  }
                  value={baseUrl}
                  onChange={(event) => setBaseUrl(event.target.value)}
                />
                <PrivateNetworkOptIn checked={allowPrivateNetwork} onCheckedChange={setAllowPrivateNetwork} />
              </>
            ) : null}
            <FormField
              label="Model"
              value={model}
              onChange={(event) => setModel(event.target.value)}
              disabled={!canEdit}
            />
            {canEdit ? (
              <FormField
                label="API key"
                type="password"
                autoComplete="off"
                hint={
                  settings.hasApiKey
                    ? 'A key is stored (encrypted), for this provider and address only. Leave empty to keep it.'
                    : 'Stored encrypted; never shown again.'
                }
                error={needsKeyAgain ? SECRET_REQUIRED_MESSAGE : undefined}
                value={apiKey}
                onChange={(event) => setApiKey(event.target.value)}
              />
            ) : (
              <p className="text-sm">API key: {settings.hasApiKey ? 'stored' : 'none'}</p>
            )}
            <FormField
              label="Timeout (seconds)"
              type="number"
              min={2}
              max={120}
              value={timeoutSeconds}
              onChange={(event) => setTimeoutSeconds(event.target.value)}
              disabled={!canEdit}
            />
          </>
        ) : null}
        <FormField
          label="Assistant name"
          hint="Shown in the sidebar and on the assistant's screen."
          value={assistantName}
          maxLength={60}
          onChange={(event) => setAssistantName(event.target.value)}
          disabled={!canEdit}
        />
        <SelectField
          label="Tone"
          value={tone}
          onValueChange={(value) => setTone(value as TAssistantTone)}
          options={ASSISTANT_TONES.map((value) => ({
            value,
            label: value[0]?.toUpperCase() + value.slice(1),
          }))}
          disabled={!canEdit}
        />
        {tested ? (
          <p
            role="status"
            className={tested.ok ? 'text-sm text-green-700 dark:text-green-400' : 'text-sm text-destructive'}
          >
            {tested.message}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        {canEdit ? (
          <div className="flex gap-2">
            <Button
              type="button"
              disabled={save.isPending}
              onClick={async () => {
                setError(null);
                try {
                  await save.mutateAsync(input());
                  setApiKey('');
                  toast({ title: 'AI settings saved.' });
                } catch (caught) {
                  setError(errorMessageOf(caught, 'The settings could not be saved.'));
                }
              }}
            >
              Save
            </Button>
            {usesProvider ? (
              <Button
                type="button"
                variant="outline"
                disabled={test.isPending}
                onClick={async () => {
                  setError(null);
                  try {
                    setTested(await test.mutateAsync(input()));
                  } catch (caught) {
                    setError(errorMessageOf(caught, 'The connection could not be tested.'));
                  }
                }}
              >
                {test.isPending ? 'Testing…' : 'Test connection'}
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

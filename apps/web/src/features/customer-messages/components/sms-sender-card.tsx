import type { TCustomerMessageSettings } from '@loupe/domain/customer-messages/customer-messages';
import { SECRET_REQUIRED_MESSAGE } from '@loupe/domain/validation/provider-secret';
import { FormField } from '@/components/form-field';
import type { TFormErrors } from '@/components/forms/form-issues';
import { PrivateNetworkOptIn } from '@/components/private-network-opt-in';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { TCustomerMessageField, TCustomerMessageFormValues } from './customer-message-settings-model';

/** The SMS provider (an admin's, issue 34 §2): account, sender, address and its write-only auth token. */
export function SmsSenderCard({
  values,
  saved,
  set,
  errors,
  canChangeProvider,
  needsTokenAgain,
}: {
  values: TCustomerMessageFormValues;
  saved: TCustomerMessageSettings;
  set: <K extends keyof TCustomerMessageFormValues>(field: K, value: TCustomerMessageFormValues[K]) => void;
  errors: TFormErrors<TCustomerMessageField>;
  canChangeProvider: boolean;
  needsTokenAgain: boolean;
}) {
  return (
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
          error={errors.accountSid}
          placeholder="AC…"
          autoComplete="off"
          disabled={!canChangeProvider}
        />
        <FormField
          label="From number"
          value={values.fromNumber}
          onChange={(change) => set('fromNumber', change.target.value)}
          error={errors.fromNumber}
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
            error={errors.baseUrl}
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
            error={errors.authToken ?? (needsTokenAgain ? SECRET_REQUIRED_MESSAGE : undefined)}
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
  );
}

import type { TEpcisCaptureSettings } from '@loupe/domain/integrations/epcis';
import { SECRET_REQUIRED_MESSAGE } from '@loupe/domain/validation/provider-secret';
import type { FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { useFormState } from '@/components/forms/use-form-state';
import { PrivateNetworkOptIn } from '@/components/private-network-opt-in';
import { SwitchField } from '@/components/switch-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useUpdateEpcisCapture } from '../api/update-epcis-capture';
import {
  EPCIS_CAPTURE_FIELDS,
  needsAuthorizationAgain,
  parseEpcisCaptureForm,
  type TEpcisCaptureField,
  type TEpcisCaptureFormValues,
  toEpcisCaptureFormValues,
} from './epcis-capture-model';

/** The Authorization header's value: write-only, so the form only says whether one is stored. */
function AuthorizationField({
  saved,
  values,
  set,
  error,
}: {
  readonly saved: TEpcisCaptureSettings;
  readonly values: TEpcisCaptureFormValues;
  readonly set: <K extends TEpcisCaptureField>(field: K, value: TEpcisCaptureFormValues[K]) => void;
  readonly error: string | undefined;
}) {
  const isSet = saved.hasAuthorization && !values.clearAuthorization;
  return (
    <div className="grid gap-2">
      <FormField
        label="Authorization header"
        labelAside={<Badge variant={isSet ? 'default' : 'outline'}>{isSet ? 'set' : 'not set'}</Badge>}
        hint="Sent as the Authorization header of each capture, e.g. Bearer … Stored encrypted, never shown again."
        type="password"
        autoComplete="new-password"
        value={values.authorization}
        onChange={(change) => set('authorization', change.target.value)}
        placeholder={saved.hasAuthorization ? 'Leave empty to keep the stored value' : 'Bearer …'}
        error={error ?? (needsAuthorizationAgain(values, saved) ? SECRET_REQUIRED_MESSAGE : undefined)}
        disabled={values.clearAuthorization}
      />
      {saved.hasAuthorization ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => set('clearAuthorization', !values.clearAuthorization)}
        >
          {values.clearAuthorization ? 'Keep the stored value' : 'Remove the stored value'}
        </Button>
      ) : null}
    </div>
  );
}

/** Where Loupe captures its EPCIS events: the repository's address, its authorization, on or off. */
export function EpcisCaptureForm({ saved }: { readonly saved: TEpcisCaptureSettings }) {
  const form = useFormState<TEpcisCaptureField, TEpcisCaptureFormValues>(
    () => toEpcisCaptureFormValues(saved),
    EPCIS_CAPTURE_FIELDS,
  );
  const { values, errors } = form;
  const mutation = useUpdateEpcisCapture();

  function set<K extends TEpcisCaptureField>(field: K, value: TEpcisCaptureFormValues[K]) {
    form.setValue(field, value);
    form.setFormError(null);
  }

  function onSubmit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    form.setFormError(null);
    const input = form.validate(parseEpcisCaptureForm(values));
    if (input === null) return;
    mutation.mutate(input, {
      onSuccess: (stored) => {
        // The typed secret is gone from the page once stored: the badge says "set".
        form.setValues(toEpcisCaptureFormValues(stored));
        toast({ title: 'EPCIS capture saved' });
      },
      onError: form.showServerError,
    });
  }

  return (
    <form aria-label="EPCIS capture" className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormField
        label="Repository address"
        hint="Loupe POSTs each event, as an EPCIS document, to this address + /capture."
        type="url"
        placeholder="https://epcis.example.com"
        value={values.url}
        onChange={(change) => set('url', change.target.value)}
        error={errors.url}
      />
      <AuthorizationField saved={saved} values={values} set={set} error={errors.authorization} />
      <PrivateNetworkOptIn
        checked={values.allowPrivateNetwork}
        onCheckedChange={(checked) => set('allowPrivateNetwork', checked)}
      />
      <SwitchField
        label="Capture events"
        description="On: every tag, move, phase change, offsite trip and delivery is sent as it happens, and retried until the repository takes it."
        checked={values.enabled}
        onCheckedChange={(checked) => set('enabled', checked)}
      />
      <FormActions formError={form.formError} isPending={mutation.isPending} submitLabel="Save" />
    </form>
  );
}

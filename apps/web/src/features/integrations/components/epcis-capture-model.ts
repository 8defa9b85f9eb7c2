import {
  type TEpcisCaptureSettings,
  type TEpcisCaptureSettingsInput,
  ZEpcisCaptureSettingsInputSchema,
} from '@loupe/domain/integrations/epcis';
import { mustReenterSecret } from '@loupe/domain/validation/provider-secret';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { firstIssuePerField } from '@/components/forms/zod-form-errors';

/** The capture settings as typed; the authorization header's value is write-only. */
export type TEpcisCaptureFormValues = {
  url: string;
  /** A new Authorization header value; empty keeps the stored one. */
  authorization: string;
  clearAuthorization: boolean;
  enabled: boolean;
  allowPrivateNetwork: boolean;
};

export type TEpcisCaptureField = keyof TEpcisCaptureFormValues;

/** The fields that show an error of their own (the server names them so: body.url, body.authorization). */
export const EPCIS_CAPTURE_FIELDS = ['url', 'authorization'] as const satisfies readonly TEpcisCaptureField[];

export const EPCIS_URL_MESSAGE = 'Enter the repository’s address, e.g. https://epcis.example.com';

export function toEpcisCaptureFormValues(saved: TEpcisCaptureSettings): TEpcisCaptureFormValues {
  return {
    url: saved.url,
    authorization: '',
    clearAuthorization: false,
    enabled: saved.enabled,
    allowPrivateNetwork: saved.allowPrivateNetwork,
  };
}

/**
 * What PUT /integrations/epcis-capture is sent: `authorization` only when typed (a new value) or removed
 * (null); left out, the server keeps the stored one.
 */
export function parseEpcisCaptureForm(
  values: TEpcisCaptureFormValues,
): TFormParseResult<TEpcisCaptureField, TEpcisCaptureSettingsInput> {
  const authorization = values.clearAuthorization
    ? { authorization: null }
    : values.authorization.trim() === ''
      ? {}
      : { authorization: values.authorization };
  const input: TEpcisCaptureSettingsInput = {
    url: values.url,
    enabled: values.enabled,
    allowPrivateNetwork: values.allowPrivateNetwork,
    ...authorization,
  };
  const parsed = ZEpcisCaptureSettingsInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, output: input };
  return {
    ok: false,
    errors: firstIssuePerField(parsed.error.issues, EPCIS_CAPTURE_FIELDS, (field, issue) =>
      field === 'url' && issue.code !== 'too_big' ? EPCIS_URL_MESSAGE : issue.message,
    ),
  };
}

/**
 * A stored authorization stays with the address it was entered for (issue 34 §2): a new address needs it typed
 * again, or removed, before the server takes the change.
 */
export function needsAuthorizationAgain(
  values: TEpcisCaptureFormValues,
  saved: TEpcisCaptureSettings,
): boolean {
  return mustReenterSecret({
    storedDestination: saved.url,
    nextDestination: values.url,
    hasStoredSecret: saved.hasAuthorization && saved.url !== '',
    secretChanged: values.clearAuthorization || values.authorization.trim() !== '',
  });
}

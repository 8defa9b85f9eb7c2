import { type TLocation, ZCreateLocationInputSchema } from '@loupe/domain/registry/locations';
import type { TFormErrors } from '@/components/forms/form-issues';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';

export type TLocationFormValues = {
  readonly name: string;
  readonly address: string;
  readonly description: string;
};

export const LOCATION_FORM_FIELDS = ['name', 'address', 'description'] as const;
export type TLocationFormField = (typeof LOCATION_FORM_FIELDS)[number];
export type TLocationFormErrors = TFormErrors<TLocationFormField>;
export type TLocationFormOutput = { name: string; address: string; description: string };

export function emptyLocationForm(): TLocationFormValues {
  return { name: '', address: '', description: '' };
}

export function locationFormValues(location: TLocation): TLocationFormValues {
  return { name: location.name, address: location.address, description: location.description };
}

/** Checks the form with the server's rules (ZCreateLocationInputSchema). */
export function parseLocationForm(
  values: TLocationFormValues,
): TFormParseResult<TLocationFormField, TLocationFormOutput> {
  const parsed = ZCreateLocationInputSchema.safeParse(values);
  if (!parsed.success) {
    return {
      ok: false,
      errors: formErrorsFromZod(parsed.error, LOCATION_FORM_FIELDS, { name: 'Enter a location name' }),
    };
  }
  return {
    ok: true,
    output: {
      name: parsed.data.name,
      address: parsed.data.address ?? '',
      description: parsed.data.description ?? '',
    },
  };
}

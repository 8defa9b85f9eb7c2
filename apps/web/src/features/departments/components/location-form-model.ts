import { type TLocation, ZCreateLocationInputSchema } from '@loupe/domain/registry/locations';
import { formErrorsFromZod, type TFormErrors } from '@/components/forms/form-issues';

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

export type TLocationFormResult =
  | { readonly ok: true; readonly output: TLocationFormOutput }
  | { readonly ok: false; readonly errors: TLocationFormErrors };

/** Checks the form with the server's rules (ZCreateLocationInputSchema). */
export function parseLocationForm(values: TLocationFormValues): TLocationFormResult {
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

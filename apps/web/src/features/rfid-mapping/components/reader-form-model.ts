import {
  READER_KIND_LABELS,
  READER_KINDS,
  type TCreateReaderInput,
  type TReaderKind,
  ZCreateReaderInputSchema,
} from '@loupe/domain/registry/readers';
import type { TFormErrors } from '@/components/forms/form-issues';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';

export const READER_FORM_FIELDS = ['id', 'name', 'kind'] as const;
export type TReaderFormField = (typeof READER_FORM_FIELDS)[number];
export type TReaderFormErrors = TFormErrors<TReaderFormField>;

export type TReaderFormValues = { readonly id: string; readonly name: string; readonly kind: TReaderKind };

export const READER_NAME_MESSAGE = 'Enter a reader name';
export const READER_ID_MISSING_MESSAGE = 'Enter a reader id';

export const READER_KIND_OPTIONS = READER_KINDS.map((kind) => ({
  value: kind,
  label: READER_KIND_LABELS[kind],
}));

export function isReaderKind(value: string): value is TReaderKind {
  return (READER_KINDS as readonly string[]).includes(value);
}

export function emptyReaderForm(): TReaderFormValues {
  return { id: '', name: '', kind: 'zebra' };
}

/** Checks the form with the API's own schema; the id's message says which characters it may use. */
export function parseReaderForm(
  values: TReaderFormValues,
): TFormParseResult<TReaderFormField, TCreateReaderInput> {
  const parsed = ZCreateReaderInputSchema.safeParse(values);
  if (parsed.success) return { ok: true, output: parsed.data };
  const errors = formErrorsFromZod(parsed.error, READER_FORM_FIELDS, { name: READER_NAME_MESSAGE });
  // A missing id asks for one; a wrong one keeps the schema's message about the characters allowed.
  if (errors.id && values.id.trim() === '') errors.id = READER_ID_MISSING_MESSAGE;
  return { ok: false, errors };
}

import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import type { TFormErrors } from '@/components/forms/form-issues';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { errorMessageOf, fieldIssuesOf, isApiError } from '@/lib/api-error';

export type TFormValues<TField extends string> = Record<TField, string>;

/**
 * Parses form values with a zod schema and keeps the first message per field. `messages` words the
 * issues the schema leaves to zod's defaults; a message the schema sets itself (the domain's password
 * rules) wins over it.
 */
export function parseWithSchema<TField extends string, TOutput>(
  schema: z.ZodType<TOutput>,
  values: unknown,
  messages?: (issue: { path?: PropertyKey[]; code?: string; input?: unknown }) => string | undefined,
): TFormParseResult<TField, TOutput> {
  const result = schema.safeParse(values, messages ? { error: (issue) => messages(issue) } : undefined);
  if (result.success) return { ok: true, output: result.data };
  const errors: TFormErrors<TField> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as TField;
    if (errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

export type TUseAuthFormOptions<TField extends string, TOutput> = {
  readonly initialValues: TFormValues<TField>;
  readonly parse: (values: TFormValues<TField>) => TFormParseResult<TField, TOutput>;
  /** Server error codes that belong to one field, e.g. CONFLICT on registration → email. */
  readonly codeFields?: Readonly<Partial<Record<string, NoInfer<TField>>>>;
};

/**
 * State of one auth form (the values, errors and parse result of `useFormState`, with): validation on submit
 * (then live), server errors mapped to fields
 * (details.issues 'body.email' → email) or to the form, the pending state, and focus moved to the first
 * error so that keyboard and screen-reader users land on it.
 */
export function useAuthForm<TField extends string, TOutput>(options: TUseAuthFormOptions<TField, TOutput>) {
  const { parse, codeFields } = options;
  const formId = useId();
  const fields = Object.keys(options.initialValues) as TField[];
  // Its own state rather than useFormState's: the sign-in page must stay within its bundle budget
  // (docs/performance.md), and useFormState brings the server-error mapping this hook does its own way.
  const [values, setValues] = useState<TFormValues<TField>>(options.initialValues);
  const [errors, setErrors] = useState<TFormErrors<TField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const submittingRef = useRef(false);
  const formErrorRef = useRef<HTMLDivElement>(null);

  const fieldId = (field: TField) => `${formId}-${field}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per failed submit, on the errors it set.
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = fields.find((field) => errors[field] !== undefined);
    if (first !== undefined) document.getElementById(fieldId(first))?.focus();
    else formErrorRef.current?.focus();
  }, [focusRequest]);

  function setValue(field: TField, value: string): void {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!hasSubmitted) return;
    const result = parse(next);
    setErrors(result.ok ? {} : result.errors);
  }

  function serverErrorsOf(error: unknown): { errors: TFormErrors<TField>; formError: string | null } {
    const mapped: TFormErrors<TField> = {};
    for (const issue of fieldIssuesOf(error)) {
      const field = issue.field as TField;
      if (fields.includes(field) && mapped[field] === undefined) mapped[field] = issue.message;
    }
    const codeField = isApiError(error) && error.code ? codeFields?.[error.code] : undefined;
    if (codeField !== undefined && mapped[codeField] === undefined) {
      mapped[codeField] = errorMessageOf(error, ERROR_MESSAGES.generic);
    }
    if (Object.keys(mapped).length > 0) return { errors: mapped, formError: null };
    // An answer that did not match its schema says nothing a user can act on.
    if (error instanceof Error && error.name === 'ZodError') {
      console.warn('Unexpected answer from the server', error);
      return { errors: mapped, formError: ERROR_MESSAGES.generic };
    }
    return { errors: mapped, formError: errorMessageOf(error, ERROR_MESSAGES.generic) };
  }

  function onSubmit(action: (data: TOutput) => Promise<void>) {
    return async (event: FormEvent<HTMLFormElement>): Promise<void> => {
      event.preventDefault();
      if (submittingRef.current) return;
      setHasSubmitted(true);
      const result = parse(values);
      if (!result.ok) {
        setErrors(result.errors);
        setFormError(null);
        setFocusRequest((count) => count + 1);
        return;
      }
      setErrors({});
      setFormError(null);
      submittingRef.current = true;
      setIsSubmitting(true);
      try {
        await action(result.output);
      } catch (error) {
        const server = serverErrorsOf(error);
        setErrors(server.errors);
        setFormError(server.formError);
        setFocusRequest((count) => count + 1);
      } finally {
        submittingRef.current = false;
        setIsSubmitting(false);
      }
    };
  }

  function field(name: TField) {
    return {
      id: fieldId(name),
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
    };
  }

  return {
    values,
    setValue,
    errors,
    formError,
    setFormError,
    formErrorRef,
    isSubmitting,
    field,
    fieldId,
    onSubmit,
    /** Maps a failure of another action of the form (e.g. resending a code) as a submit failure is mapped. */
    showError(error: unknown) {
      const server = serverErrorsOf(error);
      setErrors(server.errors);
      setFormError(server.formError);
      setFocusRequest((count) => count + 1);
    },
    /** Shows field errors found outside a submit and moves focus to the first. */
    showFieldErrors(fieldErrors: TFormErrors<TField>) {
      setErrors(fieldErrors);
      setFormError(null);
      setFocusRequest((count) => count + 1);
    },
  };
}

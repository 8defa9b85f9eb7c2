import type { z } from 'zod';
import type { TFormErrors } from './form-issues';

/** One schema issue as every form reads it: the field is the first step of its path. */
export type TFormIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * The first issue of each of `fields`, worded by `messageOf` (the issue's own message by default); issues of
 * other paths are left out.
 */
export function firstIssuePerField<F extends string, I extends TFormIssue>(
  issues: readonly I[],
  fields: readonly F[],
  messageOf: (field: F, issue: I) => string = (_field, issue) => issue.message,
): TFormErrors<F> {
  const errors: TFormErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(fields as readonly string[]).includes(field)) continue;
    errors[field as F] ??= messageOf(field as F, issue);
  }
  return errors;
}

/**
 * Readable messages for the registry forms from the domain schema's issues: a missing value asks for it,
 * a long one gives the limit; anything else keeps the schema's own message (e.g. the antenna range).
 */
export function formErrorsFromZod<F extends string>(
  error: z.ZodError,
  fields: readonly F[],
  messages: { readonly [K in F]?: string },
): TFormErrors<F> {
  return firstIssuePerField(error.issues, fields, (field, issue) =>
    issue.code === 'too_big' && typeof issue.maximum === 'number' && issue.origin === 'string'
      ? `Use at most ${issue.maximum} characters`
      : (messages[field] ?? issue.message),
  );
}

import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';

export type TFormErrors<F extends string> = Partial<Record<F, string>>;

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
 * What a refused save shows: server validation issues next to their fields, and at the form whatever
 * matches no field, or the server's message when it named none (a conflict, a missing permission), or
 * `fallback` when it sent none.
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string = ERROR_MESSAGES.generic,
): { fieldErrors: TFormErrors<F>; formError: string | null } {
  const fieldErrors: TFormErrors<F> = {};
  const otherMessages: string[] = [];
  for (const issue of fieldIssuesOf(error)) {
    if ((fields as readonly string[]).includes(issue.field)) fieldErrors[issue.field as F] ??= issue.message;
    else otherMessages.push(issue.message);
  }
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const formError = otherMessages[0] ?? (hasFieldErrors ? null : errorMessageOf(error, fallback));
  return { fieldErrors, formError };
}

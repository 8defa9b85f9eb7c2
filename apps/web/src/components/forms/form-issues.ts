import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';

export type TFormErrors<F extends string> = Partial<Record<F, string>>;

/**
 * What a refused save shows: server validation issues next to their fields, and at the form whatever
 * matches no field, or the server's message when it named none (a conflict, a missing permission), or
 * `fallback` when it sent none. `serverFields` names the form field of a body path the server names
 * otherwise (e.g. 'sms.authToken' → 'authToken').
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string = ERROR_MESSAGES.generic,
  serverFields: Readonly<Record<string, F>> = {},
): { fieldErrors: TFormErrors<F>; formError: string | null } {
  const fieldErrors: TFormErrors<F> = {};
  const otherMessages: string[] = [];
  for (const issue of fieldIssuesOf(error)) {
    const field = Object.hasOwn(serverFields, issue.field) ? serverFields[issue.field] : issue.field;
    if ((fields as readonly string[]).includes(field as string)) fieldErrors[field as F] ??= issue.message;
    else otherMessages.push(issue.message);
  }
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const formError = otherMessages[0] ?? (hasFieldErrors ? null : errorMessageOf(error, fallback));
  return { fieldErrors, formError };
}

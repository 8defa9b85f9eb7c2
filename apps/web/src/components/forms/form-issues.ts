import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { z } from 'zod';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';

export type TFormErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Readable messages for the registry forms from the domain schema's issues: a missing value asks for it,
 * a long one gives the limit; anything else keeps the schema's own message (e.g. the antenna range).
 */
export function formErrorsFromZod<F extends string>(
  error: z.ZodError,
  fields: readonly F[],
  messages: { readonly [K in F]?: string },
): TFormErrors<F> {
  const errors: TFormErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(fields as readonly string[]).includes(field)) continue;
    const key = field as F;
    if (errors[key]) continue;
    if (issue.code === 'too_big' && typeof issue.maximum === 'number' && issue.origin === 'string') {
      errors[key] = `Use at most ${issue.maximum} characters`;
    } else {
      errors[key] = messages[key] ?? issue.message;
    }
  }
  return errors;
}

/**
 * What a refused save shows: server validation issues next to their fields, and at the form whatever
 * matches no field, or the server's message when it named none (a conflict, a missing permission).
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): { fieldErrors: TFormErrors<F>; formError: string | null } {
  const fieldErrors: TFormErrors<F> = {};
  const otherMessages: string[] = [];
  for (const issue of fieldIssuesOf(error)) {
    if ((fields as readonly string[]).includes(issue.field)) fieldErrors[issue.field as F] ??= issue.message;
    else otherMessages.push(issue.message);
  }
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const formError =
    otherMessages[0] ?? (hasFieldErrors ? null : errorMessageOf(error, ERROR_MESSAGES.generic));
  return { fieldErrors, formError };
}

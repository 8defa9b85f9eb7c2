import type { z } from 'zod';
import { firstIssuePerField, type TFormErrors } from './form-issues';

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

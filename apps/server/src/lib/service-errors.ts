import { AppError } from '@loupe/domain/errors/errors';
import type { z } from 'zod';

/**
 * Errors the services of customers, the catalog, orders and repairs share, shaped like the route
 * validator's: VALIDATION_FAILED carries `details.issues` [{field, message}] so a form can show each
 * message next to its field.
 */

/** 403 FORBIDDEN, with what the caller may not do when it is more than the default words. */
export function forbidden(
  message = 'You do not have permission to do this.',
  options?: ConstructorParameters<typeof AppError>[2],
): AppError {
  return new AppError('FORBIDDEN', message, options);
}

export type TFieldIssue = { readonly field: string; readonly message: string };

export function validationIssues(issues: readonly TFieldIssue[]): AppError {
  const first = issues[0];
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return new AppError(
    'VALIDATION_FAILED',
    first ? `${first.field}: ${first.message}${more}` : 'The request is not valid.',
    { details: { issues } },
  );
}

/** One field refused, e.g. a reference to a customer that does not exist. */
export function fieldError(field: string, message: string): AppError {
  return validationIssues([{ field, message }]);
}

/** A failed zod check (a merged update checked again) as the API's VALIDATION_FAILED answer. */
export function validationError(error: z.ZodError): AppError {
  return validationIssues(
    error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message })),
  );
}

/** PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

import { calendarDateProblem, DATE_RANGE_MESSAGE } from '@loupe/domain/api/dates';
import { amountToCents, MONEY_CENTS_MAX } from '@loupe/domain/api/money';
import type { z } from 'zod';
import { formatCents } from '@/lib/number-format';
import type { TJobField, TJobFormErrors } from './use-job-form';

// What every job form model reads the same way: amounts, the promised date, schema issues, what changed.

/** The words every job form uses; each kind adds its own example amount. */
export const JOB_FORM_MESSAGES = {
  amountTooLarge: `Enter an amount up to ${formatCents(MONEY_CENTS_MAX)}`,
  date: 'Enter a real date as YYYY-MM-DD',
} as const;

/** An amount as typed, in cents: blank is 0, null when it is not an amount. */
export function readAmount(text: string): number | null {
  return text.trim() === '' ? 0 : amountToCents(text);
}

/** The promised date as typed: null when blank, with what is wrong with it (null when nothing). */
export function readPromisedDate(text: string): { date: string | null; error: string | null } {
  const date = text.trim();
  const problem = date === '' ? null : calendarDateProblem(date);
  return {
    date: date || null,
    error: problem === null ? null : problem === 'range' ? DATE_RANGE_MESSAGE : JOB_FORM_MESSAGES.date,
  };
}

/**
 * A kind's `fieldOf`: the form field that shows an API field's issue (server issues arrive with API names).
 * `renamed` lists the API fields the form calls otherwise (customerId → customer); any other field of the form
 * keeps its API name.
 */
export function apiFieldMap<F extends string>(
  fields: readonly F[],
  renamed: Readonly<Record<string, F>>,
): (apiField: string) => F | null {
  const byApiName = new Map<string, F>(Object.entries(renamed));
  const renamedFields = new Set<string>(Object.values(renamed));
  for (const field of fields) if (!renamedFields.has(field)) byApiName.set(field, field);
  return (apiField) => byApiName.get(apiField) ?? null;
}

/**
 * The schema's issues under the form's fields (the first issue of a field wins, and one already found stays):
 * an amount too large and an unreadable date in the form's words, the rest in the schema's.
 */
export function errorsFromIssues<TValues>(
  issues: readonly z.core.$ZodIssue[],
  into: TJobFormErrors<TValues>,
  options: {
    readonly fieldOf: (apiField: string) => TJobField<TValues> | null;
    readonly amountFields: readonly TJobField<TValues>[];
  },
): TJobFormErrors<TValues> {
  for (const issue of issues) {
    const apiField = issue.path[0];
    const field = typeof apiField === 'string' ? options.fieldOf(apiField) : null;
    if (field === null || into[field]) continue;
    into[field] =
      options.amountFields.includes(field) && issue.code === 'too_big'
        ? JOB_FORM_MESSAGES.amountTooLarge
        : field === 'promisedDate'
          ? JOB_FORM_MESSAGES.date
          : issue.message;
  }
  return into;
}

/** Only the fields of `next` whose value differs from `before` (arrays, such as repair types, by content). */
export function changedFields<T extends object>(next: T, before: Readonly<Record<keyof T, unknown>>): T {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(before[key as keyof T])) changes[key] = value;
  }
  return changes as T;
}

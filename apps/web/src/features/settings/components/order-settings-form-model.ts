import {
  applyOrderSettingsChanges,
  type TOrderSettings,
  type TOrderSettingsChanges,
  ZOrderSettingsChangesSchema,
} from '@loupe/domain/settings/order-settings';
import type { TFormErrors } from '@/components/forms/form-issues';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { firstIssuePerField } from '@/components/forms/zod-form-errors';

/** The form as typed: the lead times are text until submitted. */
export type TOrderSettingsFormValues = {
  orderNumberPrefix: string;
  repairNumberPrefix: string;
  defaultLeadTimeDays: string;
  rushLeadTimeDays: string;
  repairLeadTimeDays: string;
};

export type TOrderSettingsField = keyof TOrderSettingsFormValues;

export const ORDER_SETTINGS_FIELDS = [
  'orderNumberPrefix',
  'repairNumberPrefix',
  'defaultLeadTimeDays',
  'rushLeadTimeDays',
  'repairLeadTimeDays',
] as const satisfies readonly TOrderSettingsField[];

const PREFIX_FIELDS = ['orderNumberPrefix', 'repairNumberPrefix'] as const;
const DAY_FIELDS = ['defaultLeadTimeDays', 'rushLeadTimeDays', 'repairLeadTimeDays'] as const;
export const LEAD_TIME_MESSAGE = 'Enter whole days from 1 to 365';

export function toOrderSettingsFormValues(settings: TOrderSettings): TOrderSettingsFormValues {
  return {
    orderNumberPrefix: settings.orderNumberPrefix,
    repairNumberPrefix: settings.repairNumberPrefix,
    defaultLeadTimeDays: String(settings.defaultLeadTimeDays),
    rushLeadTimeDays: String(settings.rushLeadTimeDays),
    repairLeadTimeDays: String(settings.repairLeadTimeDays),
  };
}

// '' is a missing number of days, not 0: Number('') would read it as 0.
function toDays(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/**
 * Checks the form with the server's rules (ZOrderSettingsChangesSchema: prefixes of capitals and digits,
 * lead times of 1–365 days; applyOrderSettingsChanges: an order prefix other than the repair prefix) and
 * gives only what changed since `saved`.
 */
export function parseOrderSettingsForm(
  values: TOrderSettingsFormValues,
  saved: TOrderSettings,
): TFormParseResult<TOrderSettingsField, TOrderSettingsChanges> {
  const candidate = {
    orderNumberPrefix: values.orderNumberPrefix,
    repairNumberPrefix: values.repairNumberPrefix,
    defaultLeadTimeDays: toDays(values.defaultLeadTimeDays),
    rushLeadTimeDays: toDays(values.rushLeadTimeDays),
    repairLeadTimeDays: toDays(values.repairLeadTimeDays),
  };
  const parsed = ZOrderSettingsChangesSchema.safeParse(candidate);
  if (!parsed.success) {
    const errors = firstIssuePerField(parsed.error.issues, ORDER_SETTINGS_FIELDS, (field, issue) =>
      (DAY_FIELDS as readonly string[]).includes(field) ? LEAD_TIME_MESSAGE : issue.message,
    );
    return { ok: false, errors };
  }
  const changes: TOrderSettingsChanges = {};
  for (const field of PREFIX_FIELDS) {
    const next = parsed.data[field];
    if (next !== undefined && next !== saved[field]) changes[field] = next;
  }
  for (const field of DAY_FIELDS) {
    const next = parsed.data[field];
    if (next !== undefined && next !== saved[field]) changes[field] = next;
  }
  // The prefixes may not collide, checked on what the change leads to, next to the prefix that changed.
  const applied = applyOrderSettingsChanges(saved, changes);
  if (!applied.ok) {
    const errors: TFormErrors<TOrderSettingsField> = {};
    for (const issue of applied.issues) errors[issue.field] ??= issue.message;
    return { ok: false, errors };
  }
  return { ok: true, output: changes };
}

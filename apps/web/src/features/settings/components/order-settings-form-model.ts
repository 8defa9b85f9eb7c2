import {
  applyOrderSettingsChanges,
  type TOrderSettings,
  type TOrderSettingsChanges,
  ZOrderSettingsChangesSchema,
} from '@loupe/domain/settings/order-settings';

/** The form as typed: the lead times are text until submitted. */
export type TOrderSettingsFormValues = {
  orderNumberPrefix: string;
  repairNumberPrefix: string;
  defaultLeadTimeDays: string;
  rushLeadTimeDays: string;
  repairLeadTimeDays: string;
};

export type TOrderSettingsField = keyof TOrderSettingsFormValues;
export type TOrderSettingsFormErrors = Partial<Record<TOrderSettingsField, string>>;

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

function isField(value: unknown): value is TOrderSettingsField {
  return typeof value === 'string' && (ORDER_SETTINGS_FIELDS as readonly string[]).includes(value);
}

// '' is a missing number of days, not 0: Number('') would read it as 0.
function toDays(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

export type TOrderSettingsFormResult =
  | { readonly ok: true; readonly changes: TOrderSettingsChanges }
  | { readonly ok: false; readonly errors: TOrderSettingsFormErrors };

/**
 * Checks the form with the server's rules (ZOrderSettingsChangesSchema: prefixes of capitals and digits,
 * lead times of 1–365 days; applyOrderSettingsChanges: an order prefix other than the repair prefix) and
 * gives only what changed since `saved`.
 */
export function parseOrderSettingsForm(
  values: TOrderSettingsFormValues,
  saved: TOrderSettings,
): TOrderSettingsFormResult {
  const candidate = {
    orderNumberPrefix: values.orderNumberPrefix,
    repairNumberPrefix: values.repairNumberPrefix,
    defaultLeadTimeDays: toDays(values.defaultLeadTimeDays),
    rushLeadTimeDays: toDays(values.rushLeadTimeDays),
    repairLeadTimeDays: toDays(values.repairLeadTimeDays),
  };
  const parsed = ZOrderSettingsChangesSchema.safeParse(candidate);
  if (!parsed.success) {
    const errors: TOrderSettingsFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (!isField(field) || errors[field]) continue;
      errors[field] = (DAY_FIELDS as readonly string[]).includes(field) ? LEAD_TIME_MESSAGE : issue.message;
    }
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
    const errors: TOrderSettingsFormErrors = {};
    for (const issue of applied.issues) errors[issue.field] ??= issue.message;
    return { ok: false, errors };
  }
  return { ok: true, changes };
}

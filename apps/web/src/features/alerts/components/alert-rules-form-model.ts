import {
  ALERT_RULES,
  type TAlertRule,
  type TAlertRuleSettings,
  type TAlertRules,
  ZAlertRulesSchema,
} from '@loupe/domain/alerts/alerts';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { firstIssuePerField } from '@/components/forms/zod-form-errors';

/** One rule as typed: its limit is text until saved. */
export type TAlertRuleFormValue = Omit<TAlertRuleSettings, 'limit'> & { readonly limit: string };
export type TAlertRulesFormValues = Record<TAlertRule, TAlertRuleFormValue>;

export const LIMIT_NUMBER_MESSAGE = 'Enter a number';
export const LIMIT_WHOLE_MESSAGE = 'Enter a whole number';

/** PUT /alerts/rules names an issue by the rule and its setting ('stuck-at-station.limit'); each is the rule's. */
export const ALERT_RULES_SERVER_FIELDS: Readonly<Record<string, TAlertRule>> = Object.fromEntries(
  ALERT_RULES.flatMap((rule) =>
    ['enabled', 'severity', 'limit'].map((setting) => [`${rule}.${setting}`, rule]),
  ),
);

export function toAlertRulesFormValues(saved: TAlertRules): TAlertRulesFormValues {
  return Object.fromEntries(
    ALERT_RULES.map((rule) => [rule, { ...saved[rule], limit: String(saved[rule].limit) }]),
  ) as TAlertRulesFormValues;
}

// '' is a missing limit, not 0: Number('') would read it as 0.
function toLimit(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** Checks every rule with the server's schema; a rule's first problem is said under it. */
export function parseAlertRulesForm(
  values: TAlertRulesFormValues,
): TFormParseResult<TAlertRule, TAlertRules> {
  const candidate = Object.fromEntries(
    ALERT_RULES.map((rule) => [rule, { ...values[rule], limit: toLimit(values[rule].limit) }]),
  );
  const parsed = ZAlertRulesSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, output: parsed.data };
  const errors = firstIssuePerField(parsed.error.issues, ALERT_RULES, (rule, issue) => {
    if (issue.path[1] !== 'limit') return issue.message;
    const limit = candidate[rule]?.limit ?? Number.NaN;
    if (Number.isNaN(limit)) return LIMIT_NUMBER_MESSAGE;
    return Number.isInteger(limit) ? issue.message : LIMIT_WHOLE_MESSAGE;
  });
  return { ok: false, errors };
}

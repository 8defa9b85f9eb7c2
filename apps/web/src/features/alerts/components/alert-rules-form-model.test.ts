import { ALERT_RULE_DEFAULTS } from '@loupe/domain/alerts/alerts';
import { describe, expect, it } from 'vitest';
import {
  ALERT_RULES_SERVER_FIELDS,
  LIMIT_NUMBER_MESSAGE,
  LIMIT_WHOLE_MESSAGE,
  parseAlertRulesForm,
  type TAlertRulesFormValues,
  toAlertRulesFormValues,
} from './alert-rules-form-model';

const DEFAULTS = toAlertRulesFormValues(ALERT_RULE_DEFAULTS);

function withLimit(limit: string): TAlertRulesFormValues {
  return { ...DEFAULTS, 'stuck-at-station': { ...DEFAULTS['stuck-at-station'], limit } };
}

describe('parseAlertRulesForm', () => {
  it('gives the rules back with their limits as numbers', () => {
    expect(parseAlertRulesForm(DEFAULTS)).toEqual({ ok: true, output: ALERT_RULE_DEFAULTS });
    expect(parseAlertRulesForm(withLimit(' 8 '))).toEqual({
      ok: true,
      output: {
        ...ALERT_RULE_DEFAULTS,
        'stuck-at-station': { ...ALERT_RULE_DEFAULTS['stuck-at-station'], limit: 8 },
      },
    });
  });

  it.each([
    ['', LIMIT_NUMBER_MESSAGE],
    ['eight', LIMIT_NUMBER_MESSAGE],
    ['1.5', LIMIT_WHOLE_MESSAGE],
    ['0', 'At least 1'],
    ['10001', 'At most 10000'],
  ])('refuses the limit %j under its rule only', (limit, message) => {
    expect(parseAlertRulesForm(withLimit(limit))).toEqual({
      ok: false,
      errors: { 'stuck-at-station': message },
    });
  });
});

describe('ALERT_RULES_SERVER_FIELDS', () => {
  it('reads a server issue about any setting of a rule as the rule’s', () => {
    expect(ALERT_RULES_SERVER_FIELDS['reader-silent.limit']).toBe('reader-silent');
    expect(ALERT_RULES_SERVER_FIELDS['job-overdue.severity']).toBe('job-overdue');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALERT_RULE_DEFAULTS,
  ALERT_RULES,
  alertChanges,
  parseStoredAlertRules,
  type TAlertCause,
  ZAlertRulesSchema,
  ZResolveAlertSchema,
} from './alerts';

const cause = (causeKey: string): TAlertCause => ({
  rule: 'stuck-at-station',
  causeKey,
  severity: 'medium',
  title: `Stuck ${causeKey}`,
  message: '',
  subject: { kind: 'order', id: causeKey, label: causeKey },
});

describe('what an evaluation changes', () => {
  it('raises a new cause once, keeps an open one, clears one whose cause went away', () => {
    const { raise, clear } = alertChanges(
      [cause('a'), cause('b'), cause('b')],
      [{ causeKey: 'b' }, { causeKey: 'c' }],
    );
    expect(raise.map((c) => c.causeKey)).toEqual(['a']);
    expect(clear).toEqual([{ causeKey: 'c' }]);
  });

  it('does not raise again a cause a person resolved while it lasts, and ends the settlement when it goes', () => {
    const lasting = alertChanges([cause('a')], [], [{ causeKey: 'a' }]);
    expect(lasting).toEqual({ raise: [], clear: [], ended: [] });
    const gone = alertChanges([], [], [{ causeKey: 'a' }]);
    expect(gone.ended).toEqual([{ causeKey: 'a' }]);
    // Once ended, the settlement is no longer held: the cause coming back is a new alert.
    expect(alertChanges([cause('a')], [], []).raise.map((c) => c.causeKey)).toEqual(['a']);
  });

  it('never raises a cause that is open, and clears exactly the open ones without a cause', () => {
    const keys = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 8 });
    fc.assert(
      fc.property(keys, keys, (causeKeys, openKeys) => {
        const open = [...new Set(openKeys)].map((causeKey) => ({ causeKey }));
        const { raise, clear } = alertChanges(causeKeys.map(cause), open);
        for (const raised of raise) expect(openKeys).not.toContain(raised.causeKey);
        expect(new Set(raise.map((c) => c.causeKey)).size).toBe(raise.length);
        expect(clear.map((c) => c.causeKey).sort()).toEqual(
          open
            .map((o) => o.causeKey)
            .filter((key) => !causeKeys.includes(key))
            .sort(),
        );
        // Applying the changes then evaluating the same causes again changes nothing.
        const after = [
          ...open.filter((o) => !clear.includes(o)),
          ...raise.map((c) => ({ causeKey: c.causeKey })),
        ];
        const again = alertChanges(causeKeys.map(cause), after);
        expect(again.raise).toEqual([]);
        expect(again.clear).toEqual([]);
      }),
    );
  });
});

describe('alert rules', () => {
  it('start with every rule on', () => {
    expect(ZAlertRulesSchema.parse(ALERT_RULE_DEFAULTS)).toEqual(ALERT_RULE_DEFAULTS);
    for (const rule of ALERT_RULES) expect(ALERT_RULE_DEFAULTS[rule].enabled).toBe(true);
  });

  it('fall back rule by rule when stored values are damaged', () => {
    const stored = {
      'stuck-at-station': { enabled: false, severity: 'low', limit: 6 },
      'reader-silent': 'nope',
    };
    const rules = parseStoredAlertRules(stored);
    expect(rules['stuck-at-station']).toEqual({ enabled: false, severity: 'low', limit: 6 });
    expect(rules['reader-silent']).toEqual(ALERT_RULE_DEFAULTS['reader-silent']);
    expect(parseStoredAlertRules(null)).toEqual(ALERT_RULE_DEFAULTS);
  });

  it('refuse a limit of zero with a message staff understand', () => {
    const result = ZAlertRulesSchema.safeParse({
      ...ALERT_RULE_DEFAULTS,
      'stuck-at-station': { enabled: true, severity: 'medium', limit: 0 },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('At least 1');
  });

  it('need a note to resolve an alert', () => {
    expect(ZResolveAlertSchema.safeParse({ note: '  ' }).error?.issues[0]?.message).toBe(
      'Say what was done about it',
    );
  });
});

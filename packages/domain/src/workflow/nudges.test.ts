import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUDGE_DEFAULTS, nudgeDecision, type TNudgeState } from './nudges';

const DUE = new Date('2026-11-26T12:00:00Z');
const hours = (h: number) => new Date(DUE.getTime() + h * 3_600_000);
const fresh: TNudgeState = { dueAt: DUE, lastNudgedAt: null, nudgeCount: 0, snoozedUntil: null };

describe('nudgeDecision', () => {
  it('waits for the due time, then nudges the assignee, then escalates', () => {
    expect(nudgeDecision(fresh, hours(-1))).toEqual({ kind: 'none' });
    expect(nudgeDecision(fresh, hours(0.1))).toEqual({ kind: 'nudge', count: 1, escalate: false });
    const once = { ...fresh, lastNudgedAt: hours(0.1), nudgeCount: 1 };
    expect(nudgeDecision(once, hours(2))).toEqual({ kind: 'none' });
    expect(nudgeDecision(once, hours(4.1))).toEqual({ kind: 'nudge', count: 2, escalate: true });
  });

  it('holds off while snoozed', () => {
    const snoozed = { ...fresh, snoozedUntil: hours(24) };
    expect(nudgeDecision(snoozed, hours(10))).toEqual({ kind: 'none' });
    expect(nudgeDecision(snoozed, hours(24)).kind).toBe('nudge');
  });

  it('never nudges twice within one interval, however often it is asked (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 72 * 60 }), { minLength: 1, maxLength: 60 }),
        (minutes) => {
          let state = fresh;
          const nudgedAt: number[] = [];
          for (const minute of [...minutes].sort((a, b) => a - b)) {
            const now = new Date(DUE.getTime() + minute * 60_000);
            const decision = nudgeDecision(state, now);
            if (decision.kind === 'nudge') {
              nudgedAt.push(minute);
              state = { ...state, lastNudgedAt: now, nudgeCount: decision.count };
            }
          }
          for (let index = 1; index < nudgedAt.length; index += 1) {
            expect((nudgedAt[index] ?? 0) - (nudgedAt[index - 1] ?? 0)).toBeGreaterThanOrEqual(
              NUDGE_DEFAULTS.intervalHours * 60,
            );
          }
        },
      ),
    );
  });
});

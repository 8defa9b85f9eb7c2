import { z } from 'zod';
import { ZInstantSchema } from '../api/dates';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Nudges: an assignment past its due time reminds its assignee, then, if still open, the department's
 * manager. At most one nudge per interval, so a late job never floods anyone; a snooze holds them off.
 */
export const NUDGE_DEFAULTS = {
  /** Hours between two nudges of the same assignment. */
  intervalHours: 4,
  /** From this nudge on, the manager is told too. */
  escalateFromNudge: 2,
} as const;

export const ZNudgePolicySchema = lazySchema(() =>
  z.object({
    intervalHours: z.number().min(0.25).max(168),
    escalateFromNudge: z.number().int().min(1).max(20),
  }),
);
export type TNudgePolicy = z.infer<typeof ZNudgePolicySchema>;

export type TNudgeState = {
  readonly dueAt: Date;
  readonly lastNudgedAt: Date | null;
  readonly nudgeCount: number;
  readonly snoozedUntil: Date | null;
};

export type TNudgeDecision =
  | { readonly kind: 'none' }
  /** Nudge number `count`; `escalate` tells the manager too. */
  | { readonly kind: 'nudge'; readonly count: number; readonly escalate: boolean };

const HOUR_MS = 3_600_000;

export function nudgeDecision(
  state: TNudgeState,
  now: Date,
  policy: TNudgePolicy = NUDGE_DEFAULTS,
): TNudgeDecision {
  const time = now.getTime();
  if (time < state.dueAt.getTime()) return { kind: 'none' };
  if (state.snoozedUntil !== null && time < state.snoozedUntil.getTime()) return { kind: 'none' };
  if (state.lastNudgedAt !== null && time - state.lastNudgedAt.getTime() < policy.intervalHours * HOUR_MS) {
    return { kind: 'none' };
  }
  const count = state.nudgeCount + 1;
  return { kind: 'nudge', count, escalate: count >= policy.escalateFromNudge };
}

/** POST /workflow/assignments/{id}/snooze: until when, and why (kept with the assignment). */
export const ZSnoozeInputSchema = lazySchema(() =>
  z.object({
    until: ZInstantSchema,
    reason: z.string().trim().min(1, 'Say why it can wait').max(300),
  }),
);
export type TSnoozeInput = z.input<typeof ZSnoozeInputSchema>;

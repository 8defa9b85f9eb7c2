import { z } from 'zod';
import { JOB_VIEW_DESCRIPTIONS, JOB_VIEW_LABELS } from '../jobs/job-views';
import { ALERT_SEVERITIES } from '../realtime/events';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Alerts (issue 15): conditions the server watches as reads and time pass. Each rule raises at most one open
 * alert per cause (a job, a reader, an antenna), and the alert clears by itself when the cause goes away.
 */
export const ALERT_RULES = [
  'job-overdue',
  'job-at-risk',
  'stuck-at-station',
  'offsite-too-long',
  'reader-silent',
  'unmapped-antenna',
  'unknown-tag',
  'safe-count-missing',
  'transfer-short',
  'transfer-overdue',
] as const;
export type TAlertRule = (typeof ALERT_RULES)[number];

export const ZAlertSeveritySchema = lazySchema(() => z.enum(ALERT_SEVERITIES));
export type TAlertSeverity = z.infer<typeof ZAlertSeveritySchema>;

/** What each rule watches, in the words of Settings and the feed. */
export const ALERT_RULE_LABELS: Readonly<Record<TAlertRule, { title: string; description: string }>> = {
  'job-overdue': {
    title: JOB_VIEW_LABELS.overdue,
    description: `A job ${JOB_VIEW_DESCRIPTIONS.overdue.toLowerCase()}.`,
  },
  'job-at-risk': {
    title: JOB_VIEW_LABELS['at-risk'],
    description: `A job ${JOB_VIEW_DESCRIPTIONS['at-risk'].toLowerCase()}.`,
  },
  'stuck-at-station': {
    title: 'Stuck at a station',
    description: 'A piece has not moved from its station for longer than the limit.',
  },
  'offsite-too-long': {
    title: 'Offsite too long',
    description: 'A piece has been offsite (at a vendor or unaccounted for) for longer than the limit.',
  },
  'reader-silent': {
    title: 'Reader silent',
    description: 'A reader has sent nothing for longer than the limit while the workshop is open.',
  },
  'unmapped-antenna': {
    title: 'Unmapped antenna reading',
    description: 'An antenna nobody mapped to a station is reading tags.',
  },
  'unknown-tag': {
    title: 'Unknown tag read',
    description: 'A tag no open job carries was read, e.g. the envelope of a delivered job.',
  },
  'safe-count-missing': {
    title: 'Missing from the safe',
    description:
      'A closing count did not find a piece in its location’s safe (one alert per piece and count).',
  },
  'transfer-short': {
    title: 'Missing from a bag',
    description: 'A bag between locations was closed without a piece on its manifest (one alert per piece).',
  },
  'transfer-overdue': {
    title: 'Bag overdue',
    description: 'A bag between locations (or out at a vendor) has not arrived by its expected day.',
  },
};

const ZRuleSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    severity: ZAlertSeveritySchema,
    /** Hours for the stuck and offsite rules, minutes for a silent reader; unused by the others. */
    limit: z.number().int().min(1, 'At least 1').max(10_000, 'At most 10000'),
  }),
);
export type TAlertRuleSettings = z.infer<typeof ZRuleSchema>;

/** The unit of each rule's limit; null when the rule has none. */
export const ALERT_RULE_LIMIT_UNITS: Readonly<Record<TAlertRule, 'hours' | 'minutes' | null>> = {
  'job-overdue': null,
  'job-at-risk': null,
  'stuck-at-station': 'hours',
  'offsite-too-long': 'hours',
  'reader-silent': 'minutes',
  'unmapped-antenna': null,
  'unknown-tag': null,
  'safe-count-missing': null,
  'transfer-short': null,
  'transfer-overdue': null,
};

/** Every rule on, with limits a workshop would start from. */
export const ALERT_RULE_DEFAULTS: Readonly<Record<TAlertRule, TAlertRuleSettings>> = {
  'job-overdue': { enabled: true, severity: 'high', limit: 1 },
  'job-at-risk': { enabled: true, severity: 'medium', limit: 1 },
  'stuck-at-station': { enabled: true, severity: 'medium', limit: 24 },
  'offsite-too-long': { enabled: true, severity: 'high', limit: 48 },
  'reader-silent': { enabled: true, severity: 'high', limit: 15 },
  'unmapped-antenna': { enabled: true, severity: 'low', limit: 1 },
  'unknown-tag': { enabled: true, severity: 'low', limit: 1 },
  'safe-count-missing': { enabled: true, severity: 'high', limit: 1 },
  'transfer-short': { enabled: true, severity: 'high', limit: 1 },
  'transfer-overdue': { enabled: true, severity: 'medium', limit: 1 },
};

/**
 * Rules raised when something happens (a count finished) rather than found by the sweep: their alerts stay
 * until a person resolves them, and the sweep never clears them.
 */
export const EVENT_ALERT_RULES: readonly TAlertRule[] = [
  'safe-count-missing',
  'transfer-short',
  'transfer-overdue',
];

export const ZAlertRulesSchema = lazySchema(() =>
  z.object(
    Object.fromEntries(ALERT_RULES.map((rule) => [rule, ZRuleSchema])) as Record<
      TAlertRule,
      typeof ZRuleSchema
    >,
  ),
);
export type TAlertRules = z.infer<typeof ZAlertRulesSchema>;

/** Stored rules fall back rule by rule: one damaged rule must not switch the others off. */
export function parseStoredAlertRules(stored: unknown): TAlertRules {
  const value = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    ALERT_RULES.map((rule) => {
      const parsed = ZRuleSchema.safeParse(value[rule]);
      return [rule, parsed.success ? parsed.data : ALERT_RULE_DEFAULTS[rule]];
    }),
  ) as TAlertRules;
}

export const ALERT_SUBJECT_KINDS = ['order', 'repair', 'reader'] as const;
export type TAlertSubjectKind = (typeof ALERT_SUBJECT_KINDS)[number];

/** One condition found now: what a raised alert is made from. `causeKey` names it across evaluations. */
export type TAlertCause = {
  readonly rule: TAlertRule;
  readonly causeKey: string;
  readonly severity: TAlertSeverity;
  readonly title: string;
  readonly message: string;
  readonly subject: { readonly kind: TAlertSubjectKind; readonly id: string; readonly label: string };
};

/**
 * What one evaluation changes: causes with no open alert are raised, open alerts whose cause is gone are
 * cleared, and everything else stays as it is (raised once per cause). An alert a person resolved settles its
 * cause for as long as the cause lasts: it is not raised again until the cause has gone away (`ended`) and
 * come back.
 */
export function alertChanges<
  TOpen extends { readonly causeKey: string },
  TSettled extends { readonly causeKey: string },
>(
  causes: readonly TAlertCause[],
  open: readonly TOpen[],
  settled: readonly TSettled[] = [],
): { raise: TAlertCause[]; clear: TOpen[]; ended: TSettled[] } {
  const heldKeys = new Set([...open, ...settled].map((alert) => alert.causeKey));
  const causeKeys = new Set(causes.map((cause) => cause.causeKey));
  const raised = new Set<string>();
  const raise = causes.filter((cause) => {
    if (heldKeys.has(cause.causeKey) || raised.has(cause.causeKey)) return false;
    raised.add(cause.causeKey);
    return true;
  });
  return {
    raise,
    clear: open.filter((alert) => !causeKeys.has(alert.causeKey)),
    ended: settled.filter((alert) => !causeKeys.has(alert.causeKey)),
  };
}

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type TAlertStatus = (typeof ALERT_STATUSES)[number];

const ZTimestampSchema = lazySchema(() => z.iso.datetime({ offset: true }));

export const ZAlertSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    rule: z.enum(ALERT_RULES),
    severity: ZAlertSeveritySchema,
    title: z.string(),
    message: z.string(),
    subject: z.object({ kind: z.enum(ALERT_SUBJECT_KINDS), id: z.string(), label: z.string() }),
    status: z.enum(ALERT_STATUSES),
    raisedAt: ZTimestampSchema,
    acknowledgedAt: ZTimestampSchema.nullable(),
    acknowledgedBy: z.string().nullable(),
    resolvedAt: ZTimestampSchema.nullable(),
    resolvedBy: z.string().nullable(),
    resolutionNote: z.string().nullable(),
    /** Resolved by the server because its cause went away, not by a person. */
    clearedAutomatically: z.boolean(),
  }),
);
export type TAlert = z.infer<typeof ZAlertSchema>;

/** GET /alerts filters. */
export const ZAlertQuerySchema = lazySchema(() =>
  z.object({
    status: z.enum(ALERT_STATUSES).optional(),
    severity: ZAlertSeveritySchema.optional(),
    rule: z.enum(ALERT_RULES).optional(),
  }),
);
export type TAlertQuery = z.infer<typeof ZAlertQuerySchema>;

/** POST /alerts/{id}/resolve: what was done about it. */
export const ZResolveAlertSchema = lazySchema(() =>
  z.object({
    note: z.string().trim().min(1, 'Say what was done about it').max(500, 'At most 500 characters'),
  }),
);

/** The order of severities, most urgent first, for sorting the feed. */
export const SEVERITY_RANK: Readonly<Record<TAlertSeverity, number>> = {
  critical: 0,
  high: 1,
  medium: 2,
  low: 3,
};

/** One notice in the header's bell (issue 15 §3). */
export const NOTIFICATION_KINDS = ['alert', 'assignment', 'nudge', 'mention', 'design'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const ZNotificationSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    message: z.string(),
    /** Where it leads in the app (a job, the alerts feed, My Tasks). */
    link: z.string().nullable(),
    createdAt: ZTimestampSchema,
    readAt: ZTimestampSchema.nullable(),
  }),
);
export type TNotification = z.infer<typeof ZNotificationSchema>;

export const ZNotificationListSchema = lazySchema(() =>
  z.object({
    items: z.array(ZNotificationSchema),
    unread: z.number().int().nonnegative(),
  }),
);
export type TNotificationList = z.infer<typeof ZNotificationListSchema>;

import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/** Each user's own notification preferences (settings › notifications, every signed-in user, spec §6). */
export const NOTIFICATION_DEFAULTS = {
  emailAlerts: true,
  offsiteAlerts: true,
  dailyDigest: false,
  scanToasts: true,
  alertNotices: true,
  taskNotices: true,
  quietHours: null,
} as const;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Hours in the workshop's time zone when no alert e-mail is sent (the bell still keeps each alert, and the
 * daily digest tells of them). A start later than the end runs past midnight: 20:00–07:00 is the night.
 */
export const ZQuietHoursSchema = lazySchema(() =>
  z
    .object({
      start: z.string().regex(TIME_PATTERN, 'Use a time such as 20:00'),
      end: z.string().regex(TIME_PATTERN, 'Use a time such as 07:00'),
    })
    .refine((hours) => hours.start !== hours.end, {
      message: 'Quiet hours must end at another time than they start',
      path: ['end'],
    }),
);
export type TQuietHours = z.infer<typeof ZQuietHoursSchema>;

const FIELDS = {
  /** Alerts (overdue, system) by e-mail. */
  emailAlerts: lazySchema(() => z.boolean()),
  /** A notice when an item the user follows goes offsite or returns. */
  offsiteAlerts: lazySchema(() => z.boolean()),
  /** One summary e-mail each open day, when the workshop opens. */
  dailyDigest: lazySchema(() => z.boolean()),
  /** The pop-up when a reader sees a piece the user is looking at or responsible for (spec §4, issue 11 §7). */
  scanToasts: lazySchema(() => z.boolean()),
  /** Alerts in the header's bell (issue 15 §3): admins and managers hear of each one raised. */
  alertNotices: lazySchema(() => z.boolean()),
  /** Assignments, nudges and mentions in job notes, in the bell. */
  taskNotices: lazySchema(() => z.boolean()),
  /** No alert e-mails in these hours; null is none. */
  quietHours: lazySchema(() => ZQuietHoursSchema.nullable()),
};

/** A missing field takes its default. */
export const ZNotificationSettingsSchema = lazySchema(() =>
  z.object({
    emailAlerts: FIELDS.emailAlerts.default(NOTIFICATION_DEFAULTS.emailAlerts),
    offsiteAlerts: FIELDS.offsiteAlerts.default(NOTIFICATION_DEFAULTS.offsiteAlerts),
    dailyDigest: FIELDS.dailyDigest.default(NOTIFICATION_DEFAULTS.dailyDigest),
    scanToasts: FIELDS.scanToasts.default(NOTIFICATION_DEFAULTS.scanToasts),
    alertNotices: FIELDS.alertNotices.default(NOTIFICATION_DEFAULTS.alertNotices),
    taskNotices: FIELDS.taskNotices.default(NOTIFICATION_DEFAULTS.taskNotices),
    quietHours: FIELDS.quietHours.default(NOTIFICATION_DEFAULTS.quietHours),
  }),
);
export type TNotificationSettings = z.output<typeof ZNotificationSettingsSchema>;

/** A change: a field left out keeps its current value. */
export const ZNotificationSettingsChangesSchema = lazySchema(() =>
  z.object({
    emailAlerts: FIELDS.emailAlerts.optional(),
    offsiteAlerts: FIELDS.offsiteAlerts.optional(),
    dailyDigest: FIELDS.dailyDigest.optional(),
    scanToasts: FIELDS.scanToasts.optional(),
    alertNotices: FIELDS.alertNotices.optional(),
    taskNotices: FIELDS.taskNotices.optional(),
    quietHours: FIELDS.quietHours.optional(),
  }),
);
export type TNotificationSettingsChanges = z.output<typeof ZNotificationSettingsChangesSchema>;

// Stored values fall back field by field (spec §5): one bad field must not throw away the others.
const ZStoredNotificationSettingsSchema = lazySchema(() =>
  z.object({
    emailAlerts: FIELDS.emailAlerts.catch(NOTIFICATION_DEFAULTS.emailAlerts),
    offsiteAlerts: FIELDS.offsiteAlerts.catch(NOTIFICATION_DEFAULTS.offsiteAlerts),
    dailyDigest: FIELDS.dailyDigest.catch(NOTIFICATION_DEFAULTS.dailyDigest),
    scanToasts: FIELDS.scanToasts.catch(NOTIFICATION_DEFAULTS.scanToasts),
    alertNotices: FIELDS.alertNotices.catch(NOTIFICATION_DEFAULTS.alertNotices),
    taskNotices: FIELDS.taskNotices.catch(NOTIFICATION_DEFAULTS.taskNotices),
    quietHours: FIELDS.quietHours.catch(NOTIFICATION_DEFAULTS.quietHours),
  }),
);

/** Reads a stored (already JSON-parsed) value; anything that is not an object gives the defaults. */
export function parseStoredNotificationSettings(stored: unknown): TNotificationSettings {
  const value = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  return ZStoredNotificationSettingsSchema.parse(value);
}

/** The stored preferences with a change applied; undefined fields keep their value. */
export function applyNotificationSettingsChanges(
  current: TNotificationSettings,
  changes: TNotificationSettingsChanges,
): TNotificationSettings {
  return {
    emailAlerts: changes.emailAlerts ?? current.emailAlerts,
    offsiteAlerts: changes.offsiteAlerts ?? current.offsiteAlerts,
    dailyDigest: changes.dailyDigest ?? current.dailyDigest,
    scanToasts: changes.scanToasts ?? current.scanToasts,
    alertNotices: changes.alertNotices ?? current.alertNotices,
    taskNotices: changes.taskNotices ?? current.taskNotices,
    // null switches quiet hours off, so only a missing field keeps them.
    quietHours: changes.quietHours === undefined ? current.quietHours : changes.quietHours,
  };
}

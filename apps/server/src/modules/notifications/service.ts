import type { TNotification, TNotificationKind, TNotificationList } from '@loupe/domain/alerts/alerts';
import { REPAIR_VIEWER_ROLES } from '@loupe/domain/auth/permissions';
import { roleFromProfile } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { isQuietTime } from '@loupe/domain/notifications/digest';
import { mentionedUsers, newMentions, type TNotesChange } from '@loupe/domain/notifications/mentions';
import { userRoom } from '@loupe/domain/realtime/events';
import type { TNotificationSettings } from '@loupe/domain/settings/notification-settings';
import { personName } from '@loupe/domain/users/user';
import type { TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../../lib/clock.ts';
import type { TAnnouncement, TEventBus } from '../../realtime/event-bus.ts';
import type { TNotificationRow, TNotificationsRepository } from './repository.ts';

export type TNotice = {
  readonly kind: TNotificationKind;
  readonly title: string;
  readonly message: string;
  readonly link: string | null;
  /** What raised it ('alert:{id}'), so that it can be withdrawn when its cause clears. */
  readonly source?: string;
};

export type TNotificationsServiceOptions = {
  readonly notifications: TNotificationsRepository;
  readonly events: TEventBus;
  readonly clock: TClock;
  readonly preferences: (userId: string) => Promise<TNotificationSettings>;
  /** The workshop's calendar: quiet hours are read in its time zone. */
  readonly calendar: () => Promise<TWorkingCalendar>;
  /** Sends (or, without SMTP_URL, keeps in the outbox) one mail. */
  readonly mail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  /** The address links in mails start with (PUBLIC_URL). */
  readonly publicUrl: string;
  readonly companyName: string;
  readonly logger: Pick<FastifyBaseLogger, 'error'>;
};

/** Whether a user's preferences let a kind of notice into their bell: mentions come with tasks. */
function wanted(preferences: TNotificationSettings, kind: TNotificationKind): boolean {
  return kind === 'alert' ? preferences.alertNotices : preferences.taskNotices;
}

/** The notes a mention notice quotes: at most this many characters. */
const MENTION_EXCERPT = 200;

function toNotification(row: TNotificationRow): TNotification {
  return {
    id: row.id,
    kind: row.kind as TNotificationKind,
    title: row.title,
    message: row.message,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

const jobPath = (kind: string, id: string) => `/${kind === 'order' ? 'orders' : 'repairs'}/${id}`;

/**
 * The header's bell (issue 15 §3): notices kept per user, sent live as `system:notification` to the user's own
 * room only, read one by one or all at once. Workflow assignments and nudges become notices here.
 */
export function createNotificationsService(options: TNotificationsServiceOptions) {
  const { notifications, events, clock, logger } = options;

  async function notify(userIds: readonly string[], notice: TNotice): Promise<void> {
    const recipients: string[] = [];
    const mailTo: string[] = [];
    const now = clock();
    const { timeZone } = await options.calendar();
    for (const userId of new Set(userIds)) {
      const preferences = await options.preferences(userId);
      if (wanted(preferences, notice.kind)) recipients.push(userId);
      // Settings › notifications "E-mail alerts": each alert by e-mail too (SMTP_URL, else the outbox), except
      // in the user's quiet hours; the bell keeps it and the daily digest lists it.
      if (
        notice.kind === 'alert' &&
        preferences.emailAlerts &&
        !isQuietTime(now, preferences.quietHours, timeZone)
      )
        mailTo.push(userId);
    }
    const emails = await notifications.emailsOf(mailTo);
    for (const to of emails.values()) {
      const link = notice.link ? `\n\nOpen it in Loupe: ${options.publicUrl}${notice.link}` : '';
      await options
        .mail({ to, subject: `[${options.companyName}] ${notice.title}`, text: `${notice.message}${link}` })
        .catch((error: unknown) =>
          logger.error({ err: (error as Error).message }, 'notifications: an alert mail could not be queued'),
        );
    }
    const rows = await notifications.insert(recipients.map((userId) => ({ userId, ...notice })));
    for (const row of rows) {
      events.publish(
        'system:notification',
        {
          id: row.id,
          level: notice.kind === 'alert' ? 'warning' : 'info',
          title: row.title,
          message: row.message,
          timestamp: row.createdAt.toISOString(),
          ...(row.link ? { link: row.link } : {}),
        },
        { rooms: [userRoom(row.userId)] },
      );
    }
  }

  /** Workflow news that concerns one person becomes a notice in their bell. */
  async function fromAnnouncement(announcement: TAnnouncement): Promise<void> {
    if (announcement.name === 'workflow:assignment-created') {
      const payload = announcement.payload as {
        assigneeId: string;
        itemType: string;
        itemId: string;
        phase: string;
      };
      const number = (await notifications.jobNumber(payload.itemType, payload.itemId)) ?? 'A job';
      await notify([payload.assigneeId], {
        kind: 'assignment',
        title: `New task: ${number}`,
        message: `You have the ${payload.phase} step of ${number}.`,
        // To the list where the step is done, not the job page: a bench role has no other way there (issue 37 §1).
        link: '/my-tasks',
      });
    } else if (announcement.name === 'workflow:nudge-triggered') {
      const payload = announcement.payload as { userId: string; message: string };
      await notify([payload.userId], {
        kind: 'nudge',
        title: 'Reminder',
        message: payload.message,
        link: '/my-tasks',
      });
    }
  }

  /** Colleagues newly @mentioned in a job's notes hear of it, if they may see the job (issue 15 §3). */
  async function fromNotes(change: TNotesChange): Promise<void> {
    const handles = newMentions(change.before, change.after);
    if (handles.length === 0) return;
    const people = await notifications.mentionableUsers();
    const mayView = (role: string) =>
      change.kind === 'order' || REPAIR_VIEWER_ROLES.includes(roleFromProfile(role));
    const mentioned = mentionedUsers(
      handles,
      people.filter((person) => mayView(person.role)),
    ).filter((id) => id !== change.actorId);
    if (mentioned.length === 0) return;
    const actor = people.find((person) => person.id === change.actorId);
    const text = change.after.trim();
    await notify(mentioned, {
      kind: 'mention',
      title: `${actor ? personName(actor) : 'A colleague'} mentioned you on ${change.number}`,
      message: text.length > MENTION_EXCERPT ? `${text.slice(0, MENTION_EXCERPT - 1)}…` : text,
      link: jobPath(change.kind, change.id),
    });
  }

  return {
    notify,

    /** After an order's or repair's notes changed; never throws into the caller's request. */
    /**
     * A cause that cleared (an alert resolved or gone by itself) takes its notices back from the bells that have
     * not read them yet. The caller announces the change (`system:alert`), which refreshes those bells.
     */
    async withdraw(source: string): Promise<number> {
      return (await notifications.withdraw(source)).length;
    },

    notesChanged(change: TNotesChange): void {
      fromNotes(change).catch((error: unknown) => {
        logger.error({ err: (error as Error).message }, 'notifications: could not tell of a mention');
      });
    },

    /** Listens to the event bus; returns the way to stop. */
    followWorkflow(): () => void {
      return events.subscribe((announcement) => {
        if (!announcement.name.startsWith('workflow:')) return;
        fromAnnouncement(announcement).catch((error: unknown) => {
          logger.error(
            { err: (error as Error).message },
            'notifications: could not record a workflow notice',
          );
        });
      });
    },

    async list(userId: string): Promise<TNotificationList> {
      const { items, unread } = await notifications.listOf(userId);
      return { items: items.map(toNotification), unread };
    },

    async markRead(userId: string, id: string): Promise<void> {
      if ((await notifications.markRead(userId, clock(), id)) === 0) {
        const { items } = await notifications.listOf(userId);
        if (!items.some((item) => item.id === id))
          throw new AppError('NOT_FOUND', 'There is no such notice.');
      }
    },

    async markAllRead(userId: string): Promise<number> {
      return notifications.markRead(userId, clock());
    },
  };
}

export type TNotificationsService = ReturnType<typeof createNotificationsService>;

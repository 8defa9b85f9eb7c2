import type { TAlert } from '@loupe/domain/alerts/alerts';
import { type TActor, ZRoleSchema } from '@loupe/domain/auth/roles';
import { composeDigest, type TDigestLine } from '@loupe/domain/notifications/digest';
import type { TNotificationSettings } from '@loupe/domain/settings/notification-settings';
import type { TMyTasks } from '@loupe/domain/workflow/workflow-api';
import { openedWorkshopDate, type TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../../lib/clock.ts';
import type { TNotificationsRepository } from './repository.ts';

export type TDigestServiceOptions = {
  readonly notifications: TNotificationsRepository;
  readonly clock: TClock;
  readonly calendar: () => Promise<TWorkingCalendar>;
  readonly preferences: (userId: string) => Promise<TNotificationSettings>;
  /** The open alerts the actor may see, or null when their role has no alert feed. */
  readonly alertsFor: (actor: TActor) => Promise<TAlert[] | null>;
  readonly tasksFor: (actor: TActor & { id: string }) => Promise<TMyTasks>;
  readonly mail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  readonly publicUrl: string;
  readonly companyName: string;
  readonly logger: Pick<FastifyBaseLogger, 'error'>;
};

const jobPath = (kind: string, id: string) => `/${kind === 'order' ? 'orders' : 'repairs'}/${id}`;

/**
 * The daily digest (issue 15 §4): once the workshop opens on an open day, each user who chose it gets one
 * mail of their tasks, their customers' finished pieces and the open alerts they may see. Sent once per user
 * and date however many processes run the sweep.
 */
export function createDigestService(options: TDigestServiceOptions) {
  const { notifications, logger } = options;

  async function digestOf(actor: TActor & { id: string }, date: string, timeZone: string) {
    const tasks = await options.tasksFor(actor);
    const due = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    const taskLines: TDigestLine[] = tasks.assignments.map((task) => ({
      text: `${task.number} — ${task.phaseName}${task.dueAt ? `, due ${due.format(new Date(task.dueAt))}` : ''}`,
      link: jobPath(task.kind, task.itemId),
    }));
    const readyLines: TDigestLine[] = tasks.responsibleFor.map((job) => ({
      text: `${job.number} for ${job.customerName}: ${job.status === 'ready' ? 'ready for pickup' : 'awaiting approval'}`,
      link: jobPath(job.kind, job.id),
    }));
    const alerts = await options.alertsFor(actor);
    const alertLines =
      alerts?.map((alert) => ({
        text: `${alert.title} (${alert.severity})`,
        link:
          alert.subject.kind === 'reader' ? '/rfid-mapping' : jobPath(alert.subject.kind, alert.subject.id),
      })) ?? null;
    const { unread } = await notifications.listOf(actor.id);
    return composeDigest({
      companyName: options.companyName,
      date,
      publicUrl: options.publicUrl,
      alerts: alertLines,
      tasks: taskLines,
      readyForPickup: readyLines,
      unreadNotices: unread,
    });
  }

  return {
    /** Sends today's digests not yet sent; returns how many went out. */
    async sendDue(): Promise<number> {
      const calendar = await options.calendar();
      const date = openedWorkshopDate(options.clock(), calendar);
      if (date === null) return 0;
      let sent = 0;
      for (const user of await notifications.activeUsers()) {
        const role = ZRoleSchema.safeParse(user.role);
        if (!role.success || !(await options.preferences(user.id)).dailyDigest) continue;
        if (!(await notifications.claimDigest(user.id, date))) continue;
        try {
          const mail = await digestOf({ id: user.id, role: role.data }, date, calendar.timeZone);
          await options.mail({ to: user.email, ...mail });
          sent += 1;
        } catch (error) {
          logger.error({ err: (error as Error).message, userId: user.id }, 'notifications: a digest failed');
        }
      }
      return sent;
    },
  };
}

export type TDigestService = ReturnType<typeof createDigestService>;

import { orderDesignStage } from '@loupe/domain/designs/design-board';
import type { TWorkshopGeneralSettings } from '@loupe/domain/settings/workshop-general-settings';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.ts';
import type { TClock } from '../lib/clock.ts';
import type { TOutboundGuard } from '../lib/outbound-url.ts';
import type { TSecretBox } from '../lib/secret-box.ts';
import { ALERT_VIEWER_ROLES, createAlertsService } from '../modules/alerts/service.ts';
import { createCustomerMessagesService } from '../modules/customer-messages/service.ts';
import { createDesignsService } from '../modules/designs/service.ts';
import type { TJobStates } from '../modules/jobs/job-states.ts';
import type { TMailer } from '../modules/mail/mailer.ts';
import { createDigestService } from '../modules/notifications/digest.ts';
import { createNotificationsService } from '../modules/notifications/service.ts';
import { createPublicLinksService } from '../modules/public-links/service.ts';
import type { TSettingsService } from '../modules/settings/service.ts';
import { createTvService } from '../modules/tv/service.ts';
import type { TWorkflowService } from '../modules/workflow/service.ts';
import type { TEventBus } from '../realtime/event-bus.ts';
import type { TRepositories } from './repositories.ts';

/**
 * What tells people: the bell and its digests, alerts, the station TVs, and what reaches customers — their
 * tracking links, the designs they approve, and the messages about their jobs.
 */
export function composeMessaging(context: {
  readonly config: TConfig;
  readonly repos: TRepositories;
  readonly clock: TClock;
  readonly events: TEventBus;
  readonly logger: FastifyBaseLogger;
  readonly outbound: TOutboundGuard;
  readonly mailer: TMailer;
  readonly secretBox: TSecretBox;
  readonly settingsService: TSettingsService;
  readonly generalSettings: () => Promise<TWorkshopGeneralSettings>;
  readonly workflow: TWorkflowService;
  readonly jobStates: TJobStates;
}) {
  const { config, repos, clock, events, logger, mailer, secretBox, settingsService, workflow } = context;
  const { audit, settings } = repos;
  const calendar = () => settingsService.workingCalendar();
  const companyName = async () => (await settingsService.branding()).companyName;
  const notifications = createNotificationsService({
    notifications: repos.notifications,
    events,
    clock,
    preferences: (userId) => settingsService.noticePreferences(userId),
    calendar,
    mail: (mail) => mailer.send(mail),
    publicUrl: config.publicUrl,
    companyName: config.COMPANY_NAME,
    logger,
  });
  const alerts = createAlertsService({
    alerts: repos.alerts,
    events,
    clock,
    calendar,
    openJobs: () => context.jobStates.records({ kinds: ['order', 'repair'] }),
    settings,
    notify: (userIds, notice) => notifications.notify(userIds, notice),
    withdrawNotices: (source) => notifications.withdraw(source),
    audit,
    logger,
  });
  const digests = createDigestService({
    notifications: repos.notifications,
    clock,
    calendar,
    preferences: (userId) => settingsService.noticePreferences(userId),
    alertsFor: async (actor) => {
      if (!ALERT_VIEWER_ROLES.includes(actor.role)) return null;
      const [open, acknowledged] = await Promise.all([
        alerts.list(actor, { status: 'open' }),
        alerts.list(actor, { status: 'acknowledged' }),
      ]);
      return [...open, ...acknowledged];
    },
    tasksFor: (actor) => workflow.myTasks(actor, null),
    mail: (mail) => mailer.send(mail),
    publicUrl: config.publicUrl,
    companyName: config.COMPANY_NAME,
    logger,
  });
  const tv = createTvService({
    tv: repos.tv,
    audit,
    events,
    clock,
    calendar,
    stationPieces: (station, kinds) => workflow.stationPieces(station, kinds),
  });
  const publicLinks = createPublicLinksService({
    links: repos.publicLinks,
    clock,
    box: secretBox,
    audit,
    publicUrl: config.publicUrl,
    generalSettings: context.generalSettings,
    companyName,
  });
  const designs = createDesignsService({
    designs: repos.designs,
    attachments: repos.ownedAttachments,
    publicLinks: repos.publicLinks,
    history: repos.itemHistory,
    clock,
    events,
    box: secretBox,
    publicUrl: config.publicUrl,
    companyName,
    notify: (userIds, notice) => notifications.notify(userIds, notice),
    afterDesignApproved: (tx, approved) => workflow.afterDesignApproved(tx, approved),
    // The board's columns follow the order's phase as every other screen has it (issue 35 §7).
    orderPhases: async (orderIds) => {
      if (orderIds.length === 0) return new Map();
      const records = await context.jobStates.records({ kinds: ['order'], ids: orderIds });
      return new Map(
        records.map(({ card, phases }) => [
          card.id,
          {
            key: card.workflow.phaseKey,
            name: card.workflow.phaseName,
            stage: orderDesignStage(phases, card.workflow),
          },
        ]),
      );
    },
    logger,
  });
  const customerMessages = createCustomerMessagesService({
    messages: repos.customerMessages,
    clock,
    events,
    settings,
    box: secretBox,
    audit,
    mailer,
    publicLinks,
    logger,
    outbound: context.outbound,
  });

  /** Once at start: assignments and nudges become notices, job events customer messages. Returns the stop. */
  function follow(): () => void {
    const stops = [notifications.followWorkflow(), customerMessages.followJobs()];
    return () => {
      for (const stop of stops) stop();
    };
  }

  return { notifications, alerts, digests, tv, publicLinks, designs, customerMessages, follow };
}

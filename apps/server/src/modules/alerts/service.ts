import {
  ALERT_RULE_DEFAULTS,
  alertChanges,
  EVENT_ALERT_RULES,
  parseStoredAlertRules,
  SEVERITY_RANK,
  type TAlert,
  type TAlertCause,
  type TAlertQuery,
  type TAlertRules,
  type TAlertSubjectKind,
  ZAlertQuerySchema,
  ZAlertRulesSchema,
  ZResolveAlertSchema,
} from '@loupe/domain/alerts/alerts';
import { calendarDateText } from '@loupe/domain/api/dates';
import { REPAIR_VIEWER_ROLES } from '@loupe/domain/auth/permissions';
import type { TActor, TRole } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { jobPlaceText } from '@loupe/domain/jobs/job-views';
import { ROUTE_ACCESS } from '@loupe/domain/navigation/sidebar';
import { plural } from '@loupe/domain/text/plural';
import { isWorkshopOpen, type TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TRequestContext } from '../auth/service.ts';
import type { TJobRecord } from '../jobs/job-states.ts';
import type { TAlertListRow, TAlertRow, TAlertsRepository } from './repository.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** An antenna's unplaced reads count as "still happening" for this long after the last one. */
const UNRESOLVED_WINDOW_MS = HOUR_MS;
const SETTINGS_KEY = 'alerts';
const CLEARED_NOTE = 'Cleared by itself: the cause went away.';
/**
 * A condition that comes back this soon after its alert cleared by itself reopens that alert, quietly, rather
 * than raise a new one: one alert per condition per job, not one per sweep (issue 32).
 */
const REOPEN_WITHIN_MS = 24 * HOUR_MS;

/** Who sees the feed (spec §2: admin, manager, designer) and who changes the rules and resolves alerts. */
export const ALERT_VIEWER_ROLES = ROUTE_ACCESS['/alerts'] as readonly TRole[];
export const ALERT_MANAGER_ROLES = ['admin', 'manager'] as const satisfies readonly TRole[];

export type TAlertsServiceOptions = {
  readonly alerts: TAlertsRepository;
  readonly events: TEventBus;
  readonly clock: TClock;
  readonly calendar: () => Promise<TWorkingCalendar>;
  /** Every open job as the job read model holds it: its state, phase and place. */
  readonly openJobs: () => Promise<readonly TJobRecord[]>;
  readonly settings: {
    read(key: string, schema: z.ZodType<unknown>): Promise<unknown>;
    write(key: string, value: unknown, updatedBy: string | null): Promise<void>;
  };
  readonly notify: (
    userIds: readonly string[],
    notice: { kind: 'alert'; title: string; message: string; link: string | null; source: string },
  ) => Promise<void>;
  /** Takes back the bells' unread notices of an alert whose cause cleared. */
  readonly withdrawNotices: (source: string) => Promise<unknown>;
  readonly audit: { record(entry: Record<string, unknown> & { action: 'settings.updated' }): Promise<void> };
  readonly logger: Pick<FastifyBaseLogger, 'error'>;
};

const subjectPath = (kind: TAlertSubjectKind, id: string) =>
  kind === 'reader' ? '/rfid-mapping' : `/${kind === 'order' ? 'orders' : 'repairs'}/${id}`;

function statusOf(row: TAlertRow): TAlert['status'] {
  if (row.resolvedAt !== null) return 'resolved';
  return row.acknowledgedAt !== null ? 'acknowledged' : 'open';
}

function toAlert(row: TAlertListRow): TAlert {
  return {
    id: row.id,
    rule: row.rule as TAlert['rule'],
    severity: row.severity as TAlert['severity'],
    title: row.title,
    message: row.message,
    subject: { kind: row.subjectKind as TAlertSubjectKind, id: row.subjectId, label: row.subjectLabel },
    status: statusOf(row),
    raisedAt: row.raisedAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedByName,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedByName,
    resolutionNote: row.resolutionNote,
    clearedAutomatically: row.clearedAt !== null,
  };
}

const hoursText = (ms: number) => {
  const hours = Math.floor(ms / HOUR_MS);
  return hours >= 48 ? `${Math.floor(hours / 24)} days` : `${hours} hours`;
};

/**
 * Alerts (issue 15 §1, §2): the rules evaluated on the server as reads and time pass (`evaluate`, every
 * minute), raised once per cause and cleared when the cause goes away; the feed with acknowledge and resolve.
 */
export function createAlertsService(options: TAlertsServiceOptions) {
  const { alerts, events, clock, logger } = options;

  const mayView = (actor: TActor) => ALERT_VIEWER_ROLES.includes(actor.role);
  const mayManage = (actor: TActor) => (ALERT_MANAGER_ROLES as readonly TRole[]).includes(actor.role);
  const seesRepairs = (actor: TActor) => REPAIR_VIEWER_ROLES.includes(actor.role);

  /** The bells' notices of an alert are known by this. */
  const noticeSource = (alertId: string) => `alert:${alertId}`;

  /** Takes an alert's unread notices back from the bells; a failure is logged, the alert still clears. */
  async function withdraw(alertId: string): Promise<void> {
    await options
      .withdrawNotices(noticeSource(alertId))
      .catch((error: unknown) =>
        logger.error({ err: (error as Error).message }, 'alerts: could not withdraw the notices of an alert'),
      );
  }

  async function rules(): Promise<TAlertRules> {
    return parseStoredAlertRules(await options.settings.read(SETTINGS_KEY, z.unknown()));
  }

  function announce(row: TAlertRow): void {
    events.publish('system:alert', {
      id: row.id,
      severity: row.severity as TAlert['severity'],
      title: row.title,
      message: row.message,
      timestamp: (row.resolvedAt ?? row.acknowledgedAt ?? row.raisedAt).toISOString(),
      status: statusOf(row),
      ...(row.subjectKind === 'order' || row.subjectKind === 'repair' ? { itemType: row.subjectKind } : {}),
    });
  }

  /** Every condition that holds now, under the rules that are on. */
  async function causes(now: Date, current: TAlertRules): Promise<TAlertCause[]> {
    const found: TAlertCause[] = [];
    const calendar = await options.calendar();

    // Every job rule reads the job read model: overdue, at risk, offsite and where a piece is mean what they
    // mean on every screen (jobs/job-state.ts).
    const stuck = current['stuck-at-station'];
    const offsite = current['offsite-too-long'];
    const anyJobRule =
      current['job-overdue'].enabled || current['job-at-risk'].enabled || stuck.enabled || offsite.enabled;
    for (const { card: job, row } of anyJobRule ? await options.openJobs() : []) {
      const subject = { kind: job.kind, id: job.id, label: job.number };
      const where = `${job.workflow.phaseName}, ${jobPlaceText(job)}`;
      if (current['job-overdue'].enabled && job.state.isOverdue && job.promisedDate !== null) {
        found.push({
          rule: 'job-overdue',
          causeKey: `job-overdue:${job.kind}:${job.id}`,
          severity: current['job-overdue'].severity,
          title: `${job.number} is overdue`,
          message: `Promised to ${job.customerName} for ${calendarDateText(job.promisedDate)}, ${plural(job.state.daysOverdue, 'day')} ago. Now in ${where}.`,
          subject,
        });
      } else if (current['job-at-risk'].enabled && job.state.isAtRisk && job.promisedDate !== null) {
        const latest = job.prediction?.latest.slice(0, 10);
        found.push({
          rule: 'job-at-risk',
          causeKey: `job-at-risk:${job.kind}:${job.id}`,
          severity: current['job-at-risk'].severity,
          title: `${job.number} is at risk`,
          message: `Predicted done by ${latest ? calendarDateText(latest) : 'later'}, after its promised date ${calendarDateText(job.promisedDate)}. Now in ${where}.`,
          subject,
        });
      }
      // A piece waiting for its customer is not stuck; work that sits at one station is.
      const since = row.arrivedAt;
      if (
        stuck.enabled &&
        job.state.isInWork &&
        !job.state.isOffsite &&
        job.location !== null &&
        since !== null &&
        since.getTime() < now.getTime() - stuck.limit * HOUR_MS
      ) {
        found.push({
          rule: 'stuck-at-station',
          causeKey: `stuck-at-station:${job.kind}:${job.id}`,
          severity: stuck.severity,
          title: `${job.number} has not moved`,
          message: `At ${job.location.stationName} (${job.location.departmentName}) for ${hoursText(now.getTime() - since.getTime())}.`,
          subject,
        });
      }
      const gone = job.state.offsiteSince === null ? null : Date.parse(job.state.offsiteSince);
      if (offsite.enabled && gone !== null && gone < now.getTime() - offsite.limit * HOUR_MS) {
        found.push({
          rule: 'offsite-too-long',
          causeKey: `offsite-too-long:${job.kind}:${job.id}`,
          severity: offsite.severity,
          title: `${job.number} is still offsite`,
          message: `Offsite for ${hoursText(now.getTime() - gone)}; last seen at ${job.location?.stationName ?? 'an unknown place'}.`,
          subject,
        });
      }
    }

    const silent = current['reader-silent'];
    // A reader switched off at night is no news: only while the workshop is open.
    if (silent.enabled && isWorkshopOpen(now, calendar)) {
      for (const reader of await alerts.silentReaders(new Date(now.getTime() - silent.limit * MINUTE_MS))) {
        const minutes = Math.floor((now.getTime() - (reader.lastHeartbeat?.getTime() ?? 0)) / MINUTE_MS);
        found.push({
          rule: 'reader-silent',
          causeKey: `reader-silent:${reader.id}`,
          severity: silent.severity,
          title: `${reader.name} is silent`,
          message: `Nothing heard from reader ${reader.id} for ${minutes} minutes while the workshop is open.`,
          subject: { kind: 'reader', id: reader.id, label: reader.name },
        });
      }
    }

    const unmapped = current['unmapped-antenna'];
    const unknown = current['unknown-tag'];
    if (unmapped.enabled || unknown.enabled) {
      for (const row of await alerts.unresolvedSince(new Date(now.getTime() - UNRESOLVED_WINDOW_MS))) {
        const where = `${row.readerId}, antenna ${row.antenna}`;
        if (row.reason === 'unmapped-antenna' && unmapped.enabled) {
          found.push({
            rule: 'unmapped-antenna',
            causeKey: `unmapped-antenna:${row.readerId}:${row.antenna}`,
            severity: unmapped.severity,
            title: `Antenna ${row.antenna} of ${row.readerId} is not mapped`,
            message: `It reads tags (${row.reads} so far) but stands for no station: map it on RFID Mapping.`,
            subject: { kind: 'reader', id: row.readerId, label: where },
          });
        } else if (row.reason === 'unknown-tag' && unknown.enabled) {
          found.push({
            rule: 'unknown-tag',
            causeKey: `unknown-tag:${row.readerId}:${row.antenna}`,
            severity: unknown.severity,
            title: `Unknown tag at ${where}`,
            message: `Tag ${row.lastEpc} is on no open job: a delivered job’s envelope, or a tag never assigned.`,
            subject: { kind: 'reader', id: row.readerId, label: where },
          });
        }
      }
    }
    return found;
  }

  /** A new alert for its cause, announced and sent to the bells; false when that cause's alert is open. */
  async function raiseOne(cause: TAlertCause, recipients: readonly string[], now: Date): Promise<boolean> {
    const row = await alerts.insertAlert({
      rule: cause.rule,
      causeKey: cause.causeKey,
      severity: cause.severity,
      title: cause.title,
      message: cause.message,
      subjectKind: cause.subject.kind,
      subjectId: cause.subject.id,
      subjectLabel: cause.subject.label,
      raisedAt: now,
    });
    if (!row) return false;
    announce(row);
    await options
      .notify(recipients, {
        kind: 'alert',
        title: row.title,
        message: row.message,
        link: subjectPath(cause.subject.kind, cause.subject.id),
        source: noticeSource(row.id),
      })
      .catch((error: unknown) =>
        logger.error({ err: (error as Error).message }, 'alerts: could not notify of an alert'),
      );
    return true;
  }

  const service = {
    /** One evaluation: raise what is new, clear what went away. Returns how many were raised and cleared. */
    async evaluate(): Promise<{ raised: number; cleared: number }> {
      const now = clock();
      const [current, allOpen, allSettled] = await Promise.all([
        rules(),
        alerts.openAlerts(),
        alerts.settledAlerts(),
      ]);
      // Alerts raised when something happened (raise) are not the sweep's to clear.
      const isSwept = (row: { rule: string }) => !(EVENT_ALERT_RULES as readonly string[]).includes(row.rule);
      const open = allOpen.filter(isSwept);
      const settled = allSettled.filter(isSwept);
      const found = await causes(now, current);
      const { raise, clear, ended } = alertChanges(found, open, settled);
      await alerts.endCauses(
        ended.map((row) => row.id),
        now,
      );
      // An open alert's text follows its cause: where the piece is now, how many days overdue.
      const byKey = new Map(found.map((cause) => [cause.causeKey, cause]));
      const retold = await alerts.retell(
        open.flatMap((row) => {
          const cause = byKey.get(row.causeKey);
          return cause && (cause.title !== row.title || cause.message !== row.message)
            ? [{ id: row.id, title: cause.title, message: cause.message }]
            : [];
        }),
      );
      for (const row of retold) announce(row);
      // A condition back soon after it cleared by itself reopens its alert, without telling anyone again.
      const recent = await alerts.recentlyCleared(
        raise.map((cause) => cause.causeKey),
        new Date(now.getTime() - REOPEN_WITHIN_MS),
      );
      let raised = 0;
      const fresh = raise.filter((cause) => !recent.has(cause.causeKey));
      const recipients = fresh.length > 0 ? await alerts.alertRecipients() : [];
      for (const cause of raise) {
        const earlier = recent.get(cause.causeKey);
        if (earlier !== undefined) {
          const row = await alerts.reopen(earlier.id, { title: cause.title, message: cause.message });
          if (row) announce(row);
          continue;
        }
        if (await raiseOne(cause, recipients, now)) raised += 1;
      }
      const cleared = await alerts.clear(
        clear.map((row) => row.id),
        now,
        CLEARED_NOTE,
      );
      for (const row of cleared) {
        await withdraw(row.id);
        announce(row);
      }
      return { raised, cleared: cleared.length };
    },

    /**
     * Raises alerts for something that happened (a closing count's missing pieces, issue 37 §5), if their rule
     * is on, at its severity: once per cause, announced and sent to the bells like the sweep's. Returns how
     * many were raised.
     */
    async raise(causes: readonly Omit<TAlertCause, 'severity'>[]): Promise<number> {
      const current = await rules();
      const now = clock();
      const on = causes.filter((cause) => current[cause.rule].enabled);
      const recipients = on.length > 0 ? await alerts.alertRecipients() : [];
      let raised = 0;
      for (const cause of on) {
        if (await raiseOne({ ...cause, severity: current[cause.rule].severity }, recipients, now))
          raised += 1;
      }
      return raised;
    },

    async list(actor: TActor, query: TAlertQuery): Promise<TAlert[]> {
      if (!mayView(actor)) throw forbidden('You do not have permission to see alerts.');
      const filter = ZAlertQuerySchema.parse(query);
      const rows = await alerts.list(filter);
      return rows
        .filter((row) => row.subjectKind !== 'repair' || seesRepairs(actor))
        .map(toAlert)
        .sort(
          (a, b) =>
            Number(a.status === 'resolved') - Number(b.status === 'resolved') ||
            SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
            b.raisedAt.localeCompare(a.raisedAt),
        );
    },

    async acknowledge(actor: TActor & { id: string }, id: string): Promise<TAlert> {
      if (!mayView(actor)) throw forbidden('You do not have permission to acknowledge alerts.');
      const row = await alerts.acknowledge(id, actor.id, clock());
      if (!row) throw await notOpen(id, 'acknowledged');
      announce(row);
      return one(row.id);
    },

    async resolve(actor: TActor & { id: string }, id: string, input: { note: string }): Promise<TAlert> {
      if (!mayManage(actor)) throw forbidden('Only admins and managers can resolve alerts.');
      const { note } = ZResolveAlertSchema.parse(input);
      const row = await alerts.resolve(id, actor.id, clock(), note);
      if (!row) throw await notOpen(id, 'resolved');
      await withdraw(row.id);
      announce(row);
      return one(row.id);
    },

    async rules(actor: TActor): Promise<TAlertRules> {
      if (!mayView(actor)) throw forbidden('You do not have permission to see alert rules.');
      return rules();
    },

    async updateRules(
      actor: TActor & { id: string },
      input: TAlertRules,
      context: TRequestContext,
    ): Promise<TAlertRules> {
      if (!mayManage(actor)) throw forbidden('Only admins and managers can change alert rules.');
      const next = ZAlertRulesSchema.parse(input);
      await options.settings.write(SETTINGS_KEY, next, actor.id);
      await options.audit.record({
        action: 'settings.updated',
        at: clock(),
        actorId: actor.id,
        subject: SETTINGS_KEY,
        ...context,
        details: { section: 'alerts' },
      });
      return next;
    },

    defaults: ALERT_RULE_DEFAULTS,
  };

  async function one(id: string): Promise<TAlert> {
    const [row] = await alerts.list({ id });
    if (!row) throw new AppError('NOT_FOUND', 'There is no such alert.');
    return toAlert(row);
  }

  async function notOpen(id: string, what: string): Promise<AppError> {
    const row = await alerts.find(id);
    if (!row) return new AppError('NOT_FOUND', 'There is no such alert.');
    return new AppError('CONFLICT', `This alert is already ${row.resolvedAt ? 'resolved' : what}.`);
  }

  return service;
}

export type TAlertsService = ReturnType<typeof createAlertsService>;

import { CLIENT_TELEMETRY } from '@loupe/domain/config/client-telemetry';
import { METRICS } from '@loupe/domain/config/constants';
import {
  scrubTelemetryText,
  type TClientTelemetryBatch,
  type TSystemHealth,
  telemetryPath,
} from '@loupe/domain/system/client-telemetry';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TCurrentUser } from '../auth/current-user.ts';
import type { TClientTelemetryRepository } from './repository.ts';

export type TClientTelemetryServiceOptions = {
  readonly repository: TTransactional<TClientTelemetryRepository>;
  readonly clock: TClock;
};

/**
 * Client error and performance tracking (issue 36 §2): every signed-in browser reports its own errors and
 * request timings; admins read them on the System health page. What is kept is scrubbed again here, as the
 * browser's word is not taken for it: paths lose queries and ids, messages lose addresses and numbers.
 */
export function createClientTelemetryService(options: TClientTelemetryServiceOptions) {
  const { repository, clock } = options;

  return {
    /** POST /telemetry/client: the caller's own report, under their user id. */
    async report(
      actor: TCurrentUser,
      batch: TClientTelemetryBatch,
      clientVersion: string | null,
    ): Promise<{ errors: number; metrics: number }> {
      await repository.insertReport({
        userId: actor.id,
        clientVersion: clientVersion?.slice(0, 50) ?? null,
        receivedAt: clock(),
        errors: batch.errors.map((error) => ({
          ...error,
          route: telemetryPath(error.route),
          message: scrubTelemetryText(error.message, CLIENT_TELEMETRY.maxMessageChars),
          stack:
            error.stack === null ? null : scrubTelemetryText(error.stack, CLIENT_TELEMETRY.maxStackChars),
        })),
        metrics: batch.metrics.map((metric) => ({
          ...metric,
          route: telemetryPath(metric.route),
          endpoint: telemetryPath(metric.endpoint),
        })),
      });
      return { errors: batch.errors.length, metrics: batch.metrics.length };
    },

    /** GET /telemetry/health (admins): the last `hours` of errors, slow requests and timings by endpoint. */
    async health(actor: TCurrentUser, query: { hours: number }): Promise<TSystemHealth> {
      if (actor.role !== 'admin') throw forbidden('Only admins can see the system health.');
      const since = new Date(clock().getTime() - query.hours * 3_600_000);
      const [recentErrors, slowRequests, endpoints] = await Promise.all([
        repository.recentErrors(since, CLIENT_TELEMETRY.recentLimit),
        repository.slowRequests(since, METRICS.slowRequestThresholdMs, CLIENT_TELEMETRY.recentLimit),
        repository.endpointTimings(since),
      ]);
      return {
        since: since.toISOString(),
        slowRequestThresholdMs: METRICS.slowRequestThresholdMs,
        recentErrors,
        slowRequests,
        endpoints,
      };
    },

    /** The retention sweep: what was received more than CLIENT_TELEMETRY.retentionMs ago goes. */
    sweepExpired: () =>
      repository.deleteReceivedBefore(new Date(clock().getTime() - CLIENT_TELEMETRY.retentionMs)),
  };
}

export type TClientTelemetryService = ReturnType<typeof createClientTelemetryService>;

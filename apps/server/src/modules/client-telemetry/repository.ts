import type {
  TClientError,
  TEndpointTiming,
  TReportedClientError,
  TReportedRequest,
  TRequestMetric,
} from '@loupe/domain/system/client-telemetry';
import { and, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { clientErrors, clientRequestMetrics } from '../../db/schema/client-telemetry.ts';
import { users } from '../../db/schema/users.ts';

export type TReport = {
  readonly userId: string;
  readonly clientVersion: string | null;
  readonly receivedAt: Date;
  readonly errors: readonly TClientError[];
  readonly metrics: readonly TRequestMetric[];
};

export function createClientTelemetryRepository(db: TDatabase) {
  return {
    async insertReport(report: TReport): Promise<void> {
      const { userId, clientVersion, receivedAt } = report;
      if (report.errors.length > 0) {
        await db.insert(clientErrors).values(
          report.errors.map((error) => ({
            ...error,
            at: new Date(error.at),
            receivedAt,
            userId,
            clientVersion,
          })),
        );
      }
      if (report.metrics.length > 0) {
        await db
          .insert(clientRequestMetrics)
          .values(
            report.metrics.map((metric) => ({ ...metric, at: new Date(metric.at), receivedAt, userId })),
          );
      }
    },

    async recentErrors(since: Date, limit: number): Promise<TReportedClientError[]> {
      const rows = await db
        .select({
          id: clientErrors.id,
          at: clientErrors.at,
          source: clientErrors.source,
          message: clientErrors.message,
          stack: clientErrors.stack,
          route: clientErrors.route,
          correlationId: clientErrors.correlationId,
          clientVersion: clientErrors.clientVersion,
          userId: clientErrors.userId,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(clientErrors)
        .leftJoin(users, eq(users.id, clientErrors.userId))
        .where(gte(clientErrors.receivedAt, since))
        .orderBy(desc(clientErrors.at), desc(clientErrors.id))
        .limit(limit);
      return rows.map(({ firstName, lastName, ...row }) => ({
        ...row,
        at: row.at.toISOString(),
        source: row.source as TReportedClientError['source'],
        userName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim() || null,
      }));
    },

    async slowRequests(since: Date, thresholdMs: number, limit: number): Promise<TReportedRequest[]> {
      const rows = await db
        .select()
        .from(clientRequestMetrics)
        .where(
          and(gte(clientRequestMetrics.receivedAt, since), gt(clientRequestMetrics.durationMs, thresholdMs)),
        )
        .orderBy(desc(clientRequestMetrics.at), desc(clientRequestMetrics.id))
        .limit(limit);
      return rows.map(({ receivedAt: _receivedAt, ...row }) => ({
        ...row,
        at: row.at.toISOString(),
        method: row.method as TReportedRequest['method'],
      }));
    },

    /** p50 and p95 of each endpoint's durations, slowest p95 first. */
    async endpointTimings(since: Date): Promise<TEndpointTiming[]> {
      const rows = await db
        .select({
          method: clientRequestMetrics.method,
          endpoint: clientRequestMetrics.endpoint,
          count: sql<number>`count(*)::integer`,
          p50Ms: sql<number>`percentile_cont(0.5) within group (order by ${clientRequestMetrics.durationMs})::float8`,
          p95Ms: sql<number>`percentile_cont(0.95) within group (order by ${clientRequestMetrics.durationMs})::float8`,
          errorCount: sql<number>`count(*) filter (where ${clientRequestMetrics.status} = 0 or ${clientRequestMetrics.status} >= 500)::integer`,
        })
        .from(clientRequestMetrics)
        .where(gte(clientRequestMetrics.receivedAt, since))
        .groupBy(clientRequestMetrics.method, clientRequestMetrics.endpoint)
        .orderBy(sql`5 desc`, clientRequestMetrics.endpoint);
      return rows.map((row) => ({
        ...row,
        method: row.method as TEndpointTiming['method'],
        p50Ms: Math.round(Number(row.p50Ms)),
        p95Ms: Math.round(Number(row.p95Ms)),
      }));
    },

    /** Deletes what was received before `before`; how many rows went. */
    async deleteReceivedBefore(before: Date): Promise<number> {
      const errors = await db
        .delete(clientErrors)
        .where(lt(clientErrors.receivedAt, before))
        .returning({ id: clientErrors.id });
      const metrics = await db
        .delete(clientRequestMetrics)
        .where(lt(clientRequestMetrics.receivedAt, before))
        .returning({ id: clientRequestMetrics.id });
      return errors.length + metrics.length;
    },
  };
}

export type TClientTelemetryRepository = ReturnType<typeof createClientTelemetryRepository>;

import type {
  TEndpointTiming,
  TReportedClientError,
  TReportedRequest,
} from '@loupe/domain/system/client-telemetry';
import { type ReactNode, useState } from 'react';
import { NO_FIGURE, type TCellValue, type TColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/filter-select';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/date-format';
import { formatCount } from '@/lib/number-format';
import { useSystemHealth } from '../api/get-system-health';

const PERIODS = [
  { value: '1', label: 'Last hour' },
  { value: '24', label: 'Last 24 hours' },
  { value: '168', label: 'Last 7 days' },
  { value: '336', label: 'Last 14 days' },
] as const;

const count = (value: TCellValue) => (typeof value === 'number' ? formatCount(value) : NO_FIGURE);
const ms = (value: TCellValue) => (typeof value === 'number' ? `${formatCount(value)} ms` : NO_FIGURE);

function HealthCard({
  title,
  description,
  isEmpty,
  empty,
  children,
}: {
  title: string;
  description: string;
  isEmpty: boolean;
  empty: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {isEmpty ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
      </CardContent>
    </Card>
  );
}

const ENDPOINT_COLUMNS: readonly TColumn<TEndpointTiming>[] = [
  { key: 'endpoint', header: 'Endpoint', value: (row) => `${row.method} ${row.endpoint}` },
  { key: 'count', header: 'Requests', value: (row) => row.count, format: count, isNumeric: true },
  { key: 'p50', header: 'p50', value: (row) => row.p50Ms, format: ms, isNumeric: true },
  { key: 'p95', header: 'p95', value: (row) => row.p95Ms, format: ms, isNumeric: true },
  { key: 'failed', header: 'Failed', value: (row) => row.errorCount, format: count, isNumeric: true },
];

const SLOW_REQUEST_COLUMNS: readonly TColumn<TReportedRequest>[] = [
  { key: 'at', header: 'When', value: (row) => row.at, format: (_, row) => formatDateTime(row.at) },
  { key: 'request', header: 'Request', value: (row) => `${row.method} ${row.endpoint}` },
  { key: 'took', header: 'Took', value: (row) => row.durationMs, format: ms, isNumeric: true },
  { key: 'status', header: 'Status', value: (row) => (row.status === 0 ? 'No answer' : row.status) },
  { key: 'screen', header: 'Screen', value: (row) => row.route },
  { key: 'correlation', header: 'Correlation id', value: (row) => row.correlationId },
];

function ErrorList({ errors }: { errors: readonly TReportedClientError[] }) {
  return (
    <ul aria-label="Recent client errors" className="flex flex-col divide-y">
      {errors.map((error) => (
        <li key={error.id} className="flex flex-col gap-1 py-3 first:pt-0">
          <p className="font-medium break-words">{error.message}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span>{formatDateTime(error.at)}</span>
            <Badge variant="outline">{error.source}</Badge>
            <span className="font-mono">{error.route}</span>
            <span>{error.userName ?? error.userId ?? 'Unknown user'}</span>
            {error.correlationId ? <span className="font-mono">{error.correlationId}</span> : null}
            {error.clientVersion ? <span>v{error.clientVersion}</span> : null}
          </p>
          {error.stack ? (
            <details className="text-xs">
              <summary className="cursor-pointer text-muted-foreground">Stack</summary>
              <pre className="mt-1 overflow-x-auto whitespace-pre-wrap">{error.stack}</pre>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Settings › System health (admins; issue 36 §2): what the browsers report of themselves — timings by
 * endpoint (p50, p95), requests slower than spec §9's 3,000 ms, and the latest client errors.
 */
export function SystemHealthSection() {
  const [hours, setHours] = useState<string>('24');
  const health = useSystemHealth(Number(hours));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">
          What the browsers signed in to Loupe report: how long each kind of request takes, the slow ones, and
          the errors people ran into. Kept for 14 days.
        </p>
        <FilterSelect label="Period" value={hours} onValueChange={setHours} options={[...PERIODS]} />
      </div>
      {health.data === undefined ? (
        health.isError ? (
          <SectionLoadError error={health.error} onRetry={() => void health.refetch()} />
        ) : (
          <SectionLoading label="Loading the system health" />
        )
      ) : (
        <>
          <HealthCard
            title="Timings by endpoint"
            description="Half of the requests took at most p50, 95 in 100 at most p95; the slowest first."
            isEmpty={health.data.endpoints.length === 0}
            empty="No requests reported in this period."
          >
            <DataTable
              caption="Timings by endpoint"
              columns={ENDPOINT_COLUMNS}
              rows={health.data.endpoints}
              rowKey={(row) => `${row.method} ${row.endpoint}`}
            />
          </HealthCard>
          <HealthCard
            title="Slow requests"
            description={`Requests that took over ${ms(health.data.slowRequestThresholdMs)}, newest first.`}
            isEmpty={health.data.slowRequests.length === 0}
            empty="No slow requests in this period."
          >
            <DataTable
              caption="Slow requests"
              columns={SLOW_REQUEST_COLUMNS}
              rows={health.data.slowRequests}
              rowKey={(row) => String(row.id)}
            />
          </HealthCard>
          <HealthCard
            title="Recent client errors"
            description="Errors in the browser, newest first, with the screen and the request they belong to."
            isEmpty={health.data.recentErrors.length === 0}
            empty="No client errors in this period."
          >
            <ErrorList errors={health.data.recentErrors} />
          </HealthCard>
        </>
      )}
    </div>
  );
}

import type {
  TEndpointTiming,
  TReportedClientError,
  TReportedRequest,
} from '@loupe/domain/system/client-telemetry';
import { type ReactNode, useState } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/date-format';
import { formatCount } from '@/lib/number-format';
import { useSystemHealth } from '../api/get-system-health';

const PERIODS = [
  { value: '1', label: 'Last hour' },
  { value: '24', label: 'Last 24 hours' },
  { value: '168', label: 'Last 7 days' },
  { value: '336', label: 'Last 14 days' },
] as const;

const ms = (value: number) => `${formatCount(value)} ms`;

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

function EndpointTable({ endpoints }: { endpoints: readonly TEndpointTiming[] }) {
  return (
    <Table aria-label="Timings by endpoint">
      <TableHeader>
        <TableRow>
          <TableHead>Endpoint</TableHead>
          <TableHead className="text-right">Requests</TableHead>
          <TableHead className="text-right">p50</TableHead>
          <TableHead className="text-right">p95</TableHead>
          <TableHead className="text-right">Failed</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {endpoints.map((row) => (
          <TableRow key={`${row.method} ${row.endpoint}`}>
            <TableCell className="font-mono text-xs">{`${row.method} ${row.endpoint}`}</TableCell>
            <TableCell className="text-right">{formatCount(row.count)}</TableCell>
            <TableCell className="text-right">{ms(row.p50Ms)}</TableCell>
            <TableCell className="text-right">{ms(row.p95Ms)}</TableCell>
            <TableCell className="text-right">{formatCount(row.errorCount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SlowRequestTable({ requests }: { requests: readonly TReportedRequest[] }) {
  return (
    <Table aria-label="Slow requests">
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>Request</TableHead>
          <TableHead className="text-right">Took</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Screen</TableHead>
          <TableHead>Correlation id</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {requests.map((request) => (
          <TableRow key={request.id}>
            <TableCell className="whitespace-nowrap">{formatDateTime(request.at)}</TableCell>
            <TableCell className="font-mono text-xs">{`${request.method} ${request.endpoint}`}</TableCell>
            <TableCell className="text-right">{ms(request.durationMs)}</TableCell>
            <TableCell>{request.status === 0 ? 'No answer' : request.status}</TableCell>
            <TableCell className="font-mono text-xs">{request.route}</TableCell>
            <TableCell className="font-mono text-xs">{request.correlationId ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

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
            <EndpointTable endpoints={health.data.endpoints} />
          </HealthCard>
          <HealthCard
            title="Slow requests"
            description={`Requests that took over ${ms(health.data.slowRequestThresholdMs)}, newest first.`}
            isEmpty={health.data.slowRequests.length === 0}
            empty="No slow requests in this period."
          >
            <SlowRequestTable requests={health.data.slowRequests} />
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

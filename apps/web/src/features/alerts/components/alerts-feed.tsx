import {
  ALERT_RULE_LABELS,
  ALERT_RULES,
  type TAlert,
  type TAlertQuery,
  type TAlertSeverity,
} from '@loupe/domain/alerts/alerts';
import { canSeeRoute } from '@loupe/domain/navigation/sidebar';
import { ALERT_SEVERITIES } from '@loupe/domain/realtime/events';
import { BellOffIcon, CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { FilterSelect } from '@/components/filter-select';
import { QueryLoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelativeTime } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { useAlerts } from '../api/get-alerts';
import { ResolveAlertDialog } from './resolve-alert-dialog';

const STATUS_FILTERS = [
  { value: 'open', label: 'Open' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'resolved', label: 'Resolved' },
] as const;

// Fixed shades, not the theme's destructive colour: white on them keeps a 4.5:1 contrast in both themes.
const SEVERITIES: Readonly<Record<TAlertSeverity, { readonly label: string; readonly className: string }>> = {
  critical: { label: 'Critical', className: 'bg-red-700 text-white' },
  high: { label: 'High', className: 'bg-orange-700 text-white' },
  medium: { label: 'Medium', className: 'bg-amber-200 text-amber-950' },
  low: { label: 'Low', className: 'bg-secondary text-secondary-foreground' },
};

const ALL = 'all';

/** What the feed watches, in the job views' words (overdue, at risk) and the other rules' own. */
export const NO_OPEN_ALERTS_TEXT =
  'Nothing needs attention: overdue and at-risk work, pieces stuck at a station or offsite too long, and silent readers show here within a minute.';

function subjectLink(alert: TAlert): string {
  if (alert.subject.kind === 'reader') return '/rfid-mapping';
  return `/${alert.subject.kind === 'order' ? 'orders' : 'repairs'}/${alert.subject.id}`;
}

/** The alerts feed (issue 15 §2): by status, severity and rule; acknowledge, and resolve with a note. */
export function AlertsFeed({
  query,
  onQueryChange,
  canResolve,
}: {
  query: TAlertQuery & { status: NonNullable<TAlertQuery['status']> };
  onQueryChange: (query: TAlertQuery & { status: NonNullable<TAlertQuery['status']> }) => void;
  canResolve: boolean;
}) {
  const alerts = useAlerts(query);
  const now = useNow(30_000);

  return (
    <section aria-label="Alerts" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        {/* A filter, not tabs: the list below is the same list, filtered (as on /offsite). */}
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Status</legend>
          {STATUS_FILTERS.map((option) => (
            <Button
              key={option.value}
              type="button"
              size="sm"
              variant={query.status === option.value ? 'default' : 'outline'}
              aria-pressed={query.status === option.value}
              onClick={() => onQueryChange({ ...query, status: option.value })}
            >
              {option.label}
            </Button>
          ))}
        </fieldset>
        <FilterSelect
          label="Severity"
          value={query.severity ?? ALL}
          onValueChange={(value) =>
            onQueryChange({ ...query, severity: value === ALL ? undefined : (value as TAlertSeverity) })
          }
          options={[
            { value: ALL, label: 'Every severity' },
            ...ALERT_SEVERITIES.map((severity) => ({ value: severity, label: SEVERITIES[severity].label })),
          ]}
        />
        <FilterSelect
          label="Rule"
          value={query.rule ?? ALL}
          onValueChange={(value) =>
            onQueryChange({ ...query, rule: value === ALL ? undefined : (value as TAlert['rule']) })
          }
          options={[
            { value: ALL, label: 'Every rule' },
            ...ALERT_RULES.map((rule) => ({ value: rule, label: ALERT_RULE_LABELS[rule].title })),
          ]}
        />
      </div>
      {alerts.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : alerts.isError ? (
        <QueryLoadError title="Could not load the alerts" query={alerts} />
      ) : alerts.data.length === 0 ? (
        <EmptyState
          icon={BellOffIcon}
          title={query.status === 'resolved' ? 'Nothing resolved yet' : 'No alerts'}
          text={query.status === 'open' ? NO_OPEN_ALERTS_TEXT : 'Try another status or filter.'}
        />
      ) : (
        <ul className="grid gap-3" aria-label="Alert list">
          {alerts.data.map((alert) => (
            <AlertRow key={alert.id} alert={alert} now={now} canResolve={canResolve} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AlertRow({ alert, now, canResolve }: { alert: TAlert; now: number; canResolve: boolean }) {
  const { user } = useAuth();
  const acknowledge = useAcknowledgeAlert();
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border bg-card p-4 sm:flex-row sm:items-start sm:justify-between"
      aria-label={alert.title}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={cn(
              'rounded-md px-2 py-0.5 text-xs font-semibold',
              SEVERITIES[alert.severity].className,
            )}
          >
            {SEVERITIES[alert.severity].label}
          </span>
          <Badge variant="outline">{ALERT_RULE_LABELS[alert.rule].title}</Badge>
          {canSeeRoute(user, subjectLink(alert)) ? (
            <Link to={subjectLink(alert)} className="font-semibold underline-offset-4 hover:underline">
              {alert.title}
            </Link>
          ) : (
            // What the role cannot open (a reader's setup is the admin's): the title, not a link to a refusal.
            <span className="font-semibold">{alert.title}</span>
          )}
        </div>
        <p className="text-sm break-words text-muted-foreground">{alert.message}</p>
        <p className="text-xs text-muted-foreground">
          <span title={formatDateTime(alert.raisedAt)}>
            Raised {formatRelativeTime(alert.raisedAt, new Date(now))}
          </span>
          {alert.acknowledgedAt
            ? ` · acknowledged by ${alert.acknowledgedBy ?? 'someone'} ${formatRelativeTime(alert.acknowledgedAt, new Date(now))}`
            : ''}
          {alert.resolvedAt
            ? alert.clearedAutomatically
              ? ` · cleared by itself ${formatRelativeTime(alert.resolvedAt, new Date(now))}`
              : ` · resolved by ${alert.resolvedBy ?? 'someone'} ${formatRelativeTime(alert.resolvedAt, new Date(now))}`
            : ''}
        </p>
        {alert.resolutionNote && !alert.clearedAutomatically ? (
          <p className="text-sm break-words">“{alert.resolutionNote}”</p>
        ) : null}
      </div>
      {alert.status === 'resolved' ? null : (
        <div className="flex shrink-0 flex-wrap gap-2">
          {alert.status === 'open' ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={acknowledge.isPending}
              aria-label={`Acknowledge ${alert.title}`}
              onClick={() =>
                acknowledge.mutate(alert.id, {
                  onError: (error) =>
                    toast({
                      title: 'Not acknowledged',
                      description: errorMessageOf(error, 'Try again.'),
                      variant: 'destructive',
                    }),
                })
              }
            >
              <CheckIcon aria-hidden="true" />
              Acknowledge
            </Button>
          ) : null}
          {canResolve ? <ResolveAlertDialog alert={alert} /> : null}
        </div>
      )}
    </li>
  );
}

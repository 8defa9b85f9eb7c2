import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TTrackedItemSummary } from '@loupe/domain/tracking/tracking-api';
import { RotateCcwIcon, TagIcon, XCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { offsiteDurationText } from '@/components/job-state/job-state-badges';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessageOf } from '@/lib/api-error';
import { formatDateTime, formatRelativeTime } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';
import { EpcAssignForm } from './epc-assign-form';
import { currentLocationText, NOT_TAGGED, TRACKING_STATUS_LABELS } from './tracking-labels';

export type TTrackingPanelProps = {
  /** 'order' or 'repair', for the sentences. */
  readonly itemNoun: string;
  readonly tracking: TTrackedItemSummary | null;
  /**
   * Since when an offsite piece is gone, from the job's state: when it was last seen, not when the sweep
   * noticed (issue 32). Absent for a job with no state (finished).
   */
  readonly offsiteSince?: string | null;
  readonly now: Date;
  readonly canAssign: boolean;
  readonly canStop: boolean;
  readonly canManageOffsite: boolean;
  readonly onAssign: (epc: string) => Promise<void>;
  readonly onStop: () => Promise<void>;
  readonly onExpectedOffsiteChange: (expectedOffsite: boolean) => Promise<void>;
  readonly onReturn: () => Promise<void>;
};

/**
 * Where a tagged order or repair is and what can be done about its tag: assign or replace it, flag an
 * expected trip offsite, bring it back from offsite, or stop tracking. The server decides; the buttons
 * only appear for roles it would allow.
 */
export function TrackingPanel(props: TTrackingPanelProps) {
  const { tracking, canAssign } = props;
  if (tracking === null) {
    return (
      <div className="grid gap-4">
        <p className="text-sm">
          <span className="font-medium">{NOT_TAGGED}.</span>{' '}
          <span className="text-muted-foreground">
            Readers follow this {props.itemNoun} once a tag is assigned.
          </span>
        </p>
        {canAssign ? <EpcAssignForm onAssign={props.onAssign} /> : null}
      </div>
    );
  }
  return <TrackedPanel {...props} tracking={tracking} />;
}

function TrackedPanel({
  itemNoun,
  tracking,
  offsiteSince = null,
  now,
  canAssign,
  canStop,
  canManageOffsite,
  onAssign,
  onStop,
  onExpectedOffsiteChange,
  onReturn,
}: TTrackingPanelProps & { tracking: TTrackedItemSummary }) {
  const [isReplacing, setIsReplacing] = useState(false);
  const [pendingExpected, setPendingExpected] = useState<boolean | null>(null);
  const [isReturning, setIsReturning] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const switchId = useId();
  const isOffsite = tracking.status === 'offsite';

  async function run(action: () => Promise<void>) {
    setActionError(null);
    try {
      await action();
    } catch (caught) {
      setActionError(errorMessageOf(caught, ERROR_MESSAGES.generic));
    }
  }

  async function changeExpected(next: boolean) {
    setPendingExpected(next);
    await run(() => onExpectedOffsiteChange(next));
    setPendingExpected(null);
  }

  async function returnFromOffsite() {
    setIsReturning(true);
    await run(onReturn);
    setIsReturning(false);
  }

  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="grid gap-1">
          <dt className="text-muted-foreground">Tracking</dt>
          <dd>
            <Badge
              variant={isOffsite ? 'destructive' : tracking.status === 'returned' ? 'secondary' : 'default'}
            >
              {TRACKING_STATUS_LABELS[tracking.status]}
            </Badge>
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{isOffsite ? 'Last location' : 'Location'}</dt>
          <dd className="font-medium">
            {tracking.departmentId !== null && tracking.stationId !== null ? (
              <Link
                to={pathTo(paths.stationDetail, {
                  departmentId: tracking.departmentId,
                  stationId: tracking.stationId,
                })}
                className="underline-offset-4 hover:underline"
              >
                {currentLocationText(tracking)}
              </Link>
            ) : (
              currentLocationText(tracking)
            )}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">Last seen</dt>
          <dd>
            {tracking.lastSeen ? (
              <time dateTime={tracking.lastSeen} title={formatDateTime(tracking.lastSeen)}>
                {formatRelativeTime(tracking.lastSeen, now)}
              </time>
            ) : (
              'Never'
            )}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">EPC</dt>
          <dd className="font-mono break-all">{tracking.epc}</dd>
        </div>
        {isOffsite && offsiteSince !== null ? (
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Offsite for</dt>
            <dd>
              {offsiteDurationText({ offsiteSince }, now)}{' '}
              <span className="text-muted-foreground">
                (since <time dateTime={offsiteSince}>{formatDateTime(offsiteSince)}</time>)
              </span>
            </dd>
          </div>
        ) : null}
        {tracking.status === 'returned' && tracking.offsiteReturnedAt ? (
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Returned</dt>
            <dd>
              <time dateTime={tracking.offsiteReturnedAt}>{formatDateTime(tracking.offsiteReturnedAt)}</time>
            </dd>
          </div>
        ) : null}
      </dl>

      <div className="flex items-start justify-between gap-4 rounded-md border p-3">
        <div className="grid gap-1">
          <Label htmlFor={switchId}>Expected offsite</Label>
          <p className="text-xs text-muted-foreground">
            Out with a setter or a supplier on purpose: it is given the longer grace period before it is
            reported offsite.
          </p>
        </div>
        <Switch
          id={switchId}
          checked={pendingExpected ?? tracking.isExpectedOffsite}
          onCheckedChange={(next) => void changeExpected(next)}
          disabled={!canManageOffsite || pendingExpected !== null}
        />
      </div>

      {actionError ? (
        <Alert variant="destructive">
          <AlertDescription>{actionError}</AlertDescription>
        </Alert>
      ) : null}

      {isReplacing ? (
        <EpcAssignForm
          autoFocus
          submitLabel="Replace tag"
          currentEpc={tracking.epc}
          onAssign={async (epc) => {
            await onAssign(epc);
            setIsReplacing(false);
          }}
          onCancel={() => setIsReplacing(false)}
        />
      ) : null}

      <div className="flex flex-wrap gap-2">
        {isOffsite && canManageOffsite ? (
          <Button type="button" onClick={() => void returnFromOffsite()} disabled={isReturning}>
            <RotateCcwIcon aria-hidden="true" />
            {isReturning ? 'Returning…' : 'Return from offsite'}
          </Button>
        ) : null}
        {canAssign && !isReplacing ? (
          <Button type="button" variant="outline" onClick={() => setIsReplacing(true)}>
            <TagIcon aria-hidden="true" />
            Replace tag
          </Button>
        ) : null}
        {canStop ? (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="outline">
                <XCircleIcon aria-hidden="true" />
                Stop tracking
              </Button>
            }
            title={`Stop tracking this ${itemNoun}?`}
            description={`Tag ${tracking.epc} is released and readers no longer follow this ${itemNoun}. Its past locations stay in the history.`}
            confirmLabel="Stop tracking"
            pendingLabel="Stopping…"
            onConfirm={onStop}
          />
        ) : null}
      </div>
    </div>
  );
}

import type { TJobLocationHistory, TLocationHistoryEntry } from '@loupe/domain/tracking/location-history';
import type { TTrackedItemSummary } from '@loupe/domain/tracking/tracking-api';
import type { UseQueryResult } from '@tanstack/react-query';
import { DetailSection } from '@/components/detail-section';
import { QueryLoadError } from '@/components/load-error';
import { LocationTimeline } from '@/components/tracking/location-timeline';
import { TrackingPanel } from '@/components/tracking/tracking-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';

/** The tag operations, each sent to the job's own tracking endpoint. */
export type TJobTrackingActions = {
  readonly assign: (epc: string) => Promise<unknown>;
  readonly stop: () => Promise<unknown>;
  readonly setExpectedOffsite: (expectedOffsite: boolean) => Promise<unknown>;
  readonly returnFromOffsite: () => Promise<unknown>;
};

export type TJobTrackingProps<
  TTracked extends { readonly locationHistory: readonly TLocationHistoryEntry[] },
> = {
  /** 'order' or 'repair', for the sentences. */
  readonly itemNoun: string;
  readonly number: string;
  /** The tag summary the job itself carries; null when it has no tag. */
  readonly summary: TTrackedItemSummary | null;
  /** Since when it is offsite, from the job's state (when it was last seen); null unless offsite. */
  readonly offsiteSince: string | null;
  /** The job's tracking record, for the timeline; null data when it is not tracked. */
  readonly tracking: UseQueryResult<TTracked | null>;
  /** Where the job has been while it carries no tag (asked for only then): the history outlives the tag. */
  readonly pastLocations: UseQueryResult<TJobLocationHistory>;
  /** Whether the newest timeline entry is where the job still is (each kind's record says so its own way). */
  readonly isAtNewest: (tracking: TTracked) => boolean;
  readonly now: Date;
  readonly canManage: boolean;
  readonly canManageOffsite: boolean;
  readonly actions: TJobTrackingActions;
};

/** The "Tracking" card: the tag and what can be done with it, then the job's location timeline. */
export function JobTracking<TTracked extends { readonly locationHistory: readonly TLocationHistoryEntry[] }>({
  itemNoun,
  number,
  summary,
  offsiteSince,
  tracking,
  pastLocations,
  isAtNewest,
  now,
  canManage,
  canManageOffsite,
  actions,
}: TJobTrackingProps<TTracked>) {
  return (
    <DetailSection title="Tracking">
      <div className="grid gap-6">
        <TrackingPanel
          itemNoun={itemNoun}
          tracking={summary}
          offsiteSince={offsiteSince}
          now={now}
          canAssign={canManage}
          canStop={canManage}
          canManageOffsite={canManageOffsite}
          onAssign={async (epc) => {
            await actions.assign(epc);
            toast({ title: `Tag assigned to ${number}`, description: `EPC: ${epc}` });
          }}
          onStop={async () => {
            await actions.stop();
            toast({ title: `${number} is no longer tracked` });
          }}
          onExpectedOffsiteChange={async (expectedOffsite) => {
            await actions.setExpectedOffsite(expectedOffsite);
          }}
          onReturn={async () => {
            await actions.returnFromOffsite();
            toast({ title: `${number} is back from offsite` });
          }}
        />
        <div className="grid gap-3">
          <h3 className="text-sm font-semibold">Location timeline</h3>
          {tracking.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : tracking.isError ? (
            <QueryLoadError title="Could not load the timeline" query={tracking} />
          ) : tracking.data === null ? (
            <PastLocations itemNoun={itemNoun} query={pastLocations} now={now} />
          ) : (
            <LocationTimeline
              entries={tracking.data.locationHistory}
              now={now}
              isAtNewest={isAtNewest(tracking.data)}
            />
          )}
        </div>
      </div>
    </DetailSection>
  );
}

/** The timeline of a job without a tag: read-only, kept for good (issue 11 §2). */
function PastLocations({
  itemNoun,
  query,
  now,
}: {
  itemNoun: string;
  query: UseQueryResult<TJobLocationHistory>;
  now: Date;
}) {
  if (query.isPending) return <Skeleton className="h-16 w-full" />;
  if (query.isError) {
    return <QueryLoadError title="Could not load the timeline" query={query} />;
  }
  if (query.data.locationHistory.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {`Not tracked: this ${itemNoun} has not been read at any station yet.`}
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        {`No longer tracked: where this ${itemNoun} was while it carried a tag.`}
      </p>
      <LocationTimeline entries={query.data.locationHistory} now={now} isAtNewest={false} />
    </div>
  );
}

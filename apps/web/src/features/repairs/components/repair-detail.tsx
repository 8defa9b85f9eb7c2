import { canCreateAndManageRepairs, canManageRepairOffsite } from '@loupe/domain/auth/permissions';
import type { TRepair } from '@loupe/domain/repairs/repair';
import { ArrowLeftIcon, PencilIcon, SearchXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PhotoGallery } from '@/components/attachments/photo-gallery';
import { EmptyState } from '@/components/empty-state';
import { ChangeHistory } from '@/components/history/change-history';
import type { TJobTicketData } from '@/components/job-ticket/job-ticket';
import { PrintTicketDialog } from '@/components/job-ticket/print-ticket-dialog';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { LocationTimeline } from '@/components/tracking/location-timeline';
import { TrackingPanel } from '@/components/tracking/tracking-panel';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCalendarDate, formatDateTime, isPastDate, localIsoDate } from '@/lib/date-format';
import { formatCents } from '@/lib/money-format';
import { paths, pathTo } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useRepair } from '../api/get-repair';
import { useRepairHistory } from '../api/get-repair-history';
import { useRepairTracking } from '../api/get-repair-tracking';
import { useDeleteRepairPhoto, useUploadRepairPhoto } from '../api/repair-photos';
import {
  useAssignRepairEpc,
  useReturnRepairFromOffsite,
  useSetRepairExpectedOffsite,
  useStopRepairTracking,
} from '../api/repair-tracking-mutations';
import {
  FINISHED_REPAIR_STATUSES,
  RepairStatusBadge,
  repairChangeFormatter,
  repairTypesText,
} from './repair-labels';

export type TRepairDetailProps = { readonly repairId: string; readonly now?: () => Date };

/** /repairs/:repairId: the repair, where it is, its photos and everything that happened to it. */
export function RepairDetail({ repairId, now = () => new Date() }: TRepairDetailProps) {
  const query = useRepair(repairId);
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState
          icon={SearchXIcon}
          title="Repair not found"
          text="It may have been mistyped, or the link is old."
          action={
            <Button asChild variant="outline">
              <Link to={paths.repairs}>Back to repairs</Link>
            </Button>
          }
        />
      );
    }
    return (
      <LoadError
        title="Could not load the repair"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <LoadedRepair repair={query.data} now={now()} />;
}

function LoadedRepair({ repair, now }: { repair: TRepair; now: Date }) {
  const { user } = useAuth();
  const canManage = canCreateAndManageRepairs(user);
  const canManageOffsite = canManageRepairOffsite(user);
  const isOverdue =
    isPastDate(repair.promisedDate, localIsoDate(now)) && !FINISHED_REPAIR_STATUSES.includes(repair.status);

  return (
    <div className="flex flex-col gap-6">
      <Link
        to={paths.repairs}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        All repairs
      </Link>
      <PageHeader
        title={<span className="font-mono">{repair.repairNumber}</span>}
        description={repair.customer.name}
        actions={
          <>
            <PrintTicketDialog ticket={ticketOf(repair)} />
            {canManage ? (
              <Button asChild>
                <Link to={pathTo(paths.repairEdit, { repairId: repair.id })}>
                  <PencilIcon aria-hidden="true" />
                  Edit repair
                </Link>
              </Button>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap gap-2">
        <RepairStatusBadge status={repair.status} />
        {repair.isRush ? <Badge variant="destructive">Rush</Badge> : null}
        {isOverdue ? <Badge variant="destructive">Overdue</Badge> : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <RepairFacts repair={repair} />
          <RepairPhotos repair={repair} canEdit={canManage} />
          <RepairHistory repairId={repair.id} now={now} />
        </div>
        <div className="grid content-start gap-6">
          <RepairTracking
            repair={repair}
            canManage={canManage}
            canManageOffsite={canManageOffsite}
            now={now}
          />
        </div>
      </div>
    </div>
  );
}

function ticketOf(repair: TRepair): TJobTicketData {
  return {
    kindLabel: 'Repair',
    number: repair.repairNumber,
    customerName: repair.customer.name,
    customerPhone: repair.customer.phone,
    promisedDate: repair.promisedDate,
    isRush: repair.isRush,
    description: repair.itemDescription,
    details: [{ label: 'Work', value: repairTypesText(repair.repairTypes) }],
    epc: repair.tracking?.epc ?? null,
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'grid gap-1 sm:col-span-2' : 'grid gap-1'}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function RepairFacts({ repair }: { repair: TRepair }) {
  return (
    <Section title="Details">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <Fact label="Customer">
          <span className="font-medium">{repair.customer.name}</span>
          {repair.customer.phone ? <span className="block">{repair.customer.phone}</span> : null}
          {repair.customer.email ? <span className="block">{repair.customer.email}</span> : null}
        </Fact>
        <Fact label="Promised">
          {repair.promisedDate ? formatCalendarDate(repair.promisedDate) : 'Not set'}
        </Fact>
        <Fact label="Item" wide>
          {repair.itemDescription}
        </Fact>
        <Fact label="Repair types" wide>
          {repairTypesText(repair.repairTypes) || 'None'}
        </Fact>
        <Fact label="Declared value">{formatCents(repair.declaredValueCents)}</Fact>
        <Fact label="Estimate">
          <span className="font-semibold">{formatCents(repair.estimateCents)}</span>
        </Fact>
        <Fact label="Condition notes" wide>
          <span className="whitespace-pre-wrap">{repair.conditionNotes || 'No notes'}</span>
        </Fact>
        <Fact label="Taken in">{formatDateTime(repair.createdAt)}</Fact>
        <Fact label="Last changed">{formatDateTime(repair.updatedAt)}</Fact>
      </dl>
    </Section>
  );
}

function RepairPhotos({ repair, canEdit }: { repair: TRepair; canEdit: boolean }) {
  const upload = useUploadRepairPhoto();
  const remove = useDeleteRepairPhoto();
  return (
    <Section title="Intake photos">
      <PhotoGallery
        photos={repair.photos}
        canEdit={canEdit}
        onUpload={async (file, onProgress) => {
          await upload.mutateAsync({ repairId: repair.id, file, onProgress });
        }}
        onDelete={async (photo) => {
          await remove.mutateAsync({ repairId: repair.id, photoId: photo.id });
          toast({ title: 'Photo deleted' });
        }}
      />
    </Section>
  );
}

function RepairTracking({
  repair,
  canManage,
  canManageOffsite,
  now,
}: {
  repair: TRepair;
  canManage: boolean;
  canManageOffsite: boolean;
  now: Date;
}) {
  const tracking = useRepairTracking(repair.id);
  const assign = useAssignRepairEpc();
  const expected = useSetRepairExpectedOffsite();
  const stop = useStopRepairTracking();
  const giveBack = useReturnRepairFromOffsite();

  return (
    <Section title="Tracking">
      <div className="grid gap-6">
        <TrackingPanel
          itemNoun="repair"
          tracking={repair.tracking}
          now={now}
          canAssign={canManage}
          canStop={canManage}
          canManageOffsite={canManageOffsite}
          onAssign={async (epc) => {
            await assign.mutateAsync({
              repairId: repair.id,
              epcCode: epc,
              repairNumber: repair.repairNumber,
            });
            toast({ title: `Tag assigned to ${repair.repairNumber}`, description: `EPC: ${epc}` });
          }}
          onStop={async () => {
            await stop.mutateAsync({ repairId: repair.id });
            toast({ title: `${repair.repairNumber} is no longer tracked` });
          }}
          onExpectedOffsiteChange={async (expectedOffsite) => {
            await expected.mutateAsync({ repairId: repair.id, expectedOffsite });
          }}
          onReturn={async () => {
            await giveBack.mutateAsync({ repairId: repair.id });
            toast({ title: `${repair.repairNumber} is back from offsite` });
          }}
        />
        <div className="grid gap-3">
          <h3 className="text-sm font-semibold">Location timeline</h3>
          {tracking.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : tracking.isError ? (
            <LoadError
              title="Could not load the timeline"
              error={tracking.error}
              onRetry={() => void tracking.refetch()}
              isRetrying={tracking.isFetching}
            />
          ) : tracking.data === null ? (
            <p className="text-sm text-muted-foreground">
              Not tracked: no timeline while the repair has no tag.
            </p>
          ) : (
            <LocationTimeline
              entries={tracking.data.locationHistory}
              now={now}
              isAtNewest={tracking.data.status === 'active' && tracking.data.currentLocation !== null}
            />
          )}
        </div>
      </div>
    </Section>
  );
}

function RepairHistory({ repairId, now }: { repairId: string; now: Date }) {
  const history = useRepairHistory(repairId);
  return (
    <Section title="Change history">
      {history.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : history.isError && !history.data ? (
        <LoadError
          title="Could not load the history"
          error={history.error}
          onRetry={() => void history.refetch()}
          isRetrying={history.isFetching}
        />
      ) : (
        <ChangeHistory
          changes={history.data.pages.flatMap((page) => page.items)}
          formatter={repairChangeFormatter}
          now={now}
          hasMore={history.hasNextPage}
          isLoadingMore={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
        />
      )}
    </Section>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading the repair" className="grid gap-6">
      <Skeleton className="h-8 w-48" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, MonitorIcon, SearchXIcon, TabletSmartphoneIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryLoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-error';
import { paths, pathTo } from '@/lib/paths';
import { useRealtimeRoom } from '@/lib/realtime/use-realtime-room';
import { useNow } from '@/lib/use-now';
import { advancePhase } from '@/lib/workflow-api/advance-phase';
import { useScanAtStation, useStation, useStationItems } from '../api/station-api';
import { KioskWork } from '../components/kiosk-work';
import { ScanMode } from '../components/scan-mode';
import { StationItems } from '../components/station-items';
import { StationKiosk } from '../components/station-kiosk';

const MINUTE_MS = 60_000;

/**
 * /departments/:departmentId/stations/:stationId: one bench or machine — who works there, what stands there
 * now (live), and the keyboard-wedge scan mode for a station without a fixed reader.
 */
export function StationRoute() {
  const { departmentId = '', stationId = '' } = useParams();
  const station = useStation(stationId);
  const items = useStationItems(stationId);
  const scan = useScanAtStation(stationId);
  const now = useNow(MINUTE_MS);
  const queryClient = useQueryClient();
  const [kiosk, setKiosk] = useState(false);
  // Leaving the kiosk gives the focus back to the button that opened it.
  const kioskButton = useRef<HTMLButtonElement>(null);
  const wasKiosk = useRef(false);
  useEffect(() => {
    if (kiosk) wasKiosk.current = true;
    else if (wasKiosk.current) {
      wasKiosk.current = false;
      kioskButton.current?.focus();
    }
  }, [kiosk]);
  // Spec §7: a station is a view of its department; its room brings that department's tag reads.
  useRealtimeRoom(departmentId === '' ? null : { kind: 'department', id: departmentId });

  if (station.isPending) {
    return (
      <div role="status" aria-label="Loading the station" className="grid gap-6">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const notFound =
    (station.isError && isApiError(station.error) && station.error.status === 404) ||
    (station.isSuccess && station.data.departmentId !== departmentId);
  if (notFound) {
    return (
      <EmptyState
        icon={SearchXIcon}
        title="Station not found"
        text="It may have been deleted or moved to another department, or the link is old."
        action={
          <Button asChild variant="outline">
            <Link to={paths.departments}>Back to departments</Link>
          </Button>
        }
      />
    );
  }
  if (station.isError) {
    return <QueryLoadError title="Could not load the station" query={station} />;
  }

  const { name, departmentName, jewelerName, specialization, isActive } = station.data;
  const facts = [departmentName, jewelerName, specialization, isActive ? null : 'Inactive'].filter(
    (part): part is string => Boolean(part),
  );
  const onScan = (body: { epc: string; scannedAt: string }) => scan.mutateAsync(body);
  if (kiosk) {
    return (
      <StationKiosk
        stationName={name}
        work={<KioskWork stationId={stationId} stationName={name} />}
        onScan={onScan}
        onCheckOut={async (item) => {
          const job = await advancePhase({ kind: item.kind, id: item.id });
          void queryClient.invalidateQueries({ queryKey: ['workflow'] });
          return job.workflow.isComplete ? 'Every step is done.' : `Next: ${job.workflow.phaseName}.`;
        }}
        onExit={() => setKiosk(false)}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={name}
        description={facts.join(' · ')}
        actions={
          <>
            <Button ref={kioskButton} type="button" variant="outline" onClick={() => setKiosk(true)}>
              <TabletSmartphoneIcon aria-hidden="true" />
              Kiosk
            </Button>
            <Button asChild variant="outline">
              <Link to={pathTo(paths.jewelerTv, { stationId })}>
                <MonitorIcon aria-hidden="true" />
                TV screen
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.departments}>
                <ArrowLeftIcon aria-hidden="true" />
                Departments
              </Link>
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="grid content-start gap-3" aria-labelledby="station-items-heading">
          <h2 id="station-items-heading" className="text-lg font-semibold">
            Here now{items.isSuccess ? ` (${items.data.length})` : ''}
          </h2>
          {items.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : items.isError ? (
            <QueryLoadError title="Could not load what is here" query={items} />
          ) : (
            <StationItems items={items.data} stationName={name} now={now} />
          )}
        </section>
        <ScanMode stationName={name} onScan={onScan} />
      </div>
    </div>
  );
}

import type { TStation } from '@loupe/domain/registry/stations';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths, pathTo } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDeleteStation } from '../api/delete-station';
import { itemCountLabel } from './item-count';
import { StationFormDialog } from './station-form-dialog';

export type TStationListProps = {
  readonly stations: readonly TStation[];
  readonly departmentId: string;
  readonly departmentName: string;
  readonly canManage: boolean;
};

/** A department's stations (spec §3): name, antenna, jeweler, specialization, active, status, items. */
export function StationList({ stations, departmentId, departmentName, canManage }: TStationListProps) {
  if (stations.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
        No stations in {departmentName} yet.
        {canManage ? ' Add one for each bench or machine with a reader antenna.' : null}
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y rounded-md border" aria-label={`Stations of ${departmentName}`}>
      {stations.map((station) => (
        <StationRow key={station.id} station={station} departmentId={departmentId} canManage={canManage} />
      ))}
    </ul>
  );
}

function StationRow({
  station,
  departmentId,
  canManage,
}: {
  station: TStation;
  departmentId: string;
  canManage: boolean;
}) {
  const remove = useDeleteStation();
  const details = [`Antenna ${station.antennaNumber}`, station.jewelerName, station.specialization].filter(
    (part): part is string => Boolean(part),
  );

  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={pathTo(paths.stationDetail, { departmentId, stationId: station.id })}
            className="font-medium break-words underline-offset-4 hover:underline"
          >
            {station.name}
          </Link>
          {station.isActive ? null : <Badge variant="outline">Inactive</Badge>}
          {station.status ? <Badge variant="secondary">{station.status}</Badge> : null}
        </div>
        <p className="text-xs text-muted-foreground">{details.join(' · ')}</p>
      </div>
      <div className="flex items-center gap-1 self-end sm:self-auto">
        <span className="mr-2 text-sm tabular-nums">{itemCountLabel(station.itemCount)}</span>
        {canManage ? (
          <>
            <StationFormDialog
              mode="edit"
              station={station}
              trigger={
                <Button type="button" variant="ghost" size="icon" aria-label={`Edit station ${station.name}`}>
                  <PencilIcon aria-hidden="true" />
                </Button>
              }
            />
            <ConfirmDialog
              pendingLabel="Deleting…"
              title={`Delete station ${station.name}?`}
              description="Its location history stays. A station that still holds items cannot be deleted until they are moved."
              confirmLabel="Delete station"
              onConfirm={async () => {
                await remove.mutateAsync({ id: station.id });
                toast({ title: `Station ${station.name} was deleted` });
              }}
              trigger={
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete station ${station.name}`}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              }
            />
          </>
        ) : null}
      </div>
    </li>
  );
}

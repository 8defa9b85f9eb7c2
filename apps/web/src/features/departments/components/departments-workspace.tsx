import { MapPinIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LocationPicker } from '@/components/registry/location-picker';
import { useSelectedLocation } from '@/components/registry/use-selected-location';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, pathTo } from '@/lib/paths';
import { useLocations } from '@/lib/registry-api/get-locations';
import { DepartmentImportExport } from './department-import-export';
import { DepartmentsBoard } from './departments-board';
import { LocationFormDialog } from './location-form-dialog';
import { RegistryLoadError } from './registry-load-error';

/**
 * The registry of the /departments screen and of Settings › departments: pick a location, see its departments
 * and stations; with `canManage` (REGISTRY_MANAGER_ROLES) also add and edit locations, manage departments and
 * stations, and export or import them. The server checks every change again.
 */
export function DepartmentsWorkspace({ canManage }: { canManage: boolean }) {
  const query = useLocations();
  const { selectedId, select } = useSelectedLocation(query.data?.items);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading locations" className="flex flex-col gap-4">
        <Skeleton className="h-9 w-full sm:w-72" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <RegistryLoadError
        title="Could not load the locations"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const locations = query.data.items;
  const addLocation = (
    <LocationFormDialog
      mode="create"
      onCreated={(location) => select(location.id)}
      trigger={
        <Button type="button" variant="outline">
          <PlusIcon aria-hidden="true" />
          Add location
        </Button>
      }
    />
  );
  const selected = locations.find((location) => location.id === selectedId);
  if (!selected) {
    return (
      <EmptyState
        icon={MapPinIcon}
        title="No locations yet"
        text={
          canManage
            ? 'Add the building or site your departments are in.'
            : 'An administrator or a manager sets up the workshop’s locations.'
        }
        action={canManage ? addLocation : undefined}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
          <LocationPicker locations={locations} value={selected.id} onChange={select} />
          {/* Issue 39: the location's day — bags in and out, pickups — from the picker. */}
          <Button asChild variant="outline">
            <Link to={pathTo(paths.locationDetail, { locationId: selected.id })}>
              <MapPinIcon aria-hidden="true" />
              Open {selected.name}
            </Link>
          </Button>
          {canManage ? (
            <div className="flex flex-wrap gap-2">
              {addLocation}
              <LocationFormDialog
                mode="edit"
                location={selected}
                trigger={
                  <Button type="button" variant="ghost" aria-label={`Edit location ${selected.name}`}>
                    <PencilIcon aria-hidden="true" />
                    Edit location
                  </Button>
                }
              />
            </div>
          ) : null}
        </div>
        {canManage ? <DepartmentImportExport /> : null}
      </div>
      <DepartmentsBoard key={selected.id} location={selected} canManage={canManage} />
    </div>
  );
}

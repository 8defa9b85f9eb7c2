import { canManageRegistry } from '@loupe/domain/auth/permissions';
import type { TLocation } from '@loupe/domain/registry/locations';
import { MapPinIcon, PencilIcon, PlusIcon, SlidersHorizontalIcon, Trash2Icon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAuth } from '@/lib/auth/auth-context';
import { useLocations } from '@/lib/registry-api/get-locations';
import { toast } from '@/lib/toast';
import { useDeleteLocation } from '../api/delete-location';
import { LocationFormDialog } from './location-form-dialog';
import { LocationSettingsDialog } from './location-settings-dialog';

/** Settings › locations (admin; spec §6): the workshop's sites, added, renamed and deleted. */
export function LocationsSection() {
  const { user } = useAuth();
  const canManage = canManageRegistry(user);
  const query = useLocations();

  const addLocation = canManage ? (
    <LocationFormDialog
      mode="create"
      trigger={
        <Button type="button">
          <PlusIcon aria-hidden="true" />
          Add location
        </Button>
      }
    />
  ) : null;

  if (query.isPending) return <SectionLoading label="Loading locations" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) {
    return (
      <EmptyState
        icon={MapPinIcon}
        title="No locations yet"
        text="Add the building or site your departments are in."
        action={addLocation}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          The buildings and sites items move between. A location with departments cannot be deleted.
        </p>
        {addLocation}
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Location</TableHead>
            <TableHead>Departments</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.items.map((location) => (
            <LocationRow key={location.id} location={location} canManage={canManage} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function LocationRow({ location, canManage }: { location: TLocation; canManage: boolean }) {
  const remove = useDeleteLocation();
  return (
    <TableRow>
      <TableCell className="whitespace-normal">
        <div className="flex flex-col gap-1">
          <span className="font-medium break-words">{location.name}</span>
          <span className="text-xs text-muted-foreground">
            {[location.id, location.address].filter(Boolean).join(' · ')}
          </span>
          {location.description ? (
            <span className="text-xs text-muted-foreground">{location.description}</span>
          ) : null}
        </div>
      </TableCell>
      <TableCell className="tabular-nums">{location.departmentCount}</TableCell>
      <TableCell className="text-right">
        {canManage ? (
          <div className="flex justify-end gap-1">
            <LocationSettingsDialog
              location={location}
              trigger={
                <Button type="button" variant="ghost" size="icon" aria-label={`Rules of ${location.name}`}>
                  <SlidersHorizontalIcon aria-hidden="true" />
                </Button>
              }
            />
            <LocationFormDialog
              mode="edit"
              location={location}
              trigger={
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit location ${location.name}`}
                >
                  <PencilIcon aria-hidden="true" />
                </Button>
              }
            />
            <ConfirmDialog
              pendingLabel="Deleting…"
              title={`Delete ${location.name}?`}
              description="Only a location without departments can be deleted. Move or delete its departments first."
              confirmLabel="Delete location"
              onConfirm={async () => {
                await remove.mutateAsync({ id: location.id });
                toast({ title: `${location.name} was deleted` });
              }}
              trigger={
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete location ${location.name}`}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              }
            />
          </div>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

import type { TLocation } from '@loupe/domain/registry/locations';
import { Building2Icon, PlusIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/number-format';
import { useDepartments } from '@/lib/registry-api/get-departments';
import { DepartmentCard } from './department-card';
import { DepartmentFormDialog } from './department-form-dialog';
import { RegistryLoadError } from './registry-load-error';

export type TDepartmentsBoardProps = {
  readonly location: TLocation;
  readonly canManage: boolean;
};

function AddDepartmentButton({ locationId }: { locationId: string }) {
  return (
    <DepartmentFormDialog
      mode="create"
      locationId={locationId}
      trigger={
        <Button type="button">
          <PlusIcon aria-hidden="true" />
          Add department
        </Button>
      }
    />
  );
}

/** The departments of one location as cards with their stations; managers add, edit and delete them. */
export function DepartmentsBoard({ location, canManage }: TDepartmentsBoardProps) {
  const query = useDepartments({ locationId: location.id });
  // The server filters by location; checked again so a department never shows under the wrong site.
  const departments = query.data?.items.filter((department) => department.locationId === location.id);
  const headingId = `location-${location.id}-heading`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="text-xl font-semibold break-words">
            {location.name}
          </h2>
          {location.address || location.description ? (
            <p className="text-sm text-muted-foreground">
              {[location.address, location.description].filter(Boolean).join(' · ')}
            </p>
          ) : null}
        </div>
        {canManage && departments && departments.length > 0 ? (
          <AddDepartmentButton locationId={location.id} />
        ) : null}
      </div>
      {query.isPending ? (
        <div
          role="status"
          aria-label="Loading departments"
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-64 rounded-xl" />
          ))}
        </div>
      ) : query.isError ? (
        <RegistryLoadError
          title="Could not load the departments"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : departments === undefined || departments.length === 0 ? (
        <EmptyState
          icon={Building2Icon}
          title={`No departments in ${location.name} yet`}
          text={
            canManage
              ? 'Add the first department, then a station for each bench or machine.'
              : 'An administrator or a manager sets up the departments of a location.'
          }
          action={canManage ? <AddDepartmentButton locationId={location.id} /> : undefined}
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {departments.map((department) => (
              <DepartmentCard key={department.id} department={department} canManage={canManage} />
            ))}
          </div>
          {query.data.total > query.data.items.length ? (
            <p className="text-sm text-muted-foreground">
              Showing {query.data.items.length} of {formatCount(query.data.total)} departments.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

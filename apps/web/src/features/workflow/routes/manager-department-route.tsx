import { useState } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { LoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { PageHeader } from '@/components/page-header';
import { LocationPicker } from '@/components/registry/location-picker';
import { useSelectedLocation } from '@/components/registry/use-selected-location';
import { useRealtimeRoom } from '@/lib/realtime/use-realtime-room';
import { useDepartments } from '@/lib/registry-api/get-departments';
import { useLocations } from '@/lib/registry-api/get-locations';
import { useDepartmentWorkload } from '../api/get-department-workload';
import { DepartmentWorkload } from '../components/department-workload';

/** /manager-department (admin, manager): one department's floor — stations, queues, load, who does what. */
export function ManagerDepartmentRoute() {
  const locations = useLocations();
  const { selectedId: locationId, select } = useSelectedLocation(locations.data?.items);
  const departments = useDepartments({ locationId });
  const [wanted, setWanted] = useState<string | null>(null);
  const items = departments.data?.items ?? [];
  const departmentId = items.some((d) => d.id === wanted) ? wanted : (items[0]?.id ?? null);
  const workload = useDepartmentWorkload(departmentId);
  // Spec §7: the department view follows department:{id}, its raw tag reads included.
  useRealtimeRoom(departmentId === null ? null : { kind: 'department', id: departmentId });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Manager Department"
        description="One department at a time: each station's queue and load, what is over its phase target, and who takes what."
      />
      <div className="flex flex-wrap items-end gap-4">
        {locations.data && locations.data.items.length > 1 ? (
          <LocationPicker locations={locations.data.items} value={locationId} onChange={select} />
        ) : null}
        {items.length > 0 && departmentId ? (
          <FilterSelect
            label="Department"
            value={departmentId}
            onValueChange={setWanted}
            options={items.map((department) => ({ value: department.id, label: department.name }))}
          />
        ) : null}
      </div>
      {departments.isPending || (departmentId !== null && workload.isPending) ? (
        <LoadingSpinner label="Loading the department" />
      ) : departments.isError ? (
        <LoadError
          title="Could not load the departments"
          error={departments.error}
          onRetry={() => void departments.refetch()}
        />
      ) : departmentId === null ? (
        <p className="text-sm text-muted-foreground">This location has no departments yet.</p>
      ) : workload.isError ? (
        <LoadError
          title="Could not load the department"
          error={workload.error}
          onRetry={() => void workload.refetch()}
          isRetrying={workload.isFetching}
        />
      ) : workload.data ? (
        <DepartmentWorkload workload={workload.data} />
      ) : null}
    </div>
  );
}

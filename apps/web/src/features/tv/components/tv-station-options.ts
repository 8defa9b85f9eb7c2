import type { TDepartment } from '@loupe/domain/registry/departments';
import type { TSelectOption } from '@/components/select-field';

/** Every station as "Department › Station", for choosing where a TV hangs. */
export function tvStationOptions(departments: readonly TDepartment[]): TSelectOption[] {
  return departments.flatMap((department) =>
    department.stations.map((station) => ({
      value: station.id,
      label: `${department.name} › ${station.name}`,
    })),
  );
}

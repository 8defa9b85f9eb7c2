import { DEPARTMENTS_TAGLINE } from './departments-tagline';
import { DepartmentsWorkspace } from './departments-workspace';

/**
 * The dashboard's workshop map (issue 11 §3): pick a location, see its departments and stations with what is
 * at each, and open a station. Setting them up is for /departments and Settings; here everyone looks.
 */
export function DepartmentsOverview() {
  return (
    <section aria-labelledby="dashboard-departments" className="flex flex-col gap-4">
      <div>
        <h2 id="dashboard-departments" className="text-lg font-semibold">
          Departments and stations
        </h2>
        <p className="text-sm text-muted-foreground">{DEPARTMENTS_TAGLINE}</p>
      </div>
      <DepartmentsWorkspace canManage={false} />
    </section>
  );
}

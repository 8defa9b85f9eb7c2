import { canManageRegistry } from '@loupe/domain/auth/permissions';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth/auth-context';
import { DEPARTMENTS_TAGLINE } from '../components/departments-tagline';
import { DepartmentsWorkspace } from '../components/departments-workspace';

/** /departments (everyone): a location's departments and stations; admins and managers set them up. */
export function DepartmentsRoute() {
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Departments" description={DEPARTMENTS_TAGLINE} />
      <DepartmentsWorkspace canManage={canManageRegistry(user)} />
    </div>
  );
}

import { canManageRegistry } from '@loupe/domain/auth/permissions';
import { DepartmentsWorkspace } from '@/components/registry/departments-workspace';
import { useAuth } from '@/lib/auth/auth-context';

/** Settings › departments (admin; spec §6): the registry tools of /departments, export and import included. */
export function DepartmentsSection() {
  const { user } = useAuth();
  return <DepartmentsWorkspace canManage={canManageRegistry(user)} />;
}

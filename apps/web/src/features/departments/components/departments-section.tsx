import { canManageRegistry } from '@loupe/domain/auth/permissions';
import { useAuth } from '@/lib/auth/auth-context';
import { DepartmentsWorkspace } from './departments-workspace';

/** Settings › departments (admin; spec §6): the registry tools of /departments, export and import included. */
export function DepartmentsSection() {
  const { user } = useAuth();
  return <DepartmentsWorkspace canManage={canManageRegistry(user)} />;
}

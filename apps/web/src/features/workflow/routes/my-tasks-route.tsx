import { PageHeader } from '@/components/page-header';
import { MyTasks } from '../components/my-tasks';

/** /my-tasks (every signed-in user: anyone can be given work): my part of the workshop's jobs. */
export function MyTasksRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="My Tasks"
        description="The steps of jobs given to you, what waits on you, and what changed."
      />
      <MyTasks />
    </div>
  );
}

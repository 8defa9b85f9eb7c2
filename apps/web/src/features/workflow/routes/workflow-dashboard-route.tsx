import { WORKFLOW_DASHBOARD_TEXT } from '@loupe/domain/workflow/workflow-strings';
import { PageHeader } from '@/components/page-header';
import { WorkflowBoard } from '../components/workflow-board';

/** /workflow-dashboard (admin, manager; the route guard checks): the board the workshop runs on each morning. */
export function WorkflowDashboardRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={WORKFLOW_DASHBOARD_TEXT.title} description={WORKFLOW_DASHBOARD_TEXT.subtitle} />
      <WorkflowBoard />
    </div>
  );
}

import { workflowAnalytics } from '../api/get-workflow-analytics';
import { FilteredAnalyticsScreen } from '../components/analytics-screen';
import { WORKFLOW_SCREEN, WorkflowAnalytics } from '../components/workflow-analytics';

/** /workflow-analytics (admin, manager). */
export function WorkflowAnalyticsRoute() {
  return (
    <FilteredAnalyticsScreen screen={WORKFLOW_SCREEN} endpoint={workflowAnalytics}>
      {(data) => <WorkflowAnalytics data={data} />}
    </FilteredAnalyticsScreen>
  );
}

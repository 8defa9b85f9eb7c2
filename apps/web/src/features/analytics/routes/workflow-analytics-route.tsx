import { analyticsQuery } from '../analytics-filters';
import { useWorkflowAnalytics } from '../api/get-workflow-analytics';
import { AnalyticsPage } from '../components/analytics-page';
import { isWorkflowAnalyticsEmpty, WorkflowAnalytics } from '../components/workflow-analytics';
import { useAnalyticsFilters } from '../hooks/use-analytics-filters';

/** /workflow-analytics (admin, manager). */
export function WorkflowAnalyticsRoute() {
  const filterState = useAnalyticsFilters();
  const query = useWorkflowAnalytics(analyticsQuery(filterState.filters));
  return (
    <AnalyticsPage
      title="Workflow Analytics"
      description="How many pieces the workshop finishes each week, how long each step takes and where work piles up."
      filterState={filterState}
      query={query}
      errorTitle="Could not load the workflow figures"
      isEmpty={query.data ? isWorkflowAnalyticsEmpty(query.data) : false}
      emptyTitle="No workflow history in this period"
      emptyText="No job was read at a station in these dates with these filters. Widen the dates or clear a filter."
    >
      {query.data ? <WorkflowAnalytics data={query.data} /> : null}
    </AnalyticsPage>
  );
}

import { ROOT_CAUSE_KINDS, ROOT_CAUSE_LEVELS } from '@loupe/domain/analytics/analytics-api';
import { SelectField } from '@/components/select-field';
import { analyticsQuery } from '../analytics-filters';
import { useRootCauseAnalytics } from '../api/get-root-cause-analytics';
import { AnalyticsPage } from '../components/analytics-page';
import { isRootCauseEmpty, RootCauseDashboard } from '../components/root-cause-dashboard';
import { useAnalyticsFilters } from '../hooks/use-analytics-filters';

/** /root-cause-dashboard (admin, manager); `?causeKind=&causeId=` picks a cause for the drill-down. */
export function RootCauseDashboardRoute() {
  const filterState = useAnalyticsFilters();
  const kind = ROOT_CAUSE_KINDS.find((k) => k === filterState.param('causeKind'));
  const id = filterState.param('causeId');
  const picked = kind && id ? { kind, id } : null;
  const level = ROOT_CAUSE_LEVELS.find((l) => l === filterState.param('level')) ?? 'station';
  const query = useRootCauseAnalytics({
    ...analyticsQuery(filterState.filters),
    level,
    ...(picked ? { causeKind: picked.kind, causeId: picked.id } : {}),
  });
  return (
    <AnalyticsPage
      title="Root Cause Dashboard"
      description="Why pieces run late: the stations, steps and vendors behind the delays."
      filterState={filterState}
      query={query}
      errorTitle="Could not load the root causes"
      isEmpty={query.data ? isRootCauseEmpty(query.data) : false}
      emptyTitle="No late jobs in this period"
      emptyText="Every job delivered in these dates with these filters was on time."
      skeletons={2}
      extraFilters={
        <SelectField
          label="Causes by"
          value={level}
          // A cause of the other level would pick nothing.
          onValueChange={(value) =>
            filterState.setParams({
              level: value === 'station' ? null : value,
              causeKind: null,
              causeId: null,
            })
          }
          options={[
            { value: 'station', label: 'Stations and vendors' },
            { value: 'phase', label: 'Workflow phases' },
          ]}
          className="w-full sm:w-56"
        />
      }
    >
      {query.data ? <RootCauseDashboard data={query.data} picked={picked} /> : null}
    </AnalyticsPage>
  );
}

import { ROOT_CAUSE_KINDS, ROOT_CAUSE_LEVELS } from '@loupe/domain/analytics/analytics-api';
import { SelectField } from '@/components/select-field';
import { analyticsQuery } from '../analytics-filters';
import { useAnalyticsFigures } from '../api/analytics-endpoint';
import { rootCauseAnalytics } from '../api/get-root-cause-analytics';
import { AnalyticsScreen } from '../components/analytics-screen';
import { ROOT_CAUSE_SCREEN, RootCauseDashboard } from '../components/root-cause-dashboard';
import { useAnalyticsFilters } from '../hooks/use-analytics-filters';

/** /root-cause-dashboard (admin, manager); `?causeKind=&causeId=` picks a cause for the drill-down. */
export function RootCauseDashboardRoute() {
  const filterState = useAnalyticsFilters();
  const kind = ROOT_CAUSE_KINDS.find((k) => k === filterState.param('causeKind'));
  const id = filterState.param('causeId');
  const picked = kind && id ? { kind, id } : null;
  const level = ROOT_CAUSE_LEVELS.find((l) => l === filterState.param('level')) ?? 'station';
  const query = useAnalyticsFigures(rootCauseAnalytics, {
    ...analyticsQuery(filterState.filters),
    level,
    ...(picked ? { causeKind: picked.kind, causeId: picked.id } : {}),
  });
  return (
    <AnalyticsScreen
      screen={ROOT_CAUSE_SCREEN}
      filterState={filterState}
      query={query}
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
      {(data) => <RootCauseDashboard data={data} picked={picked} />}
    </AnalyticsScreen>
  );
}

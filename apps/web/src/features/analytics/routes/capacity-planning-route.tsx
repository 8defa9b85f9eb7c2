import { CAPACITY_DEFAULT_WEEKS } from '@loupe/domain/analytics/analytics-api';
import { SelectField } from '@/components/select-field';
import { workshopIsoDate } from '@/lib/date-format';
import { analyticsQuery, isIsoDay } from '../analytics-filters';
import { useAnalyticsFigures } from '../api/analytics-endpoint';
import { capacityAnalytics } from '../api/get-capacity-analytics';
import { AnalyticsScreen } from '../components/analytics-screen';
import { CAPACITY_SCREEN, CapacityPlanning, WhatIfResult } from '../components/capacity-planning';
import { RushJobForm, type TRushJob } from '../components/rush-job-form';
import { useAnalyticsFilters } from '../hooks/use-analytics-filters';

const WEEK_CHOICES = [2, 4, 6, 8, 12, 26] as const;

/** The rush job tried now, from the address. */
function rushFrom(param: (name: string) => string | null): TRushJob | null {
  const kind = param('rushKind');
  const promisedDate = param('rushPromisedDate');
  if ((kind !== 'order' && kind !== 'repair') || !isIsoDay(promisedDate)) return null;
  return { kind, productTypeId: kind === 'order' ? param('rushProductTypeId') : null, promisedDate };
}

/** /capacity-planning (admin, manager): the coming weeks, so the filter bar has no dates. */
export function CapacityPlanningRoute() {
  const filterState = useAnalyticsFilters();
  const { param, setParam, setParams } = filterState;
  const today = workshopIsoDate(new Date());
  const weeks = WEEK_CHOICES.find((choice) => String(choice) === param('weeks')) ?? CAPACITY_DEFAULT_WEEKS;
  const rush = rushFrom(param);
  const { from: _from, to: _to, ...filters } = analyticsQuery(filterState.filters);
  const query = useAnalyticsFigures(capacityAnalytics, {
    ...filters,
    weeks,
    ...(rush
      ? {
          rushKind: rush.kind,
          rushPromisedDate: rush.promisedDate,
          ...(rush.productTypeId ? { rushProductTypeId: rush.productTypeId } : {}),
        }
      : {}),
  });

  function setRush(job: TRushJob | null) {
    setParams({
      rushKind: job?.kind ?? null,
      rushPromisedDate: job?.promisedDate ?? null,
      rushProductTypeId: job?.productTypeId ?? null,
    });
  }

  return (
    <AnalyticsScreen
      screen={CAPACITY_SCREEN}
      filterState={filterState}
      query={query}
      hasDateRange={false}
      extraFilters={
        <SelectField
          label="Weeks ahead"
          value={String(weeks)}
          onValueChange={(value) =>
            setParam('weeks', value === String(CAPACITY_DEFAULT_WEEKS) ? null : value)
          }
          options={WEEK_CHOICES.map((choice) => ({ value: String(choice), label: `${choice} weeks` }))}
          className="w-full sm:w-40"
        />
      }
    >
      {(data) => (
        <div className="flex flex-col gap-6">
          <RushJobForm
            current={rush}
            onTry={setRush}
            onClear={() => setRush(null)}
            isTrying={query.isFetching}
            today={today}
          />
          {data.whatIf ? <WhatIfResult whatIf={data.whatIf} /> : null}
          <CapacityPlanning data={data} />
        </div>
      )}
    </AnalyticsScreen>
  );
}

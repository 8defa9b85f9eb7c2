import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { SafeCountList } from '../components/safe-count-list';
import { SafeCountReport } from '../components/safe-count-report';
import { SafeLocations } from '../components/safe-locations';

/**
 * /safe-counts (admin, manager; the route guard checks): each location's safe and its Start count button, the
 * counts kept, and one count (?count=id) live while it runs, then its report to print or export.
 */
export function SafeCountsRoute() {
  const [params, setParams] = useSearchParams();
  const countId = params.get('count');
  const open = (id: string) => setParams({ count: id });
  if (countId) return <SafeCountReport id={countId} onBack={() => setParams({})} />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Safe Counts"
        description="At closing every open piece of a location, not offsite, is expected in its safe. The count shows what was read there and what is missing, and keeps each count for the insurer."
      />
      <section aria-labelledby="safes-heading" className="flex flex-col gap-3">
        <h2 id="safes-heading" className="text-lg font-semibold">
          Safes
        </h2>
        <SafeLocations onOpenCount={open} />
      </section>
      <section aria-labelledby="counts-heading" className="flex flex-col gap-3">
        <h2 id="counts-heading" className="text-lg font-semibold">
          Counts
        </h2>
        <SafeCountList onOpenCount={open} />
      </section>
    </div>
  );
}

import { PageHeader } from '@/components/page-header';
import { OffsiteList } from '../components/offsite-list';

/** /offsite (admin, manager, salesperson; the route guard checks): orders and repairs out of the building. */
export function OffsiteRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Offsite"
        description="Orders and repairs that left the building: since when, whether that was expected, and bringing them back."
      />
      <OffsiteList />
    </div>
  );
}

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** Placeholder: issue 5 builds this screen. */
export function OrdersRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Orders" />
      <EmptyState title="Nothing here yet" text="This screen is being built." />
    </div>
  );
}

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** Placeholder: being built. */
export function DashboardRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Dashboard" />
      <EmptyState title="Nothing here yet" text="This screen is being built." />
    </div>
  );
}

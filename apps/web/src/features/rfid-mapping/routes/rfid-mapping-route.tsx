import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** Placeholder: being built. */
export function RfidMappingRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="RFID Mapping" />
      <EmptyState title="Nothing here yet" text="This screen is being built." />
    </div>
  );
}

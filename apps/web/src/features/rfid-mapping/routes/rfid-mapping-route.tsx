import { PageHeader } from '@/components/page-header';
import { AddReaderButton, ReadersWorkspace } from '../components/readers-workspace';

/** /rfid-mapping (admin only; the route guard checks): readers, their API keys and antenna mappings. */
export function RfidMappingRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="RFID Mapping"
        description="Fixed readers, their API keys, and which department and station each antenna reports."
        actions={<AddReaderButton />}
      />
      <ReadersWorkspace />
    </div>
  );
}

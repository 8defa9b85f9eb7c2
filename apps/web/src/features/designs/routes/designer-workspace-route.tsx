import { PencilRulerIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryLoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDesignRequests } from '../api/get-design-requests';
import { DesignLibrary } from '../components/design-library';
import { DesignRequestPanel } from '../components/design-request-panel';
import { DesignerQueue } from '../components/designer-queue';

/** /designer-workspace (spec §2: designer, admin): the queue of design requests and the one being worked on. */
export function DesignerWorkspaceRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get('request');
  const tab = searchParams.get('tab') === 'library' ? 'library' : 'requests';
  const query = useDesignRequests();

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Designer Workspace"
        description="Design requests by status and due date, their revisions and the customers' approvals."
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setSearchParams(value === 'library' ? { tab: 'library' } : {})}
      >
        <TabsList>
          <TabsTrigger value="requests">Requests</TabsTrigger>
          <TabsTrigger value="library">Design library</TabsTrigger>
        </TabsList>
        <TabsContent value="library" className="pt-4">
          <DesignLibrary />
        </TabsContent>
        <TabsContent value="requests" className="grid gap-6 pt-4">
          {query.isPending ? (
            <LoadingSpinner label="Loading design requests" />
          ) : query.isError ? (
            <QueryLoadError title="Design requests could not be loaded" query={query} />
          ) : query.data.length === 0 ? (
            <EmptyState
              icon={PencilRulerIcon}
              title="No design requests"
              text="An order that needs design work shows up here."
            />
          ) : (
            <DesignerQueue
              requests={query.data}
              selectedId={selectedId}
              onSelect={(id) => setSearchParams({ request: id })}
            />
          )}
          {selectedId ? (
            <div className="rounded-xl border p-4 sm:p-6">
              <DesignRequestPanel key={selectedId} requestId={selectedId} />
            </div>
          ) : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}

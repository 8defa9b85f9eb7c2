import { Construction } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** A screen still being built: its title and what it will be for, so links and deep links lead somewhere. */
export function UpcomingScreen({ title, description }: { title: string; description: string }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} />
      <EmptyState icon={Construction} title="Coming soon" text={description} />
    </div>
  );
}

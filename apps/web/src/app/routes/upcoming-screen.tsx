import { Construction } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/**
 * A screen a later issue builds: its title and an honest empty state, so navigation, access rules and
 * deep links already work end to end.
 */
export function UpcomingScreen({ title, description }: { title: string; description: string }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} />
      <EmptyState icon={Construction} title="Nothing here yet" text={description} />
    </div>
  );
}

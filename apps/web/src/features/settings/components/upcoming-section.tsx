import { Construction } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';

/** A section still being built: what it will be for, so the menu and access rules already work. */
export function UpcomingSection({ text }: { text: string }) {
  return <EmptyState icon={Construction} title="Coming soon" text={text} />;
}

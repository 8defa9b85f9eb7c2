import { Construction } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';

/** A section a later issue builds: an honest empty state, so the menu and access rules already work. */
export function UpcomingSection({ text }: { text: string }) {
  return <EmptyState icon={Construction} title="Nothing here yet" text={text} />;
}

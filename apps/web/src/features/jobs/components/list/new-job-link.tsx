import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Where a new job is written up, and the button's words: 'New order'. */
export type TNewJobLink = { readonly to: string; readonly label: string };

export function NewJobButton({ link }: { link: TNewJobLink }) {
  return (
    <Button asChild>
      <Link to={link.to}>
        <PlusIcon aria-hidden="true" />
        {link.label}
      </Link>
    </Button>
  );
}

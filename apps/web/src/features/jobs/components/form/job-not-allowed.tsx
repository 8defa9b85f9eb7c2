import { LockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import type { TJobNoun } from '../../job-noun';

export type TJobNotAllowedProps = {
  /** What the role may not do: 'create orders'. */
  readonly action: string;
  /** Who may: 'Only admins, managers and salespeople create and edit orders.' */
  readonly text: string;
  readonly noun: TJobNoun;
  readonly listPath: string;
};

/** What a role that may not write a kind of job sees on its form's address (the server would refuse anyway). */
export function JobNotAllowed({ action, text, noun, listPath }: TJobNotAllowedProps) {
  return (
    <EmptyState
      icon={LockIcon}
      title={`You can't ${action}`}
      text={text}
      action={
        <Button asChild variant="outline">
          <Link to={listPath}>{`Back to ${noun.other}`}</Link>
        </Button>
      }
    />
  );
}

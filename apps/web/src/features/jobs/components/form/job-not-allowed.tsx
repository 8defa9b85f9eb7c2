import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { LockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { JOB_KINDS } from '../../kinds/job-kinds';

export type TJobNotAllowedProps = {
  readonly kind: TJobKind;
  /** What the role may not do: 'create orders'. */
  readonly action: string;
};

/** What a role that may not write a kind of job sees on its form's address (the server would refuse anyway). */
export function JobNotAllowed({ kind, action }: TJobNotAllowedProps) {
  const ui = JOB_KINDS[kind];
  return (
    <EmptyState
      icon={LockIcon}
      title={`You can't ${action}`}
      text={ui.notAllowed.text}
      action={
        <Button asChild variant="outline">
          <Link to={ui.paths.list}>{`Back to ${ui.noun.other}`}</Link>
        </Button>
      }
    />
  );
}

import { ClipboardCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { useMyTasks } from '../api/get-my-tasks';
import { AssignmentRow } from './my-tasks';

/** The steps shown on the dashboard; the rest are one link away. */
const SHOWN = 5;

/**
 * "My work" at the top of a bench role's dashboard (issue 37 §1): the steps given to me, most urgent first
 * as the server ranks them, each done in one tap, and the way to My Tasks, which their sidebar lacks.
 */
export function MyWorkCard() {
  const tasks = useMyTasks(null);
  const now = new Date();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle as="h2">My work</CardTitle>
          <CardDescription>The steps given to you, most urgent first.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.myTasks}>
            All my tasks{tasks.data ? ` (${tasks.data.assignments.length})` : ''}
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {tasks.isPending ? (
          <LoadingSpinner label="Loading your tasks" />
        ) : tasks.isError ? (
          <LoadError
            title="Could not load your tasks"
            error={tasks.error}
            onRetry={() => void tasks.refetch()}
            isRetrying={tasks.isFetching}
          />
        ) : tasks.data.assignments.length === 0 ? (
          <EmptyState
            icon={ClipboardCheckIcon}
            title="Nothing assigned to you"
            text="When a manager gives you a step of a job, it appears here and in your bell."
          />
        ) : (
          <ul className="grid gap-2" aria-label="My work">
            {tasks.data.assignments.slice(0, SHOWN).map((assignment) => (
              <AssignmentRow key={assignment.id} assignment={assignment} now={now} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

import { JOB_VIEW_LABELS, READY_STATUS } from '@loupe/domain/jobs/job-views';
import type { TMyTasks } from '@loupe/domain/workflow/workflow-api';
import { ClipboardCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { JobStateBadges } from '@/components/job-state/job-state-badges';
import { LoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { WorkTimerControls } from '@/components/work-time/work-timer-controls';
import { formatCalendarDate, formatDateTime, formatRelativeTime } from '@/lib/date-format';
import { useMyWorkTime } from '@/lib/work-time-api/get-my-work-time';
import { useMyTasks } from '../api/get-my-tasks';
import { jobPath } from './job-card';

const LAST_VISIT_KEY = 'loupe:my-tasks:last-visit';

/** When I last opened My Tasks (this browser), remembered once per visit. */
function useLastVisit(): string | null {
  const [since] = useState(() => {
    const previous = window.localStorage.getItem(LAST_VISIT_KEY);
    window.localStorage.setItem(LAST_VISIT_KEY, new Date().toISOString());
    return previous;
  });
  return since;
}

export function AssignmentRow({
  assignment,
  now,
}: {
  assignment: TMyTasks['assignments'][number];
  now: Date;
}) {
  // One query for every row (TanStack Query shares it): my timers, with the labour so far on each step.
  const workTime = useMyWorkTime();
  const { job } = assignment;
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={jobPath(job)} className="font-mono font-medium underline-offset-4 hover:underline">
            {job.number}
          </Link>
          <span className="font-medium">{assignment.phaseName}</span>
          <JobStateBadges state={job.state} now={now} />
        </div>
        <p className="truncate text-sm text-muted-foreground">
          {job.customerName} · {job.productTypeName ?? job.description}
          {job.location ? ` · at ${job.location.stationName}` : ''}
        </p>
        <p className="text-xs text-muted-foreground">
          {assignment.dueAt ? `Due ${formatDateTime(assignment.dueAt)}` : 'No due time'}
          {assignment.assignedBy ? ` · from ${assignment.assignedBy.name}` : ''}
          {assignment.snoozedUntil ? ` · snoozed until ${formatDateTime(assignment.snoozedUntil)}` : ''}
        </p>
      </div>
      <WorkTimerControls
        assignmentId={assignment.id}
        label={`${assignment.phaseName} of ${job.number}`}
        timer={workTime.data?.byAssignment.find((timer) => timer.assignmentId === assignment.id)}
      />
    </li>
  );
}

/** My Tasks: what I have been given, what waits on me as the salesperson, and what changed since I looked. */
export function MyTasks() {
  const since = useLastVisit();
  const tasks = useMyTasks(since);
  const now = new Date();
  if (tasks.isPending) return <LoadingSpinner label="Loading your tasks" />;
  if (tasks.isError) {
    return (
      <LoadError
        title="Could not load your tasks"
        error={tasks.error}
        onRetry={() => void tasks.refetch()}
        isRetrying={tasks.isFetching}
      />
    );
  }
  const { assignments, responsibleFor, changes } = tasks.data;
  return (
    // One column no wider than the page: a long customer line truncates instead of widening it (issue 35).
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {changes.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Since you last looked</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-1 text-sm">
              {changes.map((change) => (
                <li key={`${change.itemId}-${change.at}`}>
                  {change.text} · {formatRelativeTime(change.at, now)}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      <section aria-labelledby="my-assignments" className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <h2 id="my-assignments" className="text-lg font-semibold">
          Assigned to me ({assignments.length})
        </h2>
        {assignments.length === 0 ? (
          <EmptyState
            icon={ClipboardCheckIcon}
            title="Nothing assigned to you"
            text="When a manager gives you a step of a job, it appears here with its due time."
          />
        ) : (
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {assignments.map((assignment) => (
              <AssignmentRow key={assignment.id} assignment={assignment} now={now} />
            ))}
          </ul>
        )}
      </section>
      {responsibleFor.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Waiting on you</CardTitle>
            <CardDescription>
              Your customers’ orders ready for pickup or waiting for their approval.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm">
              {responsibleFor.map((job) => (
                <li key={job.id} className="flex flex-wrap items-center gap-2">
                  <Link
                    to={jobPath(job)}
                    className="font-mono font-medium underline-offset-4 hover:underline"
                  >
                    {job.number}
                  </Link>
                  <span>{job.customerName}</span>
                  <Badge variant="outline">
                    {JOB_VIEW_LABELS[job.status === READY_STATUS ? 'ready-for-pickup' : 'awaiting-approval']}
                  </Badge>
                  <JobStateBadges state={job.state} now={now} />
                  {job.promisedDate ? (
                    <span className="text-muted-foreground">
                      promised {formatCalendarDate(job.promisedDate)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

import type { TMyFloor } from '@loupe/domain/workflow/workflow-api';
import { ClipboardCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { JobStateBadges } from '@/components/job-state/job-state-badges';
import { LoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCalendarDate, formatDurationMinutes, minutesSince } from '@/lib/date-format';
import { paths } from '@/lib/paths';
import { useMyFloor } from '../api/get-my-floor';
import { useMyTasks } from '../api/get-my-tasks';
import { jobPath } from './job-card';
import { AssignmentRow } from './my-tasks';

/** The steps shown on the dashboard; the rest are one link away. */
const SHOWN = 5;

/** A job's number, linking to its page. */
function JobLink({ job }: { job: TMyFloor['comingNext'][number]['job'] }) {
  return (
    <Link to={jobPath(job)} className="font-mono font-medium underline-offset-4 hover:underline">
      {job.number}
    </Link>
  );
}

/** One of the floor's lists under my steps: a heading, its rows, or a line saying there are none. */
function FloorSection({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {empty === null ? (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-1.5" aria-labelledby={id}>
          {children}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
    </section>
  );
}

/**
 * Under my steps: the pieces at my stations (the departments my steps happen in) and the few coming there
 * next, most urgent first as the server ranks them.
 */
function MyFloor({ now }: { now: Date }) {
  const floor = useMyFloor();
  if (floor.isPending) return <LoadingSpinner label="Loading your stations" />;
  if (floor.isError) {
    return (
      <LoadError
        title="Could not load your stations"
        error={floor.error}
        onRetry={() => void floor.refetch()}
        isRetrying={floor.isFetching}
      />
    );
  }
  const { atMyStations, comingNext } = floor.data;
  const hidden = atMyStations.length - SHOWN;
  return (
    <>
      <FloorSection
        id="my-work-stations"
        title={`At your stations (${atMyStations.length})`}
        empty={atMyStations.length === 0 ? 'No pieces at your stations right now.' : null}
      >
        {atMyStations.slice(0, SHOWN).map(({ job, arrivedAt }) => (
          <li key={job.id} className="min-w-0 rounded-md border px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <JobLink job={job} />
              <JobStateBadges state={job.state} now={now} />
            </div>
            <p className="truncate text-muted-foreground">
              {job.productTypeName ?? job.description}
              {job.location ? ` · ${job.location.stationName}` : ''}
              {arrivedAt ? ` · here ${formatDurationMinutes(minutesSince(arrivedAt, now))}` : ''}
            </p>
          </li>
        ))}
        {hidden > 0 ? <li className="text-sm text-muted-foreground">and {hidden} more</li> : null}
      </FloorSection>
      <FloorSection
        id="my-work-next"
        title="Coming next"
        empty={comingNext.length === 0 ? 'Nothing on its way to your stations.' : null}
      >
        {comingNext.map(({ job, nextPhaseName }) => (
          <li key={job.id} className="min-w-0 rounded-md border px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <JobLink job={job} />
              <span className="text-muted-foreground">for {nextPhaseName}</span>
              <JobStateBadges state={job.state} now={now} />
            </div>
            <p className="truncate text-muted-foreground">
              Now {job.workflow.phaseName}
              {job.location ? ` at ${job.location.stationName}` : ''}
              {job.promisedDate ? ` · promised ${formatCalendarDate(job.promisedDate)}` : ''}
            </p>
          </li>
        ))}
      </FloorSection>
    </>
  );
}

/**
 * "My work" at the top of a bench role's dashboard (issue 37 §1): the steps given to me, most urgent first
 * as the server ranks them, each done in one tap, and the way to My Tasks, which their sidebar lacks; under
 * them the pieces at their stations and what comes there next.
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
            text="When a manager gives you a step of a job, it appears here and in your bell, with the pieces at its stations and what comes there next."
          />
        ) : (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-label="My work">
              {tasks.data.assignments.slice(0, SHOWN).map((assignment) => (
                <AssignmentRow key={assignment.id} assignment={assignment} now={now} />
              ))}
            </ul>
            <MyFloor now={now} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

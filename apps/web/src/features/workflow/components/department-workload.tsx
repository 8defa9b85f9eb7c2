import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { JOB_VIEW_LABELS } from '@loupe/domain/jobs/job-views';
import {
  STATION_DAY_HOURS,
  type TDepartmentWorkload,
  type TWorkflowJob,
} from '@loupe/domain/workflow/workflow-api';
import { HourglassIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { JobStateBadges } from '@/components/job-state/job-state-badges';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { errorMessageOf } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useAssignPhase } from '../api/assign-phase';
import { peopleFor, peopleToAssign, type TWorkflowPerson } from '../workflow-people';
import { AssignMenu } from './assign-menu';
import { daysInPhase, jobPath, phaseTargetText } from './job-card';

function JobLine({ job, people, now }: { job: TWorkflowJob; people: readonly TWorkflowPerson[]; now: Date }) {
  const assign = useAssignPhase();
  return (
    <li
      className={cn(
        'flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm',
        job.state.isOverdue && 'border-destructive/60',
      )}
    >
      <Link to={jobPath(job)} className="font-mono font-medium underline-offset-4 hover:underline">
        {job.number}
      </Link>
      <span className="min-w-0 flex-1 truncate">
        {job.workflow.phaseName} · {job.customerName}
      </span>
      <JobStateBadges state={job.state} now={now} />
      <span className="text-xs text-muted-foreground">
        {daysInPhase(job, now)} · {phaseTargetText(job.workflow)}
      </span>
      <span className={cn('text-xs', job.assignment ? '' : 'italic text-muted-foreground')}>
        {job.assignment?.assignee.name ?? 'Unassigned'}
      </span>
      <AssignMenu
        people={peopleFor(people, job.kind)}
        current={job.assignment?.assignee.id ?? null}
        label={job.assignment ? 'Reassign' : 'Assign'}
        accessibleLabel={`${job.assignment ? 'Reassign' : 'Assign'} ${job.number}`}
        disabled={assign.isPending}
        onAssign={(assigneeId) =>
          assign.mutate(
            { kind: job.kind, itemId: job.id, assigneeId },
            {
              onSuccess: (saved) => toast({ title: `${job.number} given to ${saved.assignee.name}` }),
              onError: (error) =>
                toast({
                  title: 'Not assigned',
                  description: errorMessageOf(error, ERROR_MESSAGES.generic),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
    </li>
  );
}

/** One department at a time: each station's queue and load against a working day, and what comes next. */
export function DepartmentWorkload({ workload }: { workload: TDepartmentWorkload }) {
  const people = peopleToAssign(workload.people);
  const now = new Date();
  return (
    <div className="grid gap-6">
      {workload.stations.length === 0 ? (
        <EmptyState
          title="No stations yet"
          text="Add stations to this department on the Departments screen."
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {workload.stations.map((station) => {
            const percent = Math.min(100, Math.round((station.loadHours / STATION_DAY_HOURS) * 100));
            return (
              <Card key={station.id} aria-label={`Station ${station.name}`} role="region">
                <CardHeader>
                  <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
                    {station.name}
                    {station.isActive ? null : <Badge variant="outline">Inactive</Badge>}
                    {station.overPhaseTarget > 0 ? (
                      <Badge
                        variant="outline"
                        className="border-orange-700/50 bg-orange-50 text-orange-950 dark:bg-orange-400/15 dark:text-orange-100"
                      >
                        <HourglassIcon aria-hidden="true" />
                        {`${station.overPhaseTarget} ${JOB_VIEW_LABELS['over-phase-target'].toLowerCase()}`}
                      </Badge>
                    ) : null}
                  </CardTitle>
                  <CardDescription>
                    {[station.jewelerName, station.specialization, station.status]
                      .filter(Boolean)
                      .join(' · ') || 'No jeweler named'}
                  </CardDescription>
                </CardHeader>
                <CardContent className="grid gap-3">
                  <div className="grid gap-1">
                    <div className="flex justify-between text-xs text-muted-foreground">
                      <span>
                        {station.jobs.length} {station.jobs.length === 1 ? 'piece' : 'pieces'} here
                      </span>
                      <span>
                        {station.loadHours} h of work · {STATION_DAY_HOURS} h a day
                      </span>
                    </div>
                    <Progress
                      value={percent}
                      aria-label={`${station.name} load`}
                      className={cn(station.loadHours > STATION_DAY_HOURS && '[&>div]:bg-destructive')}
                    />
                  </div>
                  {station.jobs.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Nothing at this station.</p>
                  ) : (
                    <ul className="grid gap-2">
                      {station.jobs.map((job) => (
                        <JobLine key={job.id} job={job} people={people} now={now} />
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            );
          })}
        </div>
      )}
      <Card role="region" aria-label="Coming next">
        <CardHeader>
          <CardTitle as="h2">Coming next</CardTitle>
          <CardDescription>
            Jobs in a step this department does, not at one of its stations yet.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {workload.incoming.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing on its way in.</p>
          ) : (
            <ul className="grid gap-2">
              {workload.incoming.map((job) => (
                <JobLine key={job.id} job={job} people={people} now={now} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

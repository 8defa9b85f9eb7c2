import type { TJobWorkflow, TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import { BellRingIcon, CheckIcon, EllipsisIcon, MapPinIcon } from 'lucide-react';
import { Link } from 'react-router';
import { JobStateBadges } from '@/components/job-state/job-state-badges';
import { predictionText } from '@/components/prediction/predicted-completion';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { formatCalendarDate } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';
import { peopleFor, type TWorkflowPerson } from '../workflow-people';
import { AssignMenu } from './assign-menu';

const DAY_MS = 86_400_000;

/** How a card's action looks while its job's change is saved: dimmed, yet focusable. */
const BUSY_CLASS = 'aria-disabled:opacity-50';

/** "3 days in phase", from when the phase started (calendar days, as the floor counts them). */
export function daysInPhase(job: Pick<TWorkflowJob, 'workflow'>, now: Date): string {
  const days = Math.floor((now.getTime() - Date.parse(job.workflow.phaseStartedAt)) / DAY_MS);
  if (days <= 0) return 'Started today';
  return days === 1 ? '1 day in phase' : `${days} days in phase`;
}

/** Working hours as the cards write them: one decimal under 10 h, whole hours above. */
function hoursText(hours: number): string {
  const rounded = hours < 10 ? Math.round(hours * 10) / 10 : Math.round(hours);
  return `${rounded} h`;
}

/** "14 h of 12 h target": working hours in the current phase against the phase's target. */
export function phaseTargetText(workflow: Pick<TJobWorkflow, 'hoursInPhase' | 'targetHours'>): string {
  return `${hoursText(workflow.hoursInPhase)} of ${hoursText(workflow.targetHours)} target`;
}

export function jobPath(job: Pick<TWorkflowJob, 'kind' | 'id'>): string {
  return job.kind === 'order'
    ? pathTo(paths.orderDetail, { orderId: job.id })
    : pathTo(paths.repairDetail, { repairId: job.id });
}

export type TJobCardProps = {
  readonly job: TWorkflowJob;
  readonly now: Date;
  readonly selected: boolean;
  readonly onSelectedChange: (selected: boolean) => void;
  readonly people: readonly TWorkflowPerson[];
  readonly busy: boolean;
  readonly onAdvance: () => void;
  readonly onAssign: (assigneeId: string) => void;
  readonly onNudge: () => void;
  readonly onRush: (isRush: boolean) => void;
  readonly onExpectedOffsite: (expected: boolean) => void;
};

/** One job on the Command Center: who, what, where it is, how long in its phase, and the one-click actions. */
export function JobCard({
  job,
  now,
  selected,
  onSelectedChange,
  people,
  busy,
  onAdvance,
  onAssign,
  onNudge,
  onRush,
  onExpectedOffsite,
}: TJobCardProps) {
  const { workflow, state, prediction } = job;
  return (
    <article
      aria-label={`${job.number}, ${job.customerName}`}
      className={cn(
        'grid gap-2 rounded-lg border bg-card p-3 text-sm shadow-xs',
        state.isOverdue && 'border-destructive/60',
        state.isAtRisk && 'border-amber-500/60',
        selected && 'ring-2 ring-ring',
      )}
    >
      <div className="flex items-start gap-2">
        <Checkbox
          checked={selected}
          onCheckedChange={(state) => onSelectedChange(state === true)}
          aria-label={`Select ${job.number}`}
          className="mt-0.5"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <Link to={jobPath(job)} className="font-mono font-medium underline-offset-4 hover:underline">
              {job.number}
            </Link>
            <JobStateBadges state={state} now={now} />
            {workflow.reworkCount > 0 ? (
              <Badge variant="outline">Rework ×{workflow.reworkCount}</Badge>
            ) : null}
          </div>
          <p className="truncate">{job.customerName}</p>
          <p className="truncate text-muted-foreground">{job.productTypeName ?? job.description ?? ''}</p>
        </div>
      </div>
      <dl className="grid gap-1 text-xs text-muted-foreground">
        <div className="flex justify-between gap-2">
          <dt className="sr-only">Time in phase</dt>
          <dd>{daysInPhase(job, now)}</dd>
          <dd className={cn(state.isOverPhaseTarget && 'font-medium text-foreground')}>
            {phaseTargetText(workflow)}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Promised</dt>
          <dd className={cn(state.isOverdue && 'font-medium text-destructive')}>
            {job.promisedDate ? `Promised ${formatCalendarDate(job.promisedDate)}` : 'No promised date'}
          </dd>
        </div>
        {prediction ? (
          <div>
            <dt className="sr-only">Predicted completion</dt>
            <dd>{predictionText(prediction)}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-1">
          <dt>
            <MapPinIcon className="size-3" aria-label="Where it is" />
          </dt>
          <dd className="truncate">
            {job.location
              ? `${state.isOffsite ? 'Last seen at ' : ''}${job.location.stationName}, ${job.location.departmentName}`
              : 'Not tagged yet'}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Assigned to</dt>
          <dd className={cn(job.assignment ? 'text-foreground' : 'italic')}>
            {job.assignment ? job.assignment.assignee.name : 'Unassigned'}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-1.5">
        {/* While a change is saved the actions say so but keep the focus (a disabled button drops it). */}
        <Button
          size="sm"
          variant="outline"
          onClick={busy ? undefined : onAdvance}
          aria-disabled={busy}
          className={BUSY_CLASS}
          aria-label={`Complete ${workflow.phaseName} for ${job.number}`}
        >
          <CheckIcon aria-hidden="true" />
          Complete
        </Button>
        <AssignMenu
          people={peopleFor(people, job.kind)}
          current={job.assignment?.assignee.id ?? null}
          disabled={busy}
          label={job.assignment ? 'Reassign' : 'Assign'}
          accessibleLabel={`${job.assignment ? 'Reassign' : 'Assign'} ${job.number}`}
          onAssign={onAssign}
        />
        {job.assignment ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={busy ? undefined : onNudge}
            aria-disabled={busy}
            className={BUSY_CLASS}
            aria-label={`Nudge ${job.assignment.assignee.name} about ${job.number}`}
          >
            <BellRingIcon aria-hidden="true" />
            Nudge
          </Button>
        ) : null}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              size="sm"
              variant="ghost"
              aria-disabled={busy}
              className={BUSY_CLASS}
              aria-label={`More for ${job.number}`}
            >
              <EllipsisIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem disabled={busy} onSelect={() => onRush(!job.isRush)}>
              {job.isRush ? 'No longer rush' : 'Mark rush'}
            </DropdownMenuItem>
            {job.location ? (
              <DropdownMenuItem
                disabled={busy}
                onSelect={() => onExpectedOffsite(!job.location?.expectedOffsite)}
              >
                {job.location.expectedOffsite ? 'Not expected offsite' : 'Expected offsite (at a vendor)'}
              </DropdownMenuItem>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </article>
  );
}

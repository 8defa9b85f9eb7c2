import type { TWorkflowBoard, TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import { CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { JobStateBadges } from '@/components/job-state/job-state-badges';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatCalendarDate } from '@/lib/date-format';
import { jobPath } from './job-card';

export type TBoardJobListProps = {
  readonly phases: TWorkflowBoard['columns'];
  readonly now: Date;
  readonly selected: ReadonlySet<string>;
  readonly onSelectedChange: (id: string, selected: boolean) => void;
  readonly busyIds: ReadonlySet<string>;
  readonly onAdvance: (job: TWorkflowJob) => void;
};

/**
 * The board's compact list (issue 35): the same jobs in phase order, one line each with its phase, promised
 * date and state, selectable for the same bulk actions, and the phase's Complete button. A table, so the
 * keyboard walks it with Tab and a screen reader reads each value with its column.
 */
export function BoardJobList({
  phases,
  now,
  selected,
  onSelectedChange,
  busyIds,
  onAdvance,
}: TBoardJobListProps) {
  const rows = phases.flatMap((phase) => phase.jobs.map((job) => ({ phase, job })));
  return (
    <Table aria-label="Jobs by phase">
      <TableHeader>
        <TableRow>
          <TableHead className="w-8">
            <span className="sr-only">Selected</span>
          </TableHead>
          <TableHead>Job</TableHead>
          <TableHead className="hidden sm:table-cell">Customer</TableHead>
          <TableHead>Phase</TableHead>
          <TableHead>Promised</TableHead>
          <TableHead>State</TableHead>
          <TableHead className="hidden md:table-cell">Assigned to</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ phase, job }) => (
          <TableRow key={job.id} data-state={selected.has(job.id) ? 'selected' : undefined}>
            <TableCell>
              <Checkbox
                checked={selected.has(job.id)}
                onCheckedChange={(state) => onSelectedChange(job.id, state === true)}
                aria-label={`Select ${job.number}`}
              />
            </TableCell>
            <TableCell className="font-mono font-medium whitespace-nowrap">
              <Link to={jobPath(job)} className="underline-offset-4 hover:underline">
                {job.number}
              </Link>
            </TableCell>
            <TableCell className="hidden max-w-48 truncate sm:table-cell">{job.customerName}</TableCell>
            <TableCell className="whitespace-nowrap">{phase.name}</TableCell>
            <TableCell
              className={cn('whitespace-nowrap', job.state.isOverdue && 'font-medium text-destructive')}
            >
              {job.promisedDate ? formatCalendarDate(job.promisedDate) : 'No date'}
            </TableCell>
            <TableCell>
              <JobStateBadges state={job.state} now={now} />
            </TableCell>
            <TableCell
              className={cn('hidden md:table-cell', !job.assignment && 'italic text-muted-foreground')}
            >
              {job.assignment ? job.assignment.assignee.name : 'Unassigned'}
            </TableCell>
            <TableCell className="text-right">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onAdvance(job)}
                disabled={busyIds.has(job.id)}
                aria-label={`Complete ${phase.name} for ${job.number}`}
              >
                <CheckIcon aria-hidden="true" />
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

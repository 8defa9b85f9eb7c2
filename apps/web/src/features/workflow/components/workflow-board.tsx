import { canViewRepairs } from '@loupe/domain/auth/permissions';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { JOB_VIEW_DESCRIPTIONS, JOB_VIEW_LABELS, type TJobView } from '@loupe/domain/jobs/job-views';
import type { TWorkflowBoard, TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import { WORKFLOW_DASHBOARD_TEXT } from '@loupe/domain/workflow/workflow-strings';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { KanbanIcon, ListIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { FilterSelect } from '@/components/filter-select';
import { LoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { useLocations } from '@/lib/registry-api/get-locations';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { useAdvancePhase } from '../api/advance-phase';
import { useAssignPhase } from '../api/assign-phase';
import { useWorkflowBoard } from '../api/get-workflow-board';
import { useWorkflowPeople } from '../api/get-workflow-people';
import { useNudgeJob } from '../api/nudge-job';
import { useSetExpectedOffsite, useSetRush } from '../api/set-job-flags';
import { useBoardLayout } from '../hooks/use-board-layout';
import { peopleToAssign } from '../workflow-people';
import { AssignMenu } from './assign-menu';
import { BoardJobList } from './board-job-list';
import { JobCard } from './job-card';
import { PhaseColumns } from './phase-columns';

const ALL = 'all';

/** The job views the board narrows to, in the domain's words (ready and awaiting approval are no work here). */
export const BOARD_VIEWS = [
  'overdue',
  'due-today',
  'due-this-week',
  'at-risk',
  'over-phase-target',
  'rush',
  'offsite',
] as const satisfies readonly TJobView[];
type TBoardView = (typeof BOARD_VIEWS)[number];

/** Links made before the job views (`?due=overdue|today|week`) open the view that replaced each window. */
const LEGACY_DUE_VIEWS: Readonly<Record<string, TBoardView>> = {
  overdue: 'overdue',
  today: 'due-today',
  week: 'due-this-week',
};

/** The board's view from its address: `?view=`, else an old `?due=`; none means every open job. */
export function boardViewOf(params: URLSearchParams): TBoardView | null {
  const view = params.get('view');
  const chosen = BOARD_VIEWS.find((candidate) => candidate === view);
  if (chosen) return chosen;
  return LEGACY_DUE_VIEWS[params.get('due') ?? ''] ?? null;
}

type TClientFilters = { department: string; salesperson: string; productType: string };

function matches(job: TWorkflowJob, filters: TClientFilters): boolean {
  return (
    (filters.department === ALL || job.location?.departmentId === filters.department) &&
    (filters.salesperson === ALL || job.salesperson?.id === filters.salesperson) &&
    (filters.productType === ALL || (job.productTypeName ?? '') === filters.productType)
  );
}

/** The distinct values of the board's jobs, as filter options after "all". */
function optionsOf(
  board: TWorkflowBoard | undefined,
  pick: (job: TWorkflowJob) => { value: string; label: string } | null,
  all: string,
) {
  const seen = new Map<string, string>();
  for (const job of board?.columns.flatMap((column) => column.jobs) ?? []) {
    const option = pick(job);
    if (option) seen.set(option.value, option.label);
  }
  return [
    { value: ALL, label: all },
    ...[...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)),
  ];
}

/**
 * The Workflow Command Center: every open job by phase, rush and overdue first, with one-click complete,
 * assign and nudge, and the same actions on a selection. Reads move cards live (realtime invalidation).
 */
export function WorkflowBoard() {
  const { user } = useAuth();
  const [kind, setKind] = useState<TWorkflowKind>('order');
  // The view lives in the address (/workflow-dashboard?view=overdue), so a link opens the board on it.
  const [searchParams, setSearchParams] = useSearchParams();
  const view = boardViewOf(searchParams);
  function setView(next: TBoardView | null) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete('due');
        if (next === null) params.delete('view');
        else params.set('view', next);
        return params;
      },
      { replace: true },
    );
  }
  const [filters, setFilters] = useState<TClientFilters>({
    department: ALL,
    salesperson: ALL,
    productType: ALL,
  });
  const [layout, setLayout] = useBoardLayout();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [locationId, setLocationId] = useState<string>(ALL);
  const locations = useLocations().data?.items ?? [];
  const board = useWorkflowBoard({
    kind,
    ...(view === null ? {} : { view }),
    ...(locationId === ALL ? {} : { locationId }),
  });
  const people = peopleToAssign(useWorkflowPeople().data ?? []);
  const advance = useAdvancePhase();
  const assign = useAssignPhase();
  const nudge = useNudgeJob();
  const rush = useSetRush();
  const offsite = useSetExpectedOffsite();
  const now = new Date(useNow(60_000));

  const columns = useMemo(
    () =>
      (board.data?.columns ?? []).map((column) => ({
        ...column,
        jobs: column.jobs.filter((job) => matches(job, filters)),
      })),
    [board.data, filters],
  );
  const jobs = columns.flatMap((column) => column.jobs);
  const selectedJobs = jobs.filter((job) => selected.has(job.id));

  /**
   * Runs one action per job in turn, then says in one toast what was done; a refused job stays selected
   * with its reason, so nothing is lost and it can be fixed and retried.
   */
  async function run(
    targets: readonly TWorkflowJob[],
    action: (job: TWorkflowJob) => Promise<unknown>,
    done: string,
  ) {
    setBusyIds(new Set(targets.map((job) => job.id)));
    const failures: string[] = [];
    const failed = new Set<string>();
    for (const job of targets) {
      try {
        await action(job);
      } catch (error) {
        failed.add(job.id);
        failures.push(`${job.number}: ${errorMessageOf(error, ERROR_MESSAGES.generic)}`);
      }
    }
    setBusyIds(new Set());
    setSelected(failed);
    const succeeded = targets.length - failed.size;
    if (failures.length === 0) {
      toast({ title: succeeded === 1 ? done : `${done} (${succeeded} jobs)` });
    } else {
      toast({
        title: succeeded === 0 ? 'Not done' : `${done} (${succeeded} of ${targets.length} jobs)`,
        description: `Still selected: ${failures.join('; ')}`,
        variant: 'destructive',
      });
    }
  }

  const completeJobs = (targets: readonly TWorkflowJob[]) =>
    run(targets, (job) => advance.mutateAsync({ kind: job.kind, id: job.id }), 'Phase completed');
  const rushJobs = (targets: readonly TWorkflowJob[], isRush: boolean) =>
    run(
      targets,
      (job) => rush.mutateAsync({ kind: job.kind, id: job.id, isRush }),
      isRush ? 'Marked rush' : 'No longer rush',
    );
  const expectJobsOffsite = (targets: readonly TWorkflowJob[], expectedOffsite: boolean) =>
    run(
      targets,
      (job) => offsite.mutateAsync({ kind: job.kind, id: job.id, expectedOffsite }),
      expectedOffsite ? 'Expected offsite' : 'No longer expected offsite',
    );
  const assignJobs = (targets: readonly TWorkflowJob[], assigneeId: string) => {
    const name = people.find((person) => person.id === assigneeId)?.name ?? 'them';
    return run(
      targets,
      (job) => assign.mutateAsync({ kind: job.kind, itemId: job.id, assigneeId }),
      `Given to ${name}`,
    );
  };

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function nudgeAbout(job: TWorkflowJob) {
    nudge.mutate(
      { kind: job.kind, id: job.id },
      {
        onSuccess: () => toast({ title: `${job.assignment?.assignee.name ?? 'They'} got a nudge` }),
        onError: (error) =>
          toast({
            title: 'Nudge not sent',
            description: errorMessageOf(error, ERROR_MESSAGES.generic),
            variant: 'destructive',
          }),
      },
    );
  }

  const renderJob = (job: TWorkflowJob) => (
    <JobCard
      key={job.id}
      job={job}
      now={now}
      selected={selected.has(job.id)}
      onSelectedChange={(on) => toggle(job.id, on)}
      people={people}
      busy={busyIds.has(job.id)}
      onAdvance={() => void completeJobs([job])}
      onAssign={(assigneeId) => void assignJobs([job], assigneeId)}
      onRush={(isRush) => void rushJobs([job], isRush)}
      onExpectedOffsite={(expected) => void expectJobsOffsite([job], expected)}
      onNudge={() => nudgeAbout(job)}
    />
  );

  const kindOptions = [
    { value: 'order', label: 'Orders' },
    ...(canViewRepairs(user) ? [{ value: 'repair', label: 'Repairs' }] : []),
  ];

  // Loading, failed or empty: said in whichever view is chosen.
  const status = board.isPending ? (
    <LoadingSpinner label={WORKFLOW_DASHBOARD_TEXT.loading} showLabel />
  ) : board.isError ? (
    <LoadError
      title="Could not load the workflow"
      error={board.error}
      onRetry={() => void board.refetch()}
      isRetrying={board.isFetching}
    />
  ) : jobs.length === 0 ? (
    view === null ? (
      <EmptyState
        title={`No open ${kind === 'order' ? 'orders' : 'repairs'}`}
        text="Jobs appear here as soon as they are created, and move from phase to phase as their tags are read."
      />
    ) : (
      <EmptyState
        title={`No ${kind === 'order' ? 'orders' : 'repairs'} in “${JOB_VIEW_LABELS[view]}”`}
        text={`${JOB_VIEW_LABELS[view]}: ${JOB_VIEW_DESCRIPTIONS[view].toLowerCase()}.`}
      />
    )
  ) : null;

  return (
    <Tabs value={layout} onValueChange={setLayout} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <fieldset className="flex flex-wrap items-center gap-2" aria-label="Filters">
          <FilterSelect
            label="Jobs"
            value={kind}
            onValueChange={(value) => {
              setKind(value === 'repair' ? 'repair' : 'order');
              setSelected(new Set());
            }}
            options={kindOptions}
          />
          <FilterSelect
            label="Show"
            value={view ?? ALL}
            onValueChange={(value) => setView(BOARD_VIEWS.find((candidate) => candidate === value) ?? null)}
            options={[
              { value: ALL, label: 'Every open job' },
              ...BOARD_VIEWS.map((option) => ({ value: option, label: JOB_VIEW_LABELS[option] })),
            ]}
          />
          {locations.length > 1 ? (
            <FilterSelect
              label="Location"
              value={locationId}
              onValueChange={setLocationId}
              options={[
                { value: ALL, label: 'Every location' },
                ...locations.map((location) => ({ value: location.id, label: location.name })),
              ]}
            />
          ) : null}
          <FilterSelect
            label="Department"
            value={filters.department}
            onValueChange={(department) => setFilters((current) => ({ ...current, department }))}
            options={optionsOf(
              board.data,
              (job) =>
                job.location
                  ? { value: job.location.departmentId, label: job.location.departmentName }
                  : null,
              'Every department',
            )}
          />
          {kind === 'order' ? (
            <>
              <FilterSelect
                label="Salesperson"
                value={filters.salesperson}
                onValueChange={(salesperson) => setFilters((current) => ({ ...current, salesperson }))}
                options={optionsOf(
                  board.data,
                  (job) =>
                    job.salesperson ? { value: job.salesperson.id, label: job.salesperson.name } : null,
                  'Every salesperson',
                )}
              />
              <FilterSelect
                label="Product type"
                value={filters.productType}
                onValueChange={(productType) => setFilters((current) => ({ ...current, productType }))}
                options={optionsOf(
                  board.data,
                  (job) =>
                    job.productTypeName ? { value: job.productTypeName, label: job.productTypeName } : null,
                  'Every product type',
                )}
              />
            </>
          ) : null}
        </fieldset>
        <TabsList aria-label="Show the jobs as">
          <TabsTrigger value="board">
            <KanbanIcon aria-hidden="true" />
            Board
          </TabsTrigger>
          <TabsTrigger value="list">
            <ListIcon aria-hidden="true" />
            List
          </TabsTrigger>
        </TabsList>
      </div>

      {selectedJobs.length > 0 ? (
        <section
          className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 p-2"
          aria-label="Selected jobs"
        >
          <span className="text-sm font-medium">{selectedJobs.length} selected</span>
          <Button size="sm" onClick={() => void completeJobs(selectedJobs)} disabled={busyIds.size > 0}>
            Complete their phases
          </Button>
          <AssignMenu
            people={people}
            current={null}
            label="Assign to…"
            accessibleLabel="Assign the selected jobs"
            disabled={busyIds.size > 0}
            onAssign={(assigneeId) => void assignJobs(selectedJobs, assigneeId)}
          />
          <Button
            size="sm"
            variant="outline"
            onClick={() => void rushJobs(selectedJobs, true)}
            disabled={busyIds.size > 0}
          >
            Mark rush
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        </section>
      ) : null}

      {/* The chosen tab always has its panel (the tab points at it), whatever the board is showing; it is
          busy while a changed filter's jobs are on their way and the previous ones still shown. */}
      <TabsContent value="board" aria-busy={board.isPlaceholderData}>
        {status ?? <PhaseColumns phases={columns} renderJob={renderJob} />}
      </TabsContent>
      <TabsContent value="list" aria-busy={board.isPlaceholderData}>
        {status ?? (
          <BoardJobList
            phases={columns}
            now={now}
            selected={selected}
            onSelectedChange={toggle}
            busyIds={busyIds}
            onAdvance={(job) => void completeJobs([job])}
          />
        )}
      </TabsContent>
    </Tabs>
  );
}

import type { TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { TClock } from './lib/clock.ts';
import type { TPredictionsRepository } from './modules/analytics/predictions-repository.ts';
import { createJobStates } from './modules/jobs/job-states.ts';
import type { TWorkflowRepository } from './modules/workflow/repository.ts';
import { loadTemplates } from './modules/workflow/templates.ts';

/**
 * The job read model (issue 32): the workflow's jobs, templates and assignments, and the phase durations of
 * analytics' facts, read through the repositories the composition root hands in (composition/floor.ts; the
 * benchmarks build it the same way).
 */
export function createJobReadModel(options: {
  readonly workflow: TWorkflowRepository;
  readonly predictions: TPredictionsRepository;
  readonly clock: TClock;
  readonly calendar: () => Promise<TWorkingCalendar>;
}) {
  const { workflow, predictions } = options;
  return createJobStates({
    repo: workflow,
    clock: options.clock,
    calendar: options.calendar,
    templates: () => loadTemplates(workflow),
    phaseQuantiles: (jobs) => predictions.phaseQuantiles(jobs),
  });
}

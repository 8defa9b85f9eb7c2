import type { TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { TDatabase } from './db/client.ts';
import type { TClock } from './lib/clock.ts';
import { createPredictionsRepository } from './modules/analytics/predictions-repository.ts';
import { createJobStates } from './modules/jobs/job-states.ts';
import { createWorkflowRepository } from './modules/workflow/repository.ts';
import { loadTemplates } from './modules/workflow/templates.ts';

/**
 * The job read model on a database, as the composition root builds it (issue 32): the workflow's jobs,
 * templates and assignments, and the phase durations of analytics' facts. app.ts and the benchmarks use it.
 */
export function createJobReadModel(options: {
  readonly db: TDatabase;
  readonly clock: TClock;
  readonly calendar: () => Promise<TWorkingCalendar>;
}) {
  const workflowRepository = createWorkflowRepository(options.db);
  const analyticsRepository = createPredictionsRepository(options.db);
  return createJobStates({
    repo: workflowRepository,
    clock: options.clock,
    calendar: options.calendar,
    templates: () => loadTemplates(workflowRepository),
    phaseQuantiles: (jobs) => analyticsRepository.phaseQuantiles(jobs),
  });
}

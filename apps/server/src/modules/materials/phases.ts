import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { phasesFor } from '@loupe/domain/workflow/workflow-template';
import { jobTemplate } from '../jobs/job-states.ts';
import type { TWorkflowRepository } from '../workflow/repository.ts';
import { loadTemplates } from '../workflow/templates.ts';

/**
 * The phases of a job's workflow, in order, as its envelope prints them with a sign-off box each. A finished
 * job is no longer in the open jobs: it prints its kind's default phases.
 */
export async function jobPhases(
  repo: TWorkflowRepository,
  kind: TJobKind,
  itemId: string,
): Promise<{ key: string; name: string }[]> {
  const templates = await loadTemplates(repo);
  const [job] = await repo.listOpenJobs(kind, [itemId]);
  const template = jobTemplate(templates, { kind, productTypeId: job?.productTypeId ?? null });
  return phasesFor(template, job?.repairTypes ?? []).map((phase) => ({ key: phase.key, name: phase.name }));
}

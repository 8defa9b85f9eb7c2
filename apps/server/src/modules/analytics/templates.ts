import { type TWorkflowPhase, ZWorkflowTemplateSchema } from '@loupe/domain/workflow/workflow-template';
import type { TAnalyticsReferenceRepository } from './reference-repository.ts';

export type TTemplate = {
  kind: 'order' | 'repair';
  productTypeId: string | null;
  phases: TWorkflowPhase[];
  repairTypeSteps: { repairType: string; before: string; phase: TWorkflowPhase }[];
};

/** Every workflow template, its phases and repair-type steps parsed. */
export async function readTemplates(reference: TAnalyticsReferenceRepository): Promise<TTemplate[]> {
  const rows = await reference.templates();
  return rows.map((row) => {
    const parsed = ZWorkflowTemplateSchema.unwrap().pick({ phases: true, repairTypeSteps: true }).parse({
      phases: row.phases,
      repairTypeSteps: row.repairTypeSteps,
    });
    return {
      kind: row.kind === 'repair' ? 'repair' : 'order',
      productTypeId: row.productTypeId,
      ...parsed,
    };
  });
}

/** Phase names in workflow order (defaults first), the first name a key was given. */
export function phaseNames(all: readonly TTemplate[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const template of all) {
    for (const phase of template.phases) if (!names.has(phase.key)) names.set(phase.key, phase.name);
    for (const step of template.repairTypeSteps)
      if (!names.has(step.phase.key)) names.set(step.phase.key, step.phase.name);
  }
  return names;
}

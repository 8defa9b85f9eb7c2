import {
  DEFAULT_ORDER_PHASES,
  DEFAULT_REPAIR_PHASES,
  defaultPhases,
  placeDepartment,
  type TWorkflowTemplate,
  withoutDepartment,
  ZWorkflowTemplateSchema,
} from '@loupe/domain/workflow/workflow-template';
import type { TDepartmentChange } from '../registry/service.ts';
import type { TWorkflowRepository } from './repository.ts';
import type { TTemplateRow } from './template-repository.ts';

/** A stored template as the API sends it; phases were validated when they were saved. */
export function toTemplate(row: TTemplateRow): TWorkflowTemplate {
  return ZWorkflowTemplateSchema.parse({
    id: row.id,
    kind: row.kind,
    productTypeId: row.productTypeId,
    name: row.name,
    phases: row.phases,
    repairTypeSteps: row.repairTypeSteps,
    updatedAt: row.updatedAt.toISOString(),
  });
}

/** The templates, with the defaults made from the workshop's departments the first time they are needed. */
export async function loadTemplates(
  repo: Pick<TWorkflowRepository, 'listTemplates' | 'listDepartments' | 'insertTemplatesIfMissing'>,
): Promise<TWorkflowTemplate[]> {
  let rows = await repo.listTemplates();
  const missing = (['order', 'repair'] as const).filter(
    (kind) => !rows.some((row) => row.kind === kind && row.productTypeId === null),
  );
  if (missing.length > 0) {
    const departments = await repo.listDepartments();
    await repo.insertTemplatesIfMissing(
      missing.map((kind) => ({
        kind,
        productTypeId: null,
        name: kind === 'order' ? 'Custom orders' : 'Repairs',
        phases: defaultPhases(kind === 'order' ? DEFAULT_ORDER_PHASES : DEFAULT_REPAIR_PHASES, departments),
        repairTypeSteps: [],
      })),
    );
    rows = await repo.listTemplates();
  }
  return rows.map(toTemplate);
}

/**
 * Templates follow the registry: a department created or renamed that no phase of a template names joins
 * the phase its name belongs to (domain `placeDepartment`); a removed one leaves every phase. Returns how
 * many templates changed. Run it in a transaction: it locks the templates it reads.
 */
export async function followDepartment(
  repo: Pick<TWorkflowRepository, 'lockTemplates' | 'updateTemplate'>,
  change: TDepartmentChange,
  at: Date,
): Promise<number> {
  let changed = 0;
  // Locked: two departments made at once each add themselves, neither overwrites the other.
  for (const row of await repo.lockTemplates()) {
    const template = toTemplate(row);
    const phases =
      change.kind === 'saved'
        ? placeDepartment(template.kind, template.phases, change.department)
        : withoutDepartment(template.phases, change.departmentId);
    if (phases === null) continue;
    await repo.updateTemplate(row.id, { phases, updatedAt: at });
    changed += 1;
  }
  return changed;
}

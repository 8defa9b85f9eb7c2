import { AppError } from '@loupe/domain/errors/errors';
import {
  type TWorkflowTemplate,
  type TWorkflowTemplateChanges,
  ZWorkflowPhasesSchema,
} from '@loupe/domain/workflow/workflow-template';
import { fieldError, forbidden } from '../../lib/service-errors.ts';
import type { TDepartmentChange } from '../registry/service.ts';
import { isManager, type TWorkflowActor, type TWorkflowServiceOptions } from './common.ts';
import { followDepartment, loadTemplates as templates, toTemplate } from './templates.ts';

/** Workflow templates: listed, made per product type, edited and removed by managers, and kept following the registry. */
export function createTemplateAdmin(options: TWorkflowServiceOptions) {
  const { workflow, clock } = options;

  const admin = {
    async listTemplates(actor: TWorkflowActor): Promise<TWorkflowTemplate[]> {
      if (!isManager(actor)) throw forbidden();
      return templates(workflow);
    },
    /** A product type's own workflow, starting as a copy of the order default; one per product type. */
    async createTemplate(actor: TWorkflowActor, productTypeId: string): Promise<TWorkflowTemplate> {
      if (!isManager(actor)) throw forbidden();
      const repo = workflow;
      const productType = await repo.findProductType(productTypeId);
      if (!productType) throw fieldError('productTypeId', 'Choose a product type of the catalog');
      const base = (await templates(repo)).find((t) => t.kind === 'order' && t.productTypeId === null);
      if (!base) throw new Error('no default order workflow');
      const row = await repo.insertTemplate({
        kind: 'order',
        productTypeId,
        name: productType.name,
        phases: base.phases,
        repairTypeSteps: [],
      });
      if (!row) throw new AppError('CONFLICT', `${productType.name} already has a workflow of its own.`);
      return toTemplate(row);
    },
    /** A product type's workflow goes; its jobs follow the default again. The defaults stay. */
    async deleteTemplate(actor: TWorkflowActor, id: string): Promise<void> {
      if (!isManager(actor)) throw forbidden();
      const repo = workflow;
      const row = await repo.findTemplate(id);
      if (!row) throw new AppError('NOT_FOUND', 'There is no such workflow template.');
      if (row.productTypeId === null)
        throw new AppError('CONFLICT', 'The default workflows cannot be removed.');
      await repo.deleteTemplate(id);
    },
    async updateTemplate(
      actor: TWorkflowActor,
      id: string,
      changes: TWorkflowTemplateChanges,
    ): Promise<TWorkflowTemplate> {
      if (!isManager(actor)) throw forbidden();
      const repo = workflow;
      const existing = await repo.findTemplate(id);
      if (!existing) throw new AppError('NOT_FOUND', 'There is no such workflow template.');
      const phases = ZWorkflowPhasesSchema.parse(changes.phases);
      const departments = new Set((await repo.listDepartments()).map((department) => department.id));
      const unknown = phases
        .flatMap((phase) => phase.departmentIds)
        .find((departmentId) => !departments.has(departmentId));
      if (unknown !== undefined) {
        throw fieldError('phases', `There is no department ${unknown}.`);
      }
      const row = await repo.updateTemplate(id, {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        phases,
        ...(changes.repairTypeSteps !== undefined ? { repairTypeSteps: changes.repairTypeSteps } : {}),
        updatedAt: clock(),
      });
      if (!row) throw new AppError('NOT_FOUND', 'There is no such workflow template.');
      return toTemplate(row);
    },
    /**
     * Templates follow the registry (issue 32): called by the registry when a department is made, renamed or
     * removed, before it answers, so that a read there moves jobs at once.
     */
    async followDepartment(change: TDepartmentChange): Promise<void> {
      await workflow.withTransaction((repo) => followDepartment(repo, change, clock()));
    },
    /**
     * Once at start: what changed in the registry while no instance followed it. Departments made after a
     * template was last saved, and named by none of its phases, are placed; departments gone leave the phases.
     * (A template saved by hand after a department was made keeps what the manager chose.)
     */
    async followRegistry(): Promise<void> {
      await templates(workflow);
      await workflow.withTransaction(async (repo) => {
        const departments = await repo.listDepartmentsWithCreation();
        const known = new Set(departments.map((department) => department.id));
        for (const row of await repo.lockTemplates()) {
          const named = toTemplate(row).phases.flatMap((phase) => phase.departmentIds);
          for (const departmentId of new Set(named.filter((id) => !known.has(id)))) {
            await followDepartment(repo, { kind: 'removed', departmentId }, clock());
          }
          for (const department of departments) {
            if (department.createdAt.getTime() <= row.updatedAt.getTime()) continue;
            await followDepartment(repo, { kind: 'saved', department }, clock());
          }
        }
      });
    },
  };
  return admin;
}

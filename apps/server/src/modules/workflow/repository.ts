import type { TDatabase } from '../../db/client.ts';
import { createAssignmentRepository } from './assignment-repository.ts';
import { createJobWorkflowRepository } from './job-workflow-repository.ts';
import { createWorkflowTemplateRepository } from './template-repository.ts';

/**
 * The SQL of workflow, on the database or on a transaction (`createWorkflowRepository(tx)`): templates,
 * open jobs' workflow state and assignments, each in its own file.
 */
export function createWorkflowRepository(db: TDatabase) {
  return {
    ...createWorkflowTemplateRepository(db),
    ...createJobWorkflowRepository(db),
    ...createAssignmentRepository(db),
  };
}

export type TWorkflowRepository = ReturnType<typeof createWorkflowRepository>;

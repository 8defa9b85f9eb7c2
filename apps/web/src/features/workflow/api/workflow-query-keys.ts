import type { TWorkflowBoardQuery } from '@loupe/domain/workflow/workflow-api';

/** The workflow screens' queries; the 'workflow' root is refreshed by workflow, tracking and job events. */
export const workflowQueryKeys = {
  all: ['workflow'] as const,
  board: (query: TWorkflowBoardQuery) => ['workflow', 'board', query] as const,
  people: ['workflow', 'people'] as const,
  myTasks: ['workflow', 'my-tasks'] as const,
  department: (departmentId: string) => ['workflow', 'department', departmentId] as const,
};

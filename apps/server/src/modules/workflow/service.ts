import { createAssignments } from './assignments.ts';
import { createBoard } from './board.ts';
import type { TWorkflowServiceOptions } from './common.ts';
import { createMyTasks } from './my-tasks.ts';
import { createNudges } from './nudges.ts';
import { createPhaseMoves } from './phase-moves.ts';
import { createTemplateAdmin } from './template-admin.ts';

/**
 * The workflow (issue 12): templates and their phases, phases that follow reads and hands, work given out and
 * nudged, and what the floor sees. One file per use case; this puts them together for the app.
 */
export function createWorkflowService(options: TWorkflowServiceOptions) {
  const phaseMoves = createPhaseMoves(options);
  const assignments = createAssignments(options, { advance: phaseMoves.advance });
  return {
    ...phaseMoves,
    ...assignments,
    ...createTemplateAdmin(options),
    ...createBoard(options, { staff: assignments.staff }),
    ...createNudges(options),
    ...createMyTasks(options, { toAssignment: assignments.toAssignment }),
  };
}

export type TWorkflowService = ReturnType<typeof createWorkflowService>;

import type { TAssistantAction } from '@loupe/domain/assistant/assistant-api';
import { canAssignWork, canViewJob, isAllowed, REGISTRY_MANAGER_ROLES } from '@loupe/domain/auth/permissions';
import { roleFromProfile, type TActor } from '@loupe/domain/auth/roles';
import type { TWorkflowJob, TWorkflowStaff } from '@loupe/domain/workflow/workflow-api';
import type { TWorkflowPhase } from '@loupe/domain/workflow/workflow-template';
import { TRACKING_ACCESS } from '../tracking/service.ts';

/**
 * The one-click actions an answer offers (issue 16 §4), each only where it fits the work (issue 32 §4): a
 * phase is offered to someone whose role may complete it, a nudge only about work that is behind, "expected
 * offsite" only for a piece that is leaving or has left. The API checks each again when it runs.
 */

/** A station as the suggestions need it: where it is, and who works at it. */
export type TStationStaffing = {
  readonly departmentId: string;
  readonly jewelerName: string | null;
};

/** A job with what the suggestions need beside its card: the phases of its workflow. */
export type TSuggestedJob = {
  readonly card: TWorkflowJob;
  readonly phases: readonly TWorkflowPhase[];
};

/** Giving out work is the floor managers' (issue 34 §5), as on the Command Center, whatever the kind. */
export const mayAssign = (actor: TActor) => canAssignWork(actor);

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Who a phase is offered to: someone whose role may complete it (the phase's completerRoles). Among them, a
 * person who works at a station of one of the phase's departments first, then the one with the fewest open
 * assignments, then by name. Null when nobody's role fits (a designer is never offered polishing).
 */
export function assigneeFor(
  phase: Pick<TWorkflowPhase, 'completerRoles' | 'departmentIds'>,
  staff: readonly TWorkflowStaff[],
  stations: readonly TStationStaffing[],
): TWorkflowStaff | null {
  const worksHere = (person: TWorkflowStaff) =>
    stations.some(
      (station) =>
        phase.departmentIds.includes(station.departmentId) &&
        station.jewelerName !== null &&
        sameName(station.jewelerName, person.name),
    );
  const fitting = staff.filter((person) => phase.completerRoles.some((role) => role === person.role));
  return (
    [...fitting].sort(
      (a, b) =>
        Number(worksHere(b)) - Number(worksHere(a)) ||
        a.openAssignments - b.openAssignments ||
        a.name.localeCompare(b.name),
    )[0] ?? null
  );
}

/**
 * Whether marking a piece expected offsite makes sense: it has left without anyone saying it would, or it
 * stands in a department none of its workflow's phases happens in (a vendor's dispatch shelf), about to go.
 * A piece at QA or at a bench is where its work is: nobody expects it to leave.
 */
export function isLeaving(job: TSuggestedJob): boolean {
  const { location, state } = job.card;
  if (location === null || location.expectedOffsite) return false;
  if (state.isOffsite) return true;
  return !job.phases.some((phase) => phase.departmentIds.includes(location.departmentId));
}

/** Whether the work is behind: overdue, at risk or over its phase target. A job on track needs no nudge. */
export const isBehind = (card: TWorkflowJob) =>
  card.state.isOverdue || card.state.isAtRisk || card.state.isOverPhaseTarget;

/**
 * The one-click actions this user may take on a job. `staff` is who work can be given to (null when the user
 * may not give work out).
 */
export function actionsFor(
  actor: TActor,
  job: TSuggestedJob,
  staff: readonly TWorkflowStaff[] | null,
  stations: readonly TStationStaffing[],
): TAssistantAction[] {
  const { card } = job;
  const base = { itemKind: card.kind, itemId: card.id } as const;
  const actions: TAssistantAction[] = [{ ...base, kind: 'open', label: `Open ${card.number}` }];
  const phase = job.phases[card.workflow.phaseIndex];
  if (
    card.assignment === null &&
    !card.workflow.isComplete &&
    staff !== null &&
    phase !== undefined &&
    mayAssign(actor)
  ) {
    // Only someone who can open the job (the API refuses anyone else).
    const able = staff.filter((person) => canViewJob({ role: roleFromProfile(person.role) }, card.kind));
    const assignee = assigneeFor(phase, able, stations);
    if (assignee !== null) {
      actions.push({
        ...base,
        kind: 'assign',
        assigneeId: assignee.id,
        label: `Assign ${card.number} (${card.workflow.phaseName}) to ${assignee.name}`,
      });
    }
  }
  if (card.assignment !== null && isBehind(card) && isAllowed(actor, REGISTRY_MANAGER_ROLES)) {
    actions.push({
      ...base,
      kind: 'nudge',
      label: `Nudge ${card.assignment.assignee.name} about ${card.number}`,
    });
  }
  if (isLeaving(job) && isAllowed(actor, TRACKING_ACCESS[card.kind].offsite)) {
    actions.push({ ...base, kind: 'expect-offsite', label: `Mark ${card.number} as expected offsite` });
  }
  return actions;
}

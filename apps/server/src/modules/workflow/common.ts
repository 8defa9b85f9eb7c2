import {
  canAssignWork,
  canViewRepairs,
  isAllowed,
  REGISTRY_MANAGER_ROLES,
} from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { roomName } from '@loupe/domain/realtime/events';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import type { TPersonHours, TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { FastifyBaseLogger } from 'fastify';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TRequestContext } from '../auth/service.ts';
import type { TJobStates } from '../jobs/job-states.ts';
import type { TAssignmentRow } from './assignment-repository.ts';
import type { TJobRow } from './job-workflow-repository.ts';
import type { TWorkflowRepository } from './repository.ts';

export type TWorkflowActor = TActor & { readonly id: string };

export type TWorkflowServiceOptions = {
  readonly workflow: TTransactional<TWorkflowRepository>;
  readonly clock: TClock;
  readonly events: TEventBus;
  /** The job read model: every card, filter and count the workflow shows comes from it. */
  readonly jobStates: TJobStates;
  /** The workshop's opening days and hours (Settings › general), read when due times are worked out. */
  readonly calendar: () => Promise<TWorkingCalendar>;
  /** A person's own working hours (null: the workshop's), for the due time of work given to them. */
  readonly personHours?: (userId: string) => Promise<TPersonHours | null>;
  /** Stores them (Settings); the workflow decides who may. */
  readonly savePersonHours?: (
    actorId: string,
    userId: string,
    hours: TPersonHours | null,
    context: TRequestContext,
  ) => Promise<TPersonHours | null>;
  readonly logger?: Pick<FastifyBaseLogger, 'error' | 'info'> | undefined;
};

/** What a change announces once its transaction committed. */
export type TAnnounce = () => void;

/** Who runs the workflow board: admins and managers (spec §2 /workflow-dashboard). */
export function isManager(actor: TActor): boolean {
  return isAllowed(actor, REGISTRY_MANAGER_ROLES);
}

/**
 * Who may give out a job's phases, hand them over or take them back: the floor's managers (issue 34 §5,
 * WORKFLOW_ASSIGNER_ROLES); the assignee completes and snoozes their own.
 */
export function mayAssign(actor: TActor): boolean {
  return canAssignWork(actor);
}

export function mayView(actor: TActor, kind: TWorkflowKind): boolean {
  return kind === 'order' || canViewRepairs(actor);
}

export const LABEL: Readonly<Record<TWorkflowKind, string>> = { order: 'Order', repair: 'Repair' };

export const itemRoom = (kind: TWorkflowKind, id: string) => roomName({ kind, id });

/** Publishes what a committed change queued; a failing listener never undoes it, it is logged. */
export function publishAll(
  options: Pick<TWorkflowServiceOptions, 'logger'>,
  announcements: readonly TAnnounce[],
): void {
  for (const announce of announcements) {
    try {
      announce();
    } catch (error) {
      options.logger?.error({ err: error }, 'workflow: announcing a change failed');
    }
  }
}

/** A change in one transaction, announced once it committed. */
export async function inWorkflowTransaction<T>(
  options: Pick<TWorkflowServiceOptions, 'workflow' | 'logger'>,
  work: (repo: TWorkflowRepository, pending: TAnnounce[]) => Promise<T>,
): Promise<T> {
  const pending: TAnnounce[] = [];
  const result = await options.workflow.withTransaction((repo) => work(repo, pending));
  publishAll(options, pending);
  return result;
}

export async function requireJob(
  repo: TWorkflowRepository,
  kind: TWorkflowKind,
  id: string,
): Promise<TJobRow> {
  const [job] = await repo.listOpenJobs(kind, [id]);
  if (!job) throw new AppError('NOT_FOUND', `There is no open ${kind} ${id}.`);
  return job;
}

export async function openAssignment(repo: TWorkflowRepository, id: string): Promise<TAssignmentRow> {
  const row = await repo.findAssignment(id);
  if (row?.status !== 'open') throw new AppError('NOT_FOUND', 'There is no such open assignment.');
  return row;
}

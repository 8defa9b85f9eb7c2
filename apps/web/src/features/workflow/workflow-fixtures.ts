import type { TMyTasks, TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import { makeJobState } from '@/test/factories';

/**
 * One open job as the job read model sends it (a board card, a My Tasks row, a workload line): an order in
 * its second phase at Bench 1, in work with nothing wrong; a test overrides what it is about.
 */
export function makeWorkflowJob(
  overrides: Partial<TWorkflowJob> & Pick<TWorkflowJob, 'id' | 'number'>,
  now: Date = new Date(),
): TWorkflowJob {
  return {
    kind: 'order',
    customerName: 'Abigail Foster',
    description: 'Halo engagement ring',
    productTypeName: 'Ring',
    status: 'in_production',
    isRush: false,
    promisedDate: '2030-01-10',
    salesperson: { id: 'sp-1', name: 'Sam Seller' },
    workflow: {
      phaseKey: 'bench',
      phaseName: 'Bench work',
      phaseIndex: 1,
      phaseCount: 3,
      phaseStartedAt: new Date(now.getTime() - 50 * 3_600_000).toISOString(),
      hoursInPhase: 10,
      targetHours: 12,
      reworkCount: 0,
      isComplete: false,
    },
    state: makeJobState(),
    prediction: null,
    location: {
      departmentId: 'D-BENCH',
      departmentName: 'Bench',
      stationId: 'S-1',
      stationName: 'Bench 1',
      trackingStatus: 'active',
      expectedOffsite: false,
      lastSeenAt: new Date(now.getTime() - 10 * 60_000).toISOString(),
    },
    assignment: null,
    ...overrides,
  };
}

/** An open assignment of `job`'s bench step to Marco, given by Mia: My Tasks and My work tests. */
export function makeMyAssignment(
  job: TWorkflowJob,
  overrides: Partial<TMyTasks['assignments'][number]> = {},
): TMyTasks['assignments'][number] {
  return {
    id: `a-${job.id}`,
    kind: job.kind,
    itemId: job.id,
    number: job.number,
    phaseKey: 'bench',
    phaseName: 'Bench work',
    assignee: { id: 'u-marco', name: 'Marco Bellini' },
    assignedBy: { id: 'u-mia', name: 'Mia Manager' },
    dueAt: null,
    status: 'open',
    createdAt: new Date().toISOString(),
    completedAt: null,
    nudgeCount: 0,
    lastNudgedAt: null,
    snoozedUntil: null,
    snoozeReason: null,
    job,
    ...overrides,
  };
}

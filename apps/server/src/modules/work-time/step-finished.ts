import { isOpenStatus } from '@loupe/domain/jobs/job-state';
import type { TStepFinished } from '@loupe/domain/workflow/work-time';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import type { TAnnouncement } from '../../realtime/event-bus.ts';

/** The step an announcement says was finished, or null. */
export function stepFinishedBy(
  announcement: TAnnouncement,
): (TStepFinished & { itemKind: TWorkflowKind; at: Date }) | null {
  const payload = announcement.payload as Record<string, unknown>;
  switch (announcement.name) {
    case 'workflow:phase-completed':
      return {
        kind: 'phase-completed',
        itemKind: payload.itemType as TWorkflowKind,
        itemId: String(payload.itemId),
        phaseKey: String(payload.phase),
        at: new Date(String(payload.completedAt)),
      };
    case 'order:status-changed':
    case 'repair:status-changed': {
      const itemKind: TWorkflowKind = announcement.name === 'order:status-changed' ? 'order' : 'repair';
      const status = String(payload.status);
      if (isOpenStatus(itemKind, status)) return null;
      return {
        kind: 'job-finished',
        itemKind,
        itemId: String(itemKind === 'order' ? payload.orderId : payload.repairId),
        status,
        at: new Date(String(payload.timestamp)),
      };
    }
    default:
      return null;
  }
}

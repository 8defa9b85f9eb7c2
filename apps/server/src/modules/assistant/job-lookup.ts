import type { TAssistantAction } from '@loupe/domain/assistant/assistant-api';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import type { TWorkflowStaff } from '@loupe/domain/workflow/workflow-api';
import type { TJobRecord } from '../jobs/job-states.ts';
import { actionsFor, mayAssign } from './suggestions.ts';

import {
  memoized,
  type TAssistantToolsOptions,
  type TStationRef,
  type TToolContext,
  visibleKinds,
} from './tool-kit.ts';

/** What the tools about jobs look up first, once a question: the open jobs the user may see, and what to suggest. */
export function createJobLookup(options: TAssistantToolsOptions) {
  /** Open jobs of the kinds the user may see (and asked for), in priority order, with their phases. */
  async function visibleRecords(context: TToolContext, kind?: TJobKind): Promise<TJobRecord[]> {
    const all = await memoized(context, 'records', () =>
      options.jobStates.records({ kinds: visibleKinds(context.actor) }),
    );
    return kind === undefined ? all : all.filter((record) => record.card.kind === kind);
  }

  /** Suggestions need who can take work (only for those who give it out) and who works where. */
  async function suggestionsFor(
    context: TToolContext,
    records: readonly TJobRecord[],
  ): Promise<TAssistantAction[][]> {
    const { actor } = context;
    if (records.length === 0) return [];
    const givesWork = mayAssign(actor);
    const needsStaff = givesWork && records.some((record) => record.card.assignment === null);
    const [staff, stations]: [TWorkflowStaff[] | null, TStationRef[]] = await Promise.all([
      needsStaff ? memoized(context, 'staff', () => options.staff(actor)) : Promise.resolve(null),
      memoized(context, 'stations', () => options.stations()),
    ]);
    return records.map((record) => actionsFor(actor, record, staff, stations));
  }

  return { visibleRecords, suggestionsFor };
}

export type TJobLookup = ReturnType<typeof createJobLookup>;

import type { TPredictedCompletion } from '@loupe/domain/analytics/analytics-api';
import type { TJobKind, TJobState, TJobView } from '@loupe/domain/jobs/job-views';
import type { TJobStates } from './job-states.ts';

/** What the orders and repairs services read from the job read model. */
export type TJobStateReader = Pick<TJobStates, 'cards' | 'idsInView'>;

/**
 * Orders or repairs as the API answers them, with the job read model's state (null once finished) and, when
 * asked, the predicted completion: the lists, the detail pages and every tile read the same evaluation.
 */
export async function withJobStates<T extends { readonly id: string }>(
  reader: TJobStateReader,
  kind: TJobKind,
  items: readonly T[],
  options: { readonly prediction?: boolean } = {},
): Promise<(T & { state: TJobState | null; predictedCompletion?: TPredictedCompletion })[]> {
  if (items.length === 0) return [];
  const cards = await reader.cards({ kinds: [kind], ids: items.map((item) => item.id) });
  const byId = new Map(cards.map((card) => [card.id, card]));
  return items.map((item) => {
    const card = byId.get(item.id);
    const prediction = options.prediction ? card?.prediction : null;
    return {
      ...item,
      state: card?.state ?? null,
      // Left out when there is none (a finished job, or every phase done).
      ...(prediction && prediction.remainingPhases > 0 ? { predictedCompletion: prediction } : {}),
    };
  });
}

/** The ids a list filtered by a job view holds; undefined without a view. */
export async function idsOfView(
  reader: TJobStateReader,
  kind: TJobKind,
  view: TJobView | undefined,
): Promise<string[] | undefined> {
  return view === undefined ? undefined : reader.idsInView(kind, view);
}

import type { TPredictions } from '@loupe/domain/analytics/analytics-api';
import { canViewPredictions } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { forbidden } from '../../lib/service-errors.ts';
import type { TAnalyticsContext } from './context.ts';

/** Predicted completion of open jobs, from the job read model: what the job lists and pages show. */
export function createPredictions(context: TAnalyticsContext) {
  const { clock } = context;

  /**
   * Predicted completion of open jobs, by id: for whoever may see the jobs (the lists show it), so orders for
   * every signed-in user and repairs for those who may see repairs.
   */
  async function predictions(
    actor: TActor,
    query: { kind?: 'order' | 'repair' | undefined; ids?: readonly string[] | undefined },
  ): Promise<TPredictions> {
    if (query.kind !== undefined) {
      if (!canViewPredictions(actor, query.kind)) throw forbidden();
      return predictionsFor(query);
    }
    if (!canViewPredictions(actor, 'order')) throw forbidden();
    return predictionsFor(canViewPredictions(actor, 'repair') ? query : { ...query, kind: 'order' });
  }

  /** The same without the screen's access check: order and repair pages show their own job's prediction. */
  async function predictionsFor(query: {
    kind?: 'order' | 'repair' | undefined;
    ids?: readonly string[] | undefined;
  }): Promise<TPredictions> {
    const now = clock();
    const records = await context.jobStates.records({
      kinds: query.kind === undefined ? ['order', 'repair'] : [query.kind],
      ids: query.ids,
    });
    const result: TPredictions['predictions'] = {};
    for (const { card } of records) {
      if (card.prediction === null) continue;
      result[card.id] = { ...card.prediction, kind: card.kind, number: card.number };
    }
    return { generatedAt: now.toISOString(), predictions: result };
  }

  return { predictions, predictionsFor };
}

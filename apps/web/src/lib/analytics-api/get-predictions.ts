import {
  type TPredictedCompletion,
  type TPredictions,
  ZPredictionsSchema,
} from '@loupe/domain/analytics/analytics-api';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** Ids per request: a list's page, and well inside the query string's limit. */
export const PREDICTION_IDS_PER_REQUEST = 100;
/** Predictions move with reads and phase changes, not by the second. */
const PREDICTION_STALE_MS = 60_000;

type TJobKind = 'order' | 'repair';

/** GET /analytics/predictions?kind=&ids=: the predicted completion of these open jobs (finished ones left out). */
export async function getPredictions(
  { kind, ids }: { kind: TJobKind; ids: readonly string[] },
  signal?: AbortSignal,
): Promise<TPredictions> {
  const body = await apiClient.get('analytics/predictions', {
    searchParams: { kind, ids: ids.join(',') },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZPredictionsSchema, body);
}

/**
 * Under the 'workflow' root, not 'analytics': a read or a phase completed moves a job's prediction, so the
 * events that refresh the board and the lists refresh these too (the analytics screens stay as they are).
 */
export const predictionsQueryKey = (kind: TJobKind, ids: readonly string[]) =>
  ['workflow', 'predictions', kind, ids] as const;

/**
 * The predicted completion of the jobs with these ids, asked for in pages of PREDICTION_IDS_PER_REQUEST so a
 * long list asks once per page it shows. Whoever sees a list may ask for its jobs' predictions.
 */
export function usePredictions({
  kind,
  ids,
}: {
  kind: TJobKind;
  ids: readonly string[];
}): ReadonlyMap<string, TPredictedCompletion> {
  const chunks = useMemo(() => {
    const result: string[][] = [];
    for (let start = 0; start < ids.length; start += PREDICTION_IDS_PER_REQUEST) {
      result.push(ids.slice(start, start + PREDICTION_IDS_PER_REQUEST));
    }
    return result;
  }, [ids]);
  const answers = useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: predictionsQueryKey(kind, chunk),
      queryFn: ({ signal }: { signal: AbortSignal }) => getPredictions({ kind, ids: chunk }, signal),
      enabled: chunk.length > 0,
      staleTime: PREDICTION_STALE_MS,
    })),
  });
  const dataKey = answers.map((answer) => answer.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when an answer arrives, not on every render.
  return useMemo(() => {
    const map = new Map<string, TPredictedCompletion>();
    for (const answer of answers) {
      for (const [id, prediction] of Object.entries(answer.data?.predictions ?? {})) map.set(id, prediction);
    }
    return map;
  }, [dataKey]);
}

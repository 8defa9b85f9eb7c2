import { parseTrackedOrdersResponse, type TTrackedOrder } from '@loupe/domain/tracking/tracked-order';
import { apiClient } from '@/lib/api-client';

/**
 * GET /tracking/orders (spec §7): every tracked order in the client shape. A malformed order is logged and
 * left out rather than hiding the others (spec §8). Shared by the dashboard and the RFID simulator, so it lives outside both features.
 */
export async function getTrackedOrders(signal?: AbortSignal): Promise<TTrackedOrder[]> {
  const answer = parseTrackedOrdersResponse(await apiClient.get('tracking/orders', signal ? { signal } : {}));
  if (!answer.ok) throw new Error('The server did not answer a list of tracked orders.');
  for (const { index, message } of answer.invalid) {
    console.warn(`Skipped tracked order #${index} of GET /tracking/orders`, message);
  }
  return answer.orders;
}

import type { LoupeClient } from './loupe-client.ts';
import { drawOrderInput, drawRepairInput, loadPieceRefs, type TPieceRefs } from './piece-inputs.ts';
import type { TRandom } from './random.ts';
import type { TSimItem } from './simulated-pieces.ts';
import { FINAL_STATUS, statusByHandAt, statusSteps } from './status-by-hand.ts';

/**
 * What staff do by hand while the simulator moves pieces, when it has credentials: flag a piece sent to a
 * vendor as expected offsite, set the statuses reads do not, and hand a finished piece's tag to a new job.
 * Without credentials (api null) each is a no-op.
 */
export function simulatedHandWork(context: {
  readonly api: LoupeClient | null;
  readonly random: TRandom;
  readonly clock: () => Date;
}) {
  const { api, random, clock } = context;
  let refs: TPieceRefs | null = null;

  async function setExpected(item: TSimItem, expected: boolean): Promise<void> {
    if (api === null || item.flaggedExpected === expected) return;
    await api.request('POST', `/tracking/${item.kind}s/${item.id}/expected-offsite`, {
      expectedOffsite: expected,
    });
    item.flaggedExpected = expected;
  }

  /** With credentials: steps a job's status by hand from what the server holds now to `wanted`. */
  async function setStatus(item: TSimItem, wanted: string): Promise<void> {
    if (api === null) return;
    // Reads move the status with the job's phase (issue 32): start from the server's, not from a copy.
    const { status: current } = await api.data<{ status: string }>('GET', `/${item.kind}s/${item.id}`);
    item.status = current;
    for (const status of statusSteps(item.kind, current, wanted)) {
      await api.request('PATCH', `/${item.kind}s/${item.id}`, { status });
      item.status = status;
    }
  }

  /** With credentials: what staff set by hand where the piece now stands (ready once packed, waiting for parts). */
  async function followStatus(item: TSimItem): Promise<void> {
    if (api === null || item.status === null || item.at === null) return;
    const wanted = statusByHandAt(item.kind, item.at);
    if (wanted !== null) await setStatus(item, wanted);
  }

  /**
   * A piece leaves packing. With credentials it is delivered (or picked up), and its envelope and tag go
   * to a new order or repair, as at a real intake counter; without, the tag simply starts a new round.
   */
  async function finish(item: TSimItem): Promise<string> {
    if (api === null || item.status === null) return '  (finished: the envelope starts a new round)';
    await setStatus(item, FINAL_STATUS[item.kind]);
    refs ??= await loadPieceRefs(api);
    const finished = item.number;
    if (item.kind === 'order') {
      const order = await api.data<{ id: string; orderNumber: string; status: string }>(
        'POST',
        '/orders',
        drawOrderInput(random, refs, clock()),
      );
      await api.request('POST', '/tracking/assign-epc', { orderId: order.id, epcCode: item.epc });
      Object.assign(item, { id: order.id, number: order.orderNumber, status: order.status });
    } else {
      const repair = await api.data<{ id: string; repairNumber: string; status: string }>(
        'POST',
        '/repairs',
        drawRepairInput(random, refs, clock()),
      );
      await api.request('POST', '/tracking/repairs/assign-epc', { repairId: repair.id, epcCode: item.epc });
      Object.assign(item, { id: repair.id, number: repair.repairNumber, status: repair.status });
    }
    item.at = null;
    const word = item.kind === 'order' ? 'delivered' : 'picked up';
    return `  (${finished} ${word}; its tag now tracks the new ${item.kind} ${item.number})`;
  }

  return { setExpected, followStatus, finish };
}

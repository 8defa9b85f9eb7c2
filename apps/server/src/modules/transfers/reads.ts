import { naturalDestination, planTransferRead } from '@loupe/domain/transfers/transfer-rules';
import type { TDatabase } from '../../db/client.ts';
import type { TJobMoved } from '../tracking/location-moves.ts';
import { bagItem, key, type TTransfersContext } from './context.ts';
import type { TJobRef, TLocationInfo } from './repository.ts';

/**
 * The reads (issue 39 §2), in the transaction that applied a batch of moves: shipping stations pack,
 * arrivals receive, receiving stations catch extras. Returns what to announce once the batch committed.
 */
export function createReadsHook(context: TTransfersContext) {
  const { repository, announce, receiveItem, newBag } = context;

  return async function afterMoves(tx: TDatabase, moved: readonly TJobMoved[]): Promise<(() => void)[]> {
    if (moved.length === 0) return [];
    const repo = repository.within(tx);
    const stationsInfo = await repo.stationsInfo(moved.map((move) => move.stationId));
    const relevant = moved.filter((move) => stationsInfo.has(move.stationId));
    if (relevant.length === 0) return [];
    const changed = new Set<string>();
    let workshopId: string | null | undefined;
    const locationsSeen = new Map<string, TLocationInfo | undefined>();
    const locationOf = async (id: string) => {
      if (!locationsSeen.has(id)) locationsSeen.set(id, await repo.location(id));
      return locationsSeen.get(id);
    };
    // One query for the whole batch finds the jobs travelling now: at a work station only they matter. A
    // read never puts a job into a bag on its way as expected, so a job travelling in none stays so.
    const upfront = await repo.openBagsOf(relevant.map((move) => ({ kind: move.kind, id: move.itemId })));
    const travelling = new Set<string>();
    relevant.forEach((move, index) => {
      for (const bag of upfront[index]?.values() ?? [])
        if (bag.status === 'in_transit' && bag.state === 'expected')
          travelling.add(key(move.kind, move.itemId));
    });
    for (const move of relevant) {
      const station = stationsInfo.get(move.stationId);
      if (station === undefined) continue;
      if (station.role === 'work' && !travelling.has(key(move.kind, move.itemId))) continue;
      const ref: TJobRef = { kind: move.kind, id: move.itemId };
      // Read again: an earlier move of this batch may have packed or received it.
      const [bagsMap] = await repo.openBagsOf([ref]);
      const bags = [...(bagsMap?.values() ?? [])];
      const lastLocationId = station.role === 'receiving' ? await repo.locationBefore(ref, move.at) : null;
      const packingHere =
        station.role === 'shipping' ? await repo.newestPacking(station.locationId) : undefined;
      let natural: string | null = null;
      if (station.role === 'shipping' && packingHere === undefined) {
        if (workshopId === undefined) workshopId = await repo.workshopLocationId();
        const job = (await repo.jobs([ref])).get(key(ref.kind, ref.id));
        if (job !== undefined && workshopId !== null)
          natural = naturalDestination({
            fromLocationId: station.locationId,
            fromKind: station.locationKind,
            workshopLocationId: workshopId,
            pickupLocationId: job.pickupLocationId,
          });
      }
      const inTransitFromLast =
        lastLocationId !== null && lastLocationId !== station.locationId
          ? await repo.newestInTransit(lastLocationId, station.locationId)
          : undefined;
      const actions = planTransferRead({
        stationRole: station.role,
        locationId: station.locationId,
        locationKind: station.locationKind,
        lastLocationId,
        bags,
        packingHere: packingHere ? { transferId: packingHere.id } : null,
        inTransitFromLast: inTransitFromLast ? { transferId: inTransitFromLast.id } : null,
        naturalDestination: natural,
      });
      for (const action of actions) {
        if (action.type === 'receive') {
          await receiveItem(repo, action.transferId, ref, move.at, null);
          changed.add(action.transferId);
          continue;
        }
        const job = (await repo.jobs([ref])).get(key(ref.kind, ref.id));
        let transferId: string;
        if (action.type === 'pack' || action.type === 'extra') transferId = action.transferId;
        else {
          const destination = await locationOf(action.toLocationId);
          if (destination === undefined) continue;
          transferId = (
            await newBag(repo, { from: station.locationId, to: destination.id, by: null, at: move.at })
          ).id;
        }
        const state = action.type === 'extra' ? 'extra' : 'expected';
        await repo.insertItems([bagItem(transferId, ref, job?.epc, state, move.at)]);
        await repo.updateTransfer(transferId, { updatedAt: move.at });
        changed.add(transferId);
      }
    }
    if (changed.size === 0) return [];
    return [
      () => {
        void announce(changed);
      },
    ];
  };
}

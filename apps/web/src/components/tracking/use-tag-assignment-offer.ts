import { useCallback, useSyncExternalStore } from 'react';
import { useRealtime } from '@/lib/realtime/realtime-context';
import { type TTagOffer, tagAssignmentOffersOf } from '@/lib/realtime/tag-assignment-offers';

export type TTagAssignmentOffer = {
  /** The tag just placed on a tag-assignment antenna, or null. */
  readonly offer: TTagOffer | null;
  /** After the tag was assigned: offered no more, on any screen. */
  readonly consume: (epc: string) => void;
};

const noSubscription = () => () => {};

/** The tag to offer on an open order or repair screen (issue 6 §3); none without a live connection. */
export function useTagAssignmentOffer(): TTagAssignmentOffer {
  const client = useRealtime()?.client ?? null;
  const store = client ? tagAssignmentOffersOf(client) : null;
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.subscribe(listener) : noSubscription()),
    [store],
  );
  const offer = useSyncExternalStore(
    subscribe,
    () => store?.current() ?? null,
    () => null,
  );
  const consume = useCallback((epc: string) => store?.consume(epc), [store]);
  return { offer, consume };
}

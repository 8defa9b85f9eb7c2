import { useCallback, useSyncExternalStore } from 'react';
import { useRealtime } from '@/lib/realtime/realtime-context';
import { type TTagOffer, tagAssignmentOffersOf } from '@/lib/realtime/tag-assignment-offers';

export type TTagAssignmentOffer = {
  /** The tag just placed on a tag-assignment antenna, or null. */
  readonly offer: TTagOffer | null;
  /** After the tag was assigned: offered no more, on any screen, even when it is read again. */
  readonly consume: (epc: string) => void;
};

const noSubscription = () => () => {};

/** The tag to offer on an open order or repair screen (issue 6 §3); none without a live connection. */
export function useTagAssignmentOffer(): TTagAssignmentOffer {
  const client = useRealtime()?.client ?? null;
  // The store is looked up on each use, never kept: the realtime provider disposes it with the connection
  // (React's StrictMode does so once on mount), and the next lookup makes the fresh one it then uses.
  const subscribe = useCallback(
    (listener: () => void) => (client ? tagAssignmentOffersOf(client).subscribe(listener) : noSubscription()),
    [client],
  );
  const offer = useSyncExternalStore(
    subscribe,
    () => (client ? tagAssignmentOffersOf(client).current() : null),
    () => null,
  );
  const consume = useCallback(
    (epc: string) => {
      if (client) tagAssignmentOffersOf(client).consume(epc);
    },
    [client],
  );
  return { offer, consume };
}

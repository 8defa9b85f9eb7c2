import { parseServerToClientEvent } from '@loupe/domain/realtime/events';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { getIdToken } from '@/lib/auth/auth-client';
import { showScanToast, toast } from '@/lib/toast';

/** A nudge or a new task stays long enough to be read from across the bench. */
const NUDGE_TOAST_MS = 10_000;

import { LIVE_QUERY_ROOTS, queryRootsForEvent } from './query-invalidation';
import { RealtimeClient } from './realtime-client';
import { RealtimeContext } from './realtime-context';
import { isWatched } from './scan-toast-interest';
import { tagAssignmentOffersOf } from './tag-assignment-offers';

export type TRealtimeProviderProps = {
  readonly children: ReactNode;
  /** Whether the user wants scan toasts at all (Settings › notifications); read at each scan. */
  readonly wantsScanToasts?: () => boolean;
  /** The signed-in user: work given to them is announced to them (issue 12). */
  readonly userId?: string | null;
  /** Tests inject a client pointed at their own server. */
  readonly client?: RealtimeClient;
};

/**
 * Opens the live connection while the signed-in shell is mounted (spec §2: after sign-in, closed at
 * sign-out), refreshes the queries each event touches, and shows the scan toast of spec §4/§9.
 */
export function RealtimeProvider({
  children,
  client: injected,
  wantsScanToasts,
  userId = null,
}: TRealtimeProviderProps) {
  const queryClient = useQueryClient();
  const [client] = useState(
    () =>
      injected ??
      new RealtimeClient({
        getIdToken: () => getIdToken(),
        log: (message, details) => console.warn(message, details),
      }),
  );
  const state = useSyncExternalStore(
    (listener) => client.onStateChange(listener),
    () => client.state,
  );

  const [onlineCount, setOnlineCount] = useState<number | null>(null);

  useEffect(() => {
    const refresh = (roots: readonly string[]) => {
      if (roots.length === 0) return;
      void queryClient.invalidateQueries({
        predicate: (query) => roots.includes(String(query.queryKey[0])),
      });
    };
    const stopInvalidating = client.onAny(({ name }) => refresh(queryRootsForEvent(name)));
    const stopReconnectRefresh = client.onReconnect(() => refresh(LIVE_QUERY_ROOTS));
    const stopToasts = client.on('tracking:location-update', (payload) => {
      const parsed = parseServerToClientEvent('tracking:location-update', payload);
      if (!parsed.ok) return;
      const { itemId, number, departmentName, stationName, epc } = parsed.payload;
      // Only for what the user is looking at, and not at all for someone who turned them off: with
      // readers running, a toast for every piece in the building would bury the screen (issue 11 §7).
      if (!isWatched(itemId) || wantsScanToasts?.() === false) return;
      showScanToast({ number, department: departmentName, station: stationName, epc });
    });
    // Workflow news for this user: a nudge (theirs, or one escalated to them) and a step given to them.
    const stopNudges = client.on('workflow:nudge-triggered', (payload) => {
      const parsed = parseServerToClientEvent('workflow:nudge-triggered', payload);
      if (parsed.ok) toast({ title: 'Nudge', description: parsed.payload.message, duration: NUDGE_TOAST_MS });
    });
    const stopAssignments = client.on('workflow:assignment-created', (payload) => {
      const parsed = parseServerToClientEvent('workflow:assignment-created', payload);
      if (!parsed.ok || parsed.payload.assigneeId !== userId) return;
      toast({ title: 'New task for you', description: 'It is on My Tasks.', duration: NUDGE_TOAST_MS });
    });
    const stopOnlineCount = client.on('user:online-count-changed', (payload) => {
      const parsed = parseServerToClientEvent('user:online-count-changed', payload);
      if (parsed.ok) setOnlineCount(parsed.payload.count);
    });
    // From sign-in on, so that a tag placed before its order screen opened is offered there (issue 6 §3).
    const tagOffers = tagAssignmentOffersOf(client);
    client.connect();
    return () => {
      stopInvalidating();
      stopReconnectRefresh();
      stopToasts();
      stopNudges();
      stopAssignments();
      stopOnlineCount();
      tagOffers.dispose();
      client.disconnect();
    };
  }, [client, queryClient, wantsScanToasts, userId]);

  const value = useMemo(
    () => ({ client, state, failure: client.failure, onlineCount }),
    [client, state, onlineCount],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

import { parseServerToClientEvent } from '@loupe/domain/realtime/events';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { apiClient } from '@/lib/api-client';
import { getIdToken } from '@/lib/auth/auth-client';
import { showScanToast } from '@/lib/toast';
import { LIVE_QUERY_ROOTS, queryRootsForEvent } from './query-invalidation';
import { RealtimeClient } from './realtime-client';
import { RealtimeContext } from './realtime-context';
import { isWatched } from './scan-toast-interest';
import { tagAssignmentOffersOf } from './tag-assignment-offers';

export type TRealtimeProviderProps = {
  readonly children: ReactNode;
  /** Whether the user wants scan toasts at all (Settings › notifications); read at each scan. */
  readonly wantsScanToasts?: () => boolean;
  /** Tests inject a client pointed at their own server. */
  readonly client?: RealtimeClient;
};

/**
 * Opens the live connection while the signed-in shell is mounted (spec §2: after sign-in, closed at
 * sign-out), refreshes the queries each event touches, and shows the scan toast of spec §4/§9.
 */
export function RealtimeProvider({ children, client: injected, wantsScanToasts }: TRealtimeProviderProps) {
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

  useEffect(() => {
    const refresh = (roots: readonly string[]) => {
      if (roots.length === 0) return;
      // The API client keeps GETs of /locations, /departments and /stations for 5 minutes (spec §7, §9):
      // another user's registry change must not wait that long.
      if (roots.includes('registry')) apiClient.clearCache();
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
    // From sign-in on, so that a tag placed before its order screen opened is offered there (issue 6 §3).
    const tagOffers = tagAssignmentOffersOf(client);
    client.connect();
    return () => {
      stopInvalidating();
      stopReconnectRefresh();
      stopToasts();
      tagOffers.dispose();
      client.disconnect();
    };
  }, [client, queryClient, wantsScanToasts]);

  const value = useMemo(() => ({ client, state, failure: client.failure }), [client, state]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

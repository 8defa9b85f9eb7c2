import type { TConnectionFailed, TRealtimeConnectionState } from '@loupe/domain/realtime/events';
import { createContext, useContext } from 'react';
import type { RealtimeClient } from './realtime-client';

export type TRealtimeContext = {
  readonly client: RealtimeClient;
  readonly state: TRealtimeConnectionState;
  readonly failure: TConnectionFailed | null;
  /** People with Loupe open (spec §7 user:online-count-changed); null until the server has said. */
  readonly onlineCount: number | null;
};

export const RealtimeContext = createContext<TRealtimeContext | null>(null);

/** The live connection of the signed-in shell; null outside it (sign-in screens, tests without it). */
export function useRealtime(): TRealtimeContext | null {
  return useContext(RealtimeContext);
}

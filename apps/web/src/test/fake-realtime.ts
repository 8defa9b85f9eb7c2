import { act } from '@testing-library/react';
import type { RealtimeClient } from '@/lib/realtime/realtime-client';
import type { TRealtimeContext } from '@/lib/realtime/realtime-context';

type TListener = (payload: unknown) => void;

/** A live connection whose events the test sends, for a RealtimeContext provider. */
export function fakeRealtime() {
  const listeners = new Map<string, Set<TListener>>();
  const client = {
    on: (name: string, listener: TListener) => {
      const set = listeners.get(name) ?? new Set<TListener>();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
  };
  const context: TRealtimeContext = {
    client: client as unknown as RealtimeClient,
    state: 'connected',
    failure: null,
    onlineCount: null,
  };
  return {
    context,
    emit(name: string, payload: unknown) {
      act(() => {
        for (const listener of listeners.get(name) ?? []) listener(payload);
      });
    },
    /** How many listeners of `name` are still on: none once the screen that listened is gone. */
    listenerCount: (name: string) => listeners.get(name)?.size ?? 0,
  };
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { useTagAssignmentOffer } from '@/components/tracking/use-tag-assignment-offer';
import type { RealtimeClient } from './realtime-client';
import { RealtimeProvider } from './realtime-provider';
import { RealtimeStatus } from './realtime-status';

const EPC = 'E28011606000020800000001';

type TListener = (payload: unknown) => void;

/** The part of a live connection the provider uses; the test sends its events and counts its listeners. */
function fakeClient() {
  const listeners = new Map<string, Set<TListener>>();
  const fake = {
    state: 'connected',
    failure: null,
    connect: () => {},
    disconnect: () => {},
    onStateChange: () => () => {},
    onReconnect: () => () => {},
    onAny: () => () => {},
    on: (name: string, listener: TListener) => {
      const set = listeners.get(name) ?? new Set<TListener>();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
  };
  return {
    client: fake as unknown as RealtimeClient,
    emit(name: string, payload: unknown) {
      act(() => {
        for (const listener of listeners.get(name) ?? []) listener(payload);
      });
    },
    count: (name: string) => listeners.get(name)?.size ?? 0,
  };
}

function OfferedTag() {
  const { offer } = useTagAssignmentOffer();
  return <p>{offer ? `Offered ${offer.epc}` : 'No offer'}</p>;
}

function renderProvider(client: RealtimeClient) {
  return render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <RealtimeProvider client={client}>
          <RealtimeStatus />
          <OfferedTag />
        </RealtimeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

function tagRead() {
  return {
    epc: EPC,
    readerId: 'intake-1',
    antenna: 2,
    timestamp: new Date().toISOString(),
    isTagAssignment: true,
  };
}

describe('RealtimeProvider › tag-assignment offers', () => {
  it('offers a tag read at a tag-assignment antenna, also after StrictMode re-ran its effects', () => {
    const source = fakeClient();
    renderProvider(source.client);
    expect(screen.getByText('No offer')).toBeInTheDocument();
    // StrictMode disposed the first store: only the fresh one listens.
    expect(source.count('rfid:tag-read')).toBe(1);

    source.emit('rfid:tag-read', tagRead());

    expect(screen.getByText(`Offered ${EPC}`)).toBeInTheDocument();
  });

  it('disposes the offers with the connection: nothing listens for tag reads after sign-out', () => {
    const source = fakeClient();
    const { unmount } = renderProvider(source.client);
    expect(source.count('rfid:tag-read')).toBe(1);
    expect(source.count('order:tracking:started')).toBe(1);

    unmount();

    expect(source.count('rfid:tag-read')).toBe(0);
    expect(source.count('order:tracking:started')).toBe(0);
  });
});

describe('RealtimeProvider › who is online', () => {
  it('shows the count the server announces in the status line, and follows its changes', () => {
    const source = fakeClient();
    renderProvider(source.client);
    expect(screen.getByRole('status')).toHaveTextContent(/^Live$/);

    source.emit('user:online-count-changed', { count: 3 });
    expect(screen.getByRole('status')).toHaveTextContent('Live· 3 online');

    source.emit('user:online-count-changed', { count: 2 });
    expect(screen.getByRole('status')).toHaveTextContent('2 online');
    // A payload that does not parse changes nothing.
    source.emit('user:online-count-changed', { count: -1 });
    expect(screen.getByRole('status')).toHaveTextContent('2 online');
  });
});

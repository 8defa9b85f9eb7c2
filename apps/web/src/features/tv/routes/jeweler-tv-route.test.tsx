import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { AuthContext } from '@/lib/auth/auth-context';
import { makeAuth } from '@/test/factories';
import { LocationProbe } from '@/test/render-with-providers';
import { tvApiClient } from '../api/tv-api-client';
import { readDeviceToken, storeDeviceToken } from '../device-token';
import { JewelerTvRoute } from './jeweler-tv-route';

// The TV's socket is exercised by the server and browser tests; here it only must not dial out.
vi.mock('socket.io-client', () => ({
  io: () => ({ on: vi.fn(), connect: vi.fn(), disconnect: vi.fn(), active: true }),
}));

const screenData = {
  station: {
    id: 'STATION000001',
    departmentId: 'DEPT000001',
    name: 'Bench 3',
    jewelerName: 'Rosa Quint',
    departmentName: 'Bench',
  },
  here: [],
  dueNext: [],
  finishedToday: 2,
  timers: [],
  generatedAt: new Date().toISOString(),
};

/** Nobody signed in: a TV's browser. */
function renderTv(route: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={makeAuth(null)}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/jeweler-tv/:stationId" element={<JewelerTvRoute />} />
            <Route path="/tv-setup" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const pairingScreen = () => screen.findByRole('status', { name: 'Current location' });

describe('/jeweler-tv on a paired TV', () => {
  beforeEach(() => {
    storeDeviceToken('tvd_test');
  });
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('shows its own station, and says so when nothing is there', async () => {
    const get = vi.spyOn(tvApiClient, 'get').mockResolvedValue({ success: true, data: screenData });
    renderTv('/jeweler-tv/STATION000001');
    expect(await screen.findByRole('heading', { name: 'Bench 3', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Nothing here right now/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Finished today' })).toHaveTextContent('2 finished today');
    expect(get).toHaveBeenCalledWith('tv/screen', expect.anything());
  });

  it('goes back to pairing, forgetting its credential, once it is no longer paired', async () => {
    vi.spyOn(tvApiClient, 'get').mockRejectedValue(
      new ApiError({ status: 401, code: 'DEVICE_NOT_PAIRED', message: 'This TV is not paired.' }),
    );
    renderTv('/jeweler-tv/STATION000001');
    expect(await pairingScreen()).toHaveTextContent('/tv-setup');
    await waitFor(() => expect(readDeviceToken()).toBeNull());
  });
});

describe('/jeweler-tv without a TV credential', () => {
  it('sends someone who is not signed in to pairing, never to a sign-in page', async () => {
    renderTv('/jeweler-tv/STATION000001');
    expect(await pairingScreen()).toHaveTextContent('/tv-setup');
  });
});

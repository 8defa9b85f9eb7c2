import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { page } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { STORE, WORKSHOP } from '@/test/location-mocks';
import { renderWithSettingsProviders, stubResizeObserver } from '@/test/settings-test-utils';
import { ProfileSection } from './profile-section';

function renderProfile(homeLocationId: string | null) {
  stubResizeObserver();
  // The other cards (two-step sign-in, working hours) load what they need; only the locations matter here.
  vi.spyOn(apiClient, 'get').mockImplementation(async (path) => {
    if (path === 'locations') return page([WORKSHOP, STORE]);
    return new Promise(() => {});
  });
  return renderWithSettingsProviders(<ProfileSection />, {
    user: { ...makeUser('salesperson'), homeLocationId },
  });
}

describe('ProfileSection: home location (issue 39)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('names the location one works at', async () => {
    renderProfile(STORE.id);
    expect(
      await screen.findByText('Downtown Store: your order and repair lists start there.'),
    ).toBeInTheDocument();
  });

  it('says every location when one has none', async () => {
    renderProfile(null);
    expect(await screen.findByText('All locations: your lists show every location.')).toBeInTheDocument();
    expect(apiClient.get).not.toHaveBeenCalledWith('locations', expect.anything());
  });
});

import type { TMqttSettings } from '@loupe/domain/settings/mqtt-settings';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { makeUser } from '@/test/factories';
import { renderWithSettingsProviders } from '@/test/settings-test-utils';
import { MqttSection } from './mqtt-section';

const TOPICS: TMqttSettings['topics'] = [
  { format: 'zebra', topic: 'loupe/readers/{readerId}/zebra', description: 'Zebra FX readers' },
  { format: 'impinj', topic: 'loupe/readers/{readerId}/impinj', description: 'Impinj R700 readers' },
];

function answer(settings: Partial<TMqttSettings>) {
  const data: TMqttSettings = {
    mode: 'embedded',
    port: 1883,
    brokerHost: null,
    connectedClients: 2,
    subscription: null,
    topics: TOPICS,
    ...settings,
  };
  vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
    if (path !== 'settings/mqtt') throw new Error(`unexpected GET ${path}`);
    return { success: true, data };
  });
}

describe('MqttSection', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the embedded broker’s port, the connected readers, the topics and how readers sign in', async () => {
    answer({});
    renderWithSettingsProviders(<MqttSection />, { user: makeUser('admin') });
    expect(await screen.findByText('1883')).toBeInTheDocument();
    expect(screen.getByText('2')).toBeInTheDocument();
    expect(screen.getByText('loupe/readers/{readerId}/zebra')).toBeInTheDocument();
    expect(screen.getByText('loupe/readers/{readerId}/impinj')).toBeInTheDocument();
    expect(screen.getByText(/User name: the reader’s id/)).toBeInTheDocument();
  });

  it('shows the external broker and the shared subscription, leaving credentials to its ACL', async () => {
    answer({
      mode: 'external',
      port: null,
      connectedClients: null,
      brokerHost: 'mqtt.workshop.lan:1883',
      subscription: '$share/loupe/loupe/readers/+/#',
    });
    renderWithSettingsProviders(<MqttSection />, { user: makeUser('admin') });
    expect(await screen.findByText('mqtt.workshop.lan:1883')).toBeInTheDocument();
    expect(screen.getByText('$share/loupe/loupe/readers/+/#')).toBeInTheDocument();
    expect(screen.getByText(/its ACL/)).toBeInTheDocument();
  });

  it('says when the settings could not be loaded, with a way to try again', async () => {
    vi.spyOn(apiClient, 'get').mockRejectedValue(
      new ApiError({ message: 'Server unavailable', status: 503 }),
    );
    renderWithSettingsProviders(<MqttSection />, { user: makeUser('admin') });
    expect(await screen.findByText('Server unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import type { TAssistantSettings } from '@loupe/domain/assistant/assistant-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { clearToasts } from '@/lib/toast';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { AiSettingsRoute } from './ai-settings-route';

const STORED: TAssistantSettings = {
  provider: 'openai',
  baseUrl: 'https://api.openai.com/v1',
  allowPrivateNetwork: false,
  model: 'gpt-test',
  hasApiKey: true,
  assistantName: 'Gemma',
  tone: 'concise',
  timeoutSeconds: 20,
};

function renderRoute(role: 'admin' | 'manager', settings: TAssistantSettings) {
  vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
    if (path !== 'assistant/settings') throw new Error(`unexpected GET ${path}`);
    return { success: true, data: settings };
  });
  return renderWithProviders(<AiSettingsRoute />, { user: makeUser(role), route: '/ai/settings' });
}

// Issue 34 §2 and §5: the provider's address is an admin's to see and change, and a new address needs the
// key again.
describe('AiSettingsRoute', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('shows others what is configured, without the provider’s address', async () => {
    renderRoute('manager', { ...STORED, baseUrl: null });
    expect(await screen.findByText('Only admins can change these settings.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Base URL')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Allow an address on our own network' })).toBeNull();
    expect(screen.getByText('API key: stored')).toBeInTheDocument();
  });

  it('asks an admin for the key again when the address changes, and sends the on-premises opt-in', async () => {
    const put = vi.spyOn(apiClient, 'put').mockImplementation(async () => ({ success: true, data: STORED }));
    const user = userEvent.setup();
    renderRoute('admin', STORED);
    const baseUrl = await screen.findByLabelText('Base URL');
    const key = screen.getByLabelText('API key');
    expect(key).not.toHaveAccessibleDescription(/enter the secret again/);
    await user.clear(baseUrl);
    await user.type(baseUrl, 'http://gpu-box.lan:11434/v1');
    expect(key).toHaveAccessibleDescription(/The address changed: enter the secret again/);
    await user.click(screen.getByRole('checkbox', { name: 'Allow an address on our own network' }));
    await user.type(key, 'sk-for-the-gpu-box');
    expect(key).not.toHaveAccessibleDescription(/enter the secret again/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        'assistant/settings',
        expect.objectContaining({
          baseUrl: 'http://gpu-box.lan:11434/v1',
          allowPrivateNetwork: true,
          apiKey: 'sk-for-the-gpu-box',
        }),
      ),
    );
  });
});

import type { TEpcisCaptureSettings } from '@loupe/domain/integrations/epcis';
import { SECRET_REQUIRED_MESSAGE } from '@loupe/domain/validation/provider-secret';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts } from '@/lib/toast';
import { makeUser } from '@/test/factories';
import { renderWithSettingsProviders, stubResizeObserver } from '@/test/settings-test-utils';
import { EPCIS_CAPTURE_OFF } from '../integrations-fixtures';
import { EpcisCard } from './epcis-card';

const CAPTURING: TEpcisCaptureSettings = {
  url: 'https://epcis.example.com',
  enabled: true,
  hasAuthorization: true,
  allowPrivateNetwork: false,
  lastCaptureAt: '2026-11-28T10:00:00.000Z',
  lastError: 'The repository answered 503',
  pending: 3,
};

function renderCard() {
  return renderWithSettingsProviders(<EpcisCard />, { user: makeUser('admin') });
}

describe('EpcisCard', { timeout: 30_000 }, () => {
  let saved: TEpcisCaptureSettings;
  beforeEach(() => {
    stubResizeObserver();
    saved = EPCIS_CAPTURE_OFF;
    vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
      if (path === 'integrations/epcis-capture') return { success: true, data: saved };
      throw new Error(`unexpected GET ${path}`);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('saves the capture settings; the authorization is sent once and then only said to be set', async () => {
    const put = vi.spyOn(apiClient, 'put').mockImplementation(async (_path, body) => {
      saved = { ...EPCIS_CAPTURE_OFF, ...(body as object), hasAuthorization: true } as TEpcisCaptureSettings;
      return { success: true, data: saved };
    });
    const user = userEvent.setup();
    renderCard();
    const form = await screen.findByRole('form', { name: 'EPCIS capture' });
    expect(within(form).getByText('not set')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a test document' })).toBeDisabled();
    await user.type(within(form).getByLabelText('Repository address'), 'http://10.0.0.8:8090');
    await user.type(within(form).getByLabelText('Authorization header'), 'Bearer s3cret');
    const optIn = within(form).getByLabelText('Allow an address on our own network');
    expect(optIn).toHaveAccessibleDescription(/Only for a server you run yourself/);
    await user.click(optIn);
    await user.click(within(form).getByRole('switch', { name: 'Capture events' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('integrations/epcis-capture', {
        url: 'http://10.0.0.8:8090',
        enabled: true,
        allowPrivateNetwork: true,
        authorization: 'Bearer s3cret',
      }),
    );
    await waitFor(() => expect(within(form).getByLabelText('Authorization header')).toHaveValue(''));
    expect(within(form).getByText('set')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Bearer s3cret')).toBeNull();
  });

  it('keeps the stored authorization unless it is replaced or removed', async () => {
    saved = CAPTURING;
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({ success: true, data: CAPTURING });
    const user = userEvent.setup();
    renderCard();
    const form = await screen.findByRole('form', { name: 'EPCIS capture' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]?.[1]).not.toHaveProperty('authorization');
    await user.click(within(form).getByRole('button', { name: 'Remove the stored value' }));
    expect(within(form).getByText('not set')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put.mock.calls[1]?.[1]).toMatchObject({ authorization: null });
  });

  it('asks for the authorization again when the address moves', async () => {
    saved = CAPTURING;
    const user = userEvent.setup();
    renderCard();
    const form = await screen.findByRole('form', { name: 'EPCIS capture' });
    const authorization = within(form).getByLabelText('Authorization header');
    expect(authorization).not.toHaveAccessibleDescription(expect.stringContaining(SECRET_REQUIRED_MESSAGE));
    await user.type(within(form).getByLabelText('Repository address'), '/v2');
    expect(authorization).toHaveAccessibleDescription(expect.stringContaining(SECRET_REQUIRED_MESSAGE));
    await user.type(authorization, 'Bearer new');
    expect(authorization).not.toHaveAccessibleDescription(expect.stringContaining(SECRET_REQUIRED_MESSAGE));
  });

  it('asks for the address before saving, and shows the server’s refusal on its field', async () => {
    const put = vi.spyOn(apiClient, 'put').mockRejectedValue(
      new ApiError({
        message: 'refused',
        status: 400,
        code: 'URL_NOT_ALLOWED',
        details: { issues: [{ field: 'body.url', message: 'This address is on a private network' }] },
      }),
    );
    const user = userEvent.setup();
    renderCard();
    const form = await screen.findByRole('form', { name: 'EPCIS capture' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText('Repository address')).toHaveAccessibleDescription(
      /Enter the repository’s address/,
    );
    expect(put).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText('Repository address'), 'http://localhost:8090');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This address is on a private network')).toBeInTheDocument();
    expect(within(form).getByLabelText('Repository address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows how capture goes, and the repository’s answer to a test document', async () => {
    saved = CAPTURING;
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValueOnce({
        success: true,
        data: { ok: true, statusCode: 202, error: null, durationMs: 12 },
      })
      .mockResolvedValueOnce({
        success: true,
        data: { ok: false, statusCode: null, error: 'connect ECONNREFUSED', durationMs: 3 },
      });
    const user = userEvent.setup();
    renderCard();
    const line = await screen.findByLabelText('EPCIS capture status');
    expect(within(line).getByText('Failing')).toBeInTheDocument();
    expect(within(line).getByText('3 events')).toBeInTheDocument();
    expect(within(line).getByText('The repository answered 503')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a test document' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('integrations/epcis-capture/test'));
    expect(
      await screen.findByText('The repository answered 202 in 12 ms: it took the test document.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a test document' }));
    expect(await screen.findByText('No answer in 3 ms: connect ECONNREFUSED')).toBeInTheDocument();
  });

  it('documents the query endpoint with every filter it takes', async () => {
    renderCard();
    const help = await screen.findByRole('region', { name: 'Query endpoint' });
    expect(within(help).getByLabelText('Query endpoint')).toHaveValue(
      `${window.location.origin}/api/v1/epcis/events`,
    );
    const filters = within(help).getByLabelText('Query filters');
    for (const name of ['GE_eventTime', 'LT_eventTime', 'MATCH_epc', 'EQ_bizStep', 'nextPageToken']) {
      expect(within(filters).getByText(name)).toBeInTheDocument();
    }
  });
});

import { LLRP_MESSAGES, type TLlrpTestResult } from '@loupe/domain/registry/llrp';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { GATE, makeLlrpReader, stubWorkspaceGets } from '@/test/llrp-fixtures';
import { makeQueryClient } from '@/test/render-with-providers';
import { ADD_READER_TITLE } from './add-reader-dialog';
import { ANTENNAS_TABLE_LABEL } from './llrp-antenna-fields';
import { TEST_CONNECTION } from './llrp-endpoint-fields';
import { LLRP_ANTENNAS_MISSING } from './llrp-settings-model';
import { AddReaderButton } from './readers-workspace';

const CAPABILITIES: TLlrpTestResult = {
  manufacturer: 'Impinj',
  model: 'Speedway R420',
  firmware: '5.14.0.240',
  antennaCount: 4,
  maxTxPowerDbm: 30,
};

type TUser = ReturnType<typeof userEvent.setup>;

async function openLlrpForm(user: TUser) {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <AddReaderButton />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Add reader' }));
  const dialog = await screen.findByRole('dialog', { name: ADD_READER_TITLE });
  await user.type(within(dialog).getByRole('textbox', { name: 'Reader id' }), GATE.id);
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), GATE.name);
  await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
  await user.click(await screen.findByRole('option', { name: /^LLRP/ }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Host' }), '192.168.1.40');
  return dialog;
}

function stubPosts() {
  return vi.spyOn(apiClient, 'post').mockImplementation(async (path) => {
    if (path === 'readers/llrp/test') return envelope(CAPABILITIES);
    if (path === 'readers') return envelope({ reader: GATE, apiKey: 'lpr_unused' });
    throw new Error(`unexpected POST ${path}`);
  });
}

// Radix dialogs and typing through userEvent are slow on a shared CI core.
describe('Adding an LLRP reader', { timeout: 30_000 }, () => {
  beforeEach(() => {
    stubPointerApis();
    stubWorkspaceGets();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('tests the connection, lists the reader’s antennas from its capabilities, and saves them', async () => {
    const post = stubPosts();
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue(envelope(makeLlrpReader()));
    const user = userEvent.setup();
    const dialog = await openLlrpForm(user);

    // No API key for a reader Loupe calls; no antennas before a test.
    expect(within(dialog).queryByText(/API key is shown once/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add reader' }));
    expect(within(dialog).getByText(LLRP_ANTENNAS_MISSING)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('switch', { name: 'TLS' }));
    expect(within(dialog).getByRole('spinbutton', { name: 'Port' })).toHaveValue(5085);
    await user.click(within(dialog).getByRole('switch', { name: 'TLS' }));
    expect(within(dialog).getByRole('spinbutton', { name: 'Port' })).toHaveValue(5084);

    await user.click(within(dialog).getByRole('button', { name: TEST_CONNECTION }));
    const result = await within(dialog).findByRole('status');
    expect(result).toHaveTextContent('Connected to Impinj Speedway R420');
    expect(result).toHaveTextContent('Firmware5.14.0.240');
    expect(result).toHaveTextContent('Antennas4 antennas');
    expect(post).toHaveBeenCalledWith('readers/llrp/test', {
      host: '192.168.1.40',
      port: 5084,
      useTls: false,
    });
    const antennas = within(dialog).getByRole('table', { name: ANTENNAS_TABLE_LABEL });
    expect(
      within(antennas)
        .getAllByRole('spinbutton')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['27', '27', '27', '27']);
    expect(within(dialog).getByText(LLRP_MESSAGES.txPowerHelp)).toBeInTheDocument();

    const power = within(antennas).getByRole('spinbutton', { name: 'Transmit power of antenna 3 (dBm)' });
    await user.clear(power);
    await user.type(power, '15');
    await user.click(within(antennas).getByRole('checkbox', { name: 'Read with antenna 4' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add reader' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledWith('readers', { id: GATE.id, name: GATE.name, kind: 'llrp' });
    expect(put).toHaveBeenCalledWith(`readers/${GATE.id}/llrp`, {
      host: '192.168.1.40',
      port: 5084,
      useTls: false,
      antennas: [
        { antenna: 1, enabled: true, txPowerDbm: 27 },
        { antenna: 2, enabled: true, txPowerDbm: 27 },
        { antenna: 3, enabled: true, txPowerDbm: 15 },
        { antenna: 4, enabled: false, txPowerDbm: 27 },
      ],
      session: 1,
      reportEveryMs: 1000,
    });
    expect(getToasts().map((toast) => toast.title)).toContain(`Reader ${GATE.name} was added`);
  });

  it('after refused settings, saves the settings alone the next time: the reader exists already', async () => {
    const post = stubPosts();
    const put = vi
      .spyOn(apiClient, 'put')
      .mockRejectedValueOnce(
        new ApiError({
          message: 'Validation failed',
          status: 400,
          code: 'VALIDATION_FAILED',
          details: { issues: [{ field: 'body.host', message: 'Another reader uses this host and port' }] },
        }),
      )
      .mockResolvedValue(envelope(makeLlrpReader()));
    const user = userEvent.setup();
    const dialog = await openLlrpForm(user);
    await user.click(within(dialog).getByRole('button', { name: TEST_CONNECTION }));
    await within(dialog).findByRole('status');

    await user.click(within(dialog).getByRole('button', { name: 'Add reader' }));
    expect(await within(dialog).findByText('Another reader uses this host and port')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Host' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Host' }), '192.168.1.41');
    await user.click(within(dialog).getByRole('button', { name: 'Add reader' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post.mock.calls.filter(([path]) => path === 'readers')).toHaveLength(1);
    expect(put).toHaveBeenCalledTimes(2);
    expect(put).toHaveBeenLastCalledWith(
      `readers/${GATE.id}/llrp`,
      expect.objectContaining({ host: '192.168.1.41' }),
    );
  });
});

import { LLRP_MESSAGES } from '@loupe/domain/registry/llrp';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { queryRootsForEvent } from '@/lib/realtime/query-invalidation';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { GATE, makeLlrpConnection, makeLlrpReader, stubWorkspaceGets } from '@/test/llrp-fixtures';
import { makeQueryClient } from '@/test/render-with-providers';
import { readersQueryKeys } from '../api/readers-query-keys';
import { LLRP_LOAD_FAILED } from './llrp-connection';
import { TEST_CONNECTION, TEST_FAILED_TITLE } from './llrp-endpoint-fields';
import { ReadersWorkspace } from './readers-workspace';

const UNREACHABLE = 'Could not reach the LLRP reader at 10.9.9.9:5084: connection timed out.';

function renderWorkspace() {
  const queryClient = makeQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ReadersWorkspace />
    </QueryClientProvider>,
  );
  return queryClient;
}

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  const card = await screen.findByRole('listitem', { name: GATE.name });
  const button = within(card).getByRole('button', { name: `LLRP settings of ${GATE.name}` });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole('dialog', { name: `LLRP settings of ${GATE.name}` });
}

function powerOf(dialog: HTMLElement, antenna: number): HTMLElement {
  return within(dialog).getByRole('spinbutton', { name: `Transmit power of antenna ${antenna} (dBm)` });
}

// Radix dialogs and typing through userEvent are slow on a shared CI core.
describe('LLRP reader card and settings', { timeout: 30_000 }, () => {
  beforeEach(() => stubPointerApis());
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('shows where the reader is, what it is and its last error instead of an API key, and follows its state', async () => {
    let connection = makeLlrpConnection({
      state: 'error',
      lastError: 'Connection refused by 192.168.1.40:5084',
      lastReportAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    });
    stubWorkspaceGets({ llrp: () => makeLlrpReader({ connection }) });
    const queryClient = renderWorkspace();
    const card = await screen.findByRole('listitem', { name: GATE.name });

    expect(await within(card).findByText('Error')).toBeInTheDocument();
    expect(within(card).getByText('192.168.1.40:5084')).toBeInTheDocument();
    expect(within(card).getByText('Impinj Speedway R420, firmware 5.14.0.240')).toBeInTheDocument();
    expect(within(card).getByText('3 minutes ago')).toBeInTheDocument();
    expect(within(card).getByText('Connection refused by 192.168.1.40:5084')).toBeInTheDocument();
    expect(within(card).queryByText('API key')).toBeNull();
    expect(within(card).queryByRole('button', { name: /New API key/ })).toBeNull();

    // A realtime 'rfid:reader-status' refreshes the 'readers' root, this card's connection with it.
    expect(queryRootsForEvent('rfid:reader-status')).toContain(readersQueryKeys.llrp(GATE.id)[0]);
    connection = makeLlrpConnection({
      state: 'connected',
      lastReportAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await act(() => queryClient.invalidateQueries({ queryKey: readersQueryKeys.all }));
    expect(await within(card).findByText('Connected')).toBeInTheDocument();
    expect(within(card).queryByText('Connection refused by 192.168.1.40:5084')).toBeNull();
    expect(within(card).getByText('1 minute ago')).toBeInTheDocument();
  });

  it('says when the connection could not be loaded, and offers no settings until it is', async () => {
    stubWorkspaceGets({ llrp: new ApiError({ message: 'Server error', status: 500, code: 'INTERNAL' }) });
    renderWorkspace();
    const card = await screen.findByRole('listitem', { name: GATE.name });
    expect(await within(card).findByText(LLRP_LOAD_FAILED)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `LLRP settings of ${GATE.name}` })).toBeDisabled();
  });

  it('saves each antenna’s power, the session and the report interval, explaining read range', async () => {
    stubWorkspaceGets();
    const saved = makeLlrpReader();
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue(envelope(saved));
    const user = userEvent.setup();
    renderWorkspace();
    const dialog = await openSettings(user);

    expect(within(dialog).getByText(LLRP_MESSAGES.txPowerHelp)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Host' })).toHaveValue('192.168.1.40');
    expect(powerOf(dialog, 1)).toHaveValue(20);

    await user.clear(powerOf(dialog, 2));
    await user.type(powerOf(dialog, 2), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(within(dialog).getByText(`Antenna 2: ${LLRP_MESSAGES.txPower}`)).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await user.clear(powerOf(dialog, 2));
    await user.type(powerOf(dialog, 2), '17.5');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read with antenna 1' }));
    expect(powerOf(dialog, 1)).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Session' }));
    await user.click(await screen.findByRole('option', { name: 'Session 2' }));
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Report every (ms)' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Report every (ms)' }), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(put).toHaveBeenCalledWith(`readers/${GATE.id}/llrp`, {
      host: '192.168.1.40',
      port: 5084,
      useTls: false,
      antennas: [
        { antenna: 1, enabled: false, txPowerDbm: 20 },
        { antenna: 2, enabled: true, txPowerDbm: 17.5 },
      ],
      session: 2,
      reportEveryMs: 500,
    });
    expect(getToasts().map((toast) => toast.title)).toContain(`LLRP settings of ${GATE.name} were saved`);
  });

  it('shows why a connection test failed, in the server’s words', async () => {
    stubWorkspaceGets();
    const post = vi
      .spyOn(apiClient, 'post')
      .mockRejectedValue(new ApiError({ message: UNREACHABLE, status: 502, code: 'LLRP_UNREACHABLE' }));
    const user = userEvent.setup();
    renderWorkspace();
    const dialog = await openSettings(user);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Host' }));
    await user.click(within(dialog).getByRole('button', { name: TEST_CONNECTION }));
    expect(within(dialog).getByText(LLRP_MESSAGES.host)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Host' }), '10.9.9.9');
    await user.click(within(dialog).getByRole('button', { name: TEST_CONNECTION }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(TEST_FAILED_TITLE);
    expect(alert).toHaveTextContent(UNREACHABLE);
    expect(post).toHaveBeenCalledWith('readers/llrp/test', { host: '10.9.9.9', port: 5084, useTls: false });
  });
});

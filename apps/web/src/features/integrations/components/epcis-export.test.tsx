import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { workshopFormat } from '@/lib/date-format';
import { saveBlob } from '@/lib/save-blob';
import { makeUser } from '@/test/factories';
import { renderWithSettingsProviders } from '@/test/settings-test-utils';
import { EpcisExport } from './epcis-export';
import { epcisExportRange } from './epcis-export-range';

vi.mock('@/lib/save-blob', () => ({ saveBlob: vi.fn() }));

const NOW = new Date('2026-11-28T12:00:00Z');

function documentWith(eventCount: number): Blob {
  const eventList = Array.from({ length: eventCount }, (_, index) => ({ type: 'ObjectEvent', index }));
  return new Blob([JSON.stringify({ type: 'EPCISDocument', epcisBody: { eventList } })], {
    type: 'application/ld+json',
  });
}

function renderExport() {
  return renderWithSettingsProviders(<EpcisExport now={() => NOW} />, { user: makeUser('admin') });
}

describe('EpcisExport', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.mocked(saveBlob).mockClear();
  });

  it('downloads the document of the last seven workshop days', async () => {
    const blob = documentWith(2);
    const download = vi.spyOn(apiClient, 'download').mockResolvedValue(blob);
    const user = userEvent.setup();
    renderExport();
    expect(screen.getByLabelText('First day')).toHaveValue('2026-11-22');
    expect(screen.getByLabelText('Last day')).toHaveValue('2026-11-28');
    await user.click(screen.getByRole('button', { name: 'Export events' }));
    const range = epcisExportRange({ from: '2026-11-22', to: '2026-11-28' }, workshopFormat().timeZone);
    await waitFor(() => expect(download).toHaveBeenCalledWith('epcis/documents', { searchParams: range }));
    expect(await screen.findByText(/^Exported 2 events from/)).toBeInTheDocument();
    expect(saveBlob).toHaveBeenCalledWith(blob, 'loupe-epcis-2026-11-22_2026-11-28.jsonld');
  });

  it('says so when the range holds no event, and downloads nothing', async () => {
    vi.spyOn(apiClient, 'download').mockResolvedValue(documentWith(0));
    const user = userEvent.setup();
    renderExport();
    await user.click(screen.getByRole('button', { name: 'Export events' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^No events from .*: there is nothing to export\.$/,
    );
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('refuses reversed days without asking the server, and shows the server’s refusal', async () => {
    const download = vi.spyOn(apiClient, 'download').mockRejectedValue(
      new ApiError({
        message: 'Choose a shorter range: it holds more than 10000 events.',
        status: 413,
        code: 'EPCIS_EXPORT_TOO_LARGE',
      }),
    );
    const user = userEvent.setup();
    renderExport();
    const first = screen.getByLabelText('First day');
    await user.clear(first);
    await user.type(first, '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Export events' }));
    expect(await screen.findByText('Choose a first day no later than the last day')).toBeInTheDocument();
    expect(download).not.toHaveBeenCalled();
    await user.clear(first);
    await user.type(first, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Export events' }));
    expect(await screen.findByText(/Choose a shorter range/)).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
  });
});

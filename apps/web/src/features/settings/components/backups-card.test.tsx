import type { TBackupProgress, TBackupsOverview } from '@loupe/domain/settings/backups';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { clearToasts } from '@/lib/toast';
import { makeUser } from '@/test/factories';
import { makeQueryClient, renderWithSettingsProviders, stubResizeObserver } from '@/test/settings-test-utils';
import { BACKUP_PROGRESS_POLL_MS } from '../api/get-backups';
import { BackupsCard } from './backups-card';

const CHECKSUM = 'a'.repeat(64);
const FINISHED: TBackupsOverview = {
  backups: [
    {
      name: 'loupe-2026-11-27T02-00-00-000Z',
      createdAt: '2026-11-27T02:00:00.000Z',
      totalBytes: 3 * 1024 * 1024,
      checksum: CHECKSUM,
      database: 'pglite',
    },
  ],
  unreadable: [],
  running: null,
  lastFailure: null,
};
const RUNNING: TBackupProgress = {
  trigger: 'manual',
  startedAt: '2026-11-28T10:00:00.000Z',
  step: 'files',
  message: 'copied 2/4 uploaded files, 1.0 MiB',
  bytesDone: 5 * 1024 * 1024,
  filesDone: 2,
  filesTotal: 4,
};

function renderCard({ canEdit = true } = {}) {
  return renderWithSettingsProviders(<BackupsCard canEdit={canEdit} />, {
    user: makeUser(canEdit ? 'admin' : 'qa'),
    queryClient: makeQueryClient(),
  });
}

describe('BackupsCard', () => {
  beforeEach(stubResizeObserver);
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('lists each backup with its time, size and checksum', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({ success: true, data: FINISHED });
    renderCard();
    const table = await screen.findByRole('table', { name: 'Backups' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('loupe-2026-11-27T02-00-00-000Z');
    expect(row).toHaveTextContent('3.0 MiB');
    expect(row).toHaveTextContent(CHECKSUM);
    expect(row).toHaveTextContent('Embedded (PGlite)');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('starts a backup, shows its progress while it runs, and the new backup once it is done', async () => {
    const answers: TBackupsOverview[] = [FINISHED, { ...FINISHED, running: RUNNING }];
    const done: TBackupsOverview = {
      ...FINISHED,
      backups: [
        { ...(FINISHED.backups[0] as TBackupsOverview['backups'][0]), name: 'loupe-new' },
        ...FINISHED.backups,
      ],
    };
    const get = vi
      .spyOn(apiClient, 'get')
      .mockImplementation(async () => ({ success: true, data: answers.shift() ?? done }));
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ success: true, data: { ...RUNNING, step: 'database' } });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Back up now' }));
    expect(post).toHaveBeenCalledWith('settings/backups');

    const bar = await screen.findByRole('progressbar', { name: 'Backup progress' });
    // Step 2 of 3, half its files copied: (1 + 0.5) / 3.
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('status')).toHaveTextContent('Copying uploaded files');
    expect(screen.getByRole('status')).toHaveTextContent('copied 2/4 uploaded files');
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeDisabled();

    // Polled while it runs; the finished list replaces the progress.
    await waitFor(() => expect(screen.getByText('loupe-new')).toBeInTheDocument(), {
      timeout: BACKUP_PROGRESS_POLL_MS * 3,
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const calls = get.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, BACKUP_PROGRESS_POLL_MS * 1.5));
    expect(get.mock.calls.length).toBe(calls);
  });

  it('shows the last failure, and leaves "Back up now" to those who may change the section', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({
      success: true,
      data: {
        ...FINISHED,
        lastFailure: {
          at: '2026-11-28T02:00:00.000Z',
          code: 'BACKUP_FAILED',
          message: 'ENOSPC: no space left',
        },
      },
    });
    renderCard({ canEdit: false });
    expect(await screen.findByText(/The last backup failed/)).toHaveTextContent('ENOSPC: no space left');
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeDisabled();
  });
});

import type { TStationWork, TWorkActionResult } from '@loupe/domain/workflow/work-time';
import { WORK_UNDO_TOAST_MS } from '@loupe/domain/workflow/work-time';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/toaster';
import { apiClient } from '@/lib/api-client';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope, mockGet } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { KioskWork } from './kiosk-work';

const STATION = 'STATION000003';

function work(mineRunning: boolean): TStationWork {
  const startedAt = new Date(Date.now() - 90_000).toISOString();
  return {
    stationId: STATION,
    pieces: [
      {
        kind: 'order',
        itemId: 'o-1',
        number: 'ORD-00071',
        customerName: 'Grace Hopper',
        mine: {
          assignmentId: 'a-1',
          phaseName: 'Stone setting',
          seconds: mineRunning ? 90 : 0,
          hasStarted: mineRunning,
          isRunning: mineRunning,
          stoppedNote: null,
        },
        running: mineRunning
          ? [{ person: { id: 'u-1', name: 'Marco Bench' }, phaseName: 'Stone setting', startedAt }]
          : [],
      },
      {
        kind: 'order',
        itemId: 'o-2',
        number: 'ORD-00072',
        customerName: 'Ada Lovelace',
        mine: null,
        running: [{ person: { id: 'u-2', name: 'Rosa Quint' }, phaseName: 'Polishing', startedAt }],
      },
    ],
  };
}

function answer(action: TWorkActionResult['action'], message: string): TWorkActionResult {
  return { actionId: `act-${action}`, action, undoUntil: '2026-11-30T09:00:15.000Z', message, running: null };
}

function renderWork() {
  return renderWithProviders(
    <>
      <KioskWork stationId={STATION} stationName="Bench 3" />
      <Toaster />
    </>,
    { user: makeUser('production'), route: '/departments/D/stations/S' },
  );
}

describe('the kiosk’s pieces (issue 37 §3)', () => {
  afterEach(() => {
    clearToasts();
    vi.restoreAllMocks();
  });

  it('starts my step on a piece in one tap at this station, with the same undo toast as My Tasks', async () => {
    mockGet({ [`work-time/stations/${STATION}`]: envelope(work(false)) });
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValueOnce(envelope(answer('start', 'Started ORD-00071.')))
      .mockResolvedValueOnce({ success: true, message: 'Undone.' });
    renderWork();
    const piece = await screen.findByRole('listitem', { name: 'ORD-00071' });
    expect(piece).toHaveTextContent('Grace Hopper · Stone setting');
    await userEvent.click(within(piece).getByRole('button', { name: 'Start Stone setting of ORD-00071' }));
    expect(post.mock.calls[0]).toEqual(['work-time/assignments/a-1/start', { stationId: STATION }]);
    expect(getToasts()[0]).toMatchObject({ title: 'Started ORD-00071.', duration: WORK_UNDO_TOAST_MS });
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(getToasts().at(-1)).toMatchObject({ title: 'Undone.' }));
    expect(String(post.mock.calls[1]?.[0])).toBe('work-time/actions/act-start/undo');

    // A piece with no step of mine offers no buttons, only who works on it.
    const other = screen.getByRole('listitem', { name: 'ORD-00072' });
    expect(within(other).queryByRole('button')).toBeNull();
    expect(within(other).getByText('No step of yours on it')).toBeInTheDocument();
    expect(within(other).getByRole('list', { name: 'Working on it now' })).toHaveTextContent('Rosa Quint');
  });

  it('shows my running timer ticking, and pauses or finishes it in one tap', async () => {
    mockGet({ [`work-time/stations/${STATION}`]: envelope(work(true)) });
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValueOnce(envelope(answer('done', 'ORD-00071 done.')));
    renderWork();
    const piece = await screen.findByRole('listitem', { name: 'ORD-00071' });
    expect(within(piece).getByRole('list', { name: 'Working on it now' })).toHaveTextContent(
      /Marco Bench1:3\d/,
    );
    expect(within(piece).getByRole('button', { name: 'Pause Stone setting of ORD-00071' })).toBeEnabled();
    // No hand back at a bench's touch screen: that is a conversation with a manager.
    expect(within(piece).queryByRole('button', { name: /Hand back/ })).toBeNull();
    await userEvent.click(
      within(piece).getByRole('button', { name: 'Mark Stone setting of ORD-00071 done' }),
    );
    expect(String(post.mock.calls[0]?.[0])).toBe('work-time/assignments/a-1/done');
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'ORD-00071 done.' }));
  });

  it('says so when nothing stands at the station', async () => {
    mockGet({ [`work-time/stations/${STATION}`]: envelope({ stationId: STATION, pieces: [] }) });
    renderWork();
    expect(
      await screen.findByText('Nothing at Bench 3 right now. Check a piece in to work on it here.'),
    ).toBeInTheDocument();
  });
});

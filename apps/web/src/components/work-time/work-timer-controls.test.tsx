import type { TWorkActionResult } from '@loupe/domain/workflow/work-time';
import { WORK_UNDO_TOAST_MS } from '@loupe/domain/workflow/work-time';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/toaster';
import { apiClient } from '@/lib/api-client';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { WorkTimerControls } from './work-timer-controls';

const LABEL = 'Stone setting of ORD-00071';

function answer(action: TWorkActionResult['action'], message: string): TWorkActionResult {
  return { actionId: `act-${action}`, action, undoUntil: '2026-11-30T09:00:15.000Z', message, running: null };
}

function renderControls(timer: Parameters<typeof WorkTimerControls>[0]['timer']) {
  return renderWithProviders(
    <>
      <WorkTimerControls assignmentId="a-1" label={LABEL} timer={timer} />
      <Toaster />
    </>,
    { user: makeUser('production'), route: '/my-tasks' },
  );
}

describe('WorkTimerControls (issue 37 §3)', () => {
  afterEach(() => {
    clearToasts();
    vi.restoreAllMocks();
  });

  it('starts in one tap and offers to undo exactly that tap for a few seconds', async () => {
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValueOnce(
        envelope(answer('start', 'Started ORD-00071. Paused ORD-00070: one timer runs at a time.')),
      )
      .mockResolvedValueOnce({ success: true, message: 'Undone.' });
    renderControls(undefined);
    expect(screen.getByText('Not started')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Start ${LABEL}` }));
    expect(String(post.mock.calls[0]?.[0])).toBe('work-time/assignments/a-1/start');
    // The switch is said out loud: one timer runs at a time.
    expect(getToasts()[0]).toMatchObject({
      title: 'Started ORD-00071. Paused ORD-00070: one timer runs at a time.',
      duration: WORK_UNDO_TOAST_MS,
    });
    // The toast's button (jsdom cannot lay out Radix's swipe area, so no pointer checks here).
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(getToasts().at(-1)).toMatchObject({ title: 'Undone.' }));
    expect(String(post.mock.calls[1]?.[0])).toBe('work-time/actions/act-start/undo');
  });

  it('shows a running timer with its labour, and pauses it', async () => {
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue(envelope(answer('pause', 'Paused ORD-00071.')));
    renderControls({
      assignmentId: 'a-1',
      seconds: 65 * 60,
      hasStarted: true,
      isRunning: true,
      stoppedNote: null,
    });
    expect(screen.getByText(/Timer running/)).toBeInTheDocument();
    expect(screen.getByText(/Worked 1 h 05 min/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Pause ${LABEL}` }));
    expect(String(post.mock.calls[0]?.[0])).toBe('work-time/assignments/a-1/pause');
  });

  it('says why a timer stopped by itself, and offers to resume it', () => {
    renderControls({
      assignmentId: 'a-1',
      seconds: 30 * 60,
      hasStarted: true,
      isRunning: false,
      stoppedNote: 'Stopped at closing',
    });
    expect(screen.getByText('Worked 30 min · Stopped at closing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Resume ${LABEL}` })).toBeInTheDocument();
  });

  it('finishes and hands back in one tap each', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope(answer('done', 'ORD-00071 done.')));
    renderControls(undefined);
    await userEvent.click(screen.getByRole('button', { name: `Mark ${LABEL} done` }));
    await userEvent.click(screen.getByRole('button', { name: `Hand back ${LABEL}` }));
    expect(post.mock.calls.map((call) => String(call[0]))).toEqual([
      'work-time/assignments/a-1/done',
      'work-time/assignments/a-1/hand-back',
    ]);
    expect(post.mock.calls[1]?.[1]).toEqual({});
  });

  it('sends a note with a hand back when one is written', async () => {
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue(envelope(answer('hand-back', 'ORD-00071 handed back.')));
    renderControls(undefined);
    await userEvent.click(screen.getByRole('button', { name: `Add a note to the hand back of ${LABEL}` }));
    await userEvent.type(
      screen.getByLabelText('Note for the manager, sent with a hand back'),
      'Stone is chipped',
    );
    await userEvent.click(screen.getByRole('button', { name: `Hand back ${LABEL}` }));
    expect(post.mock.calls[0]).toEqual(['work-time/assignments/a-1/hand-back', { note: 'Stone is chipped' }]);
  });
});

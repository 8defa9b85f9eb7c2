import type { TMyWorkTime } from '@loupe/domain/workflow/work-time';
import type { TMyFloor, TMyTasks } from '@loupe/domain/workflow/workflow-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { envelope, mockGet } from '@/test/api-mocks';
import { makeJobState, makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeMyAssignment, makeWorkflowJob } from '../workflow-fixtures';
import { MyWorkCard } from './my-work-card';

function tasksOf(count: number): TMyTasks {
  return {
    assignments: Array.from({ length: count }, (_, index) => {
      const job = makeWorkflowJob({ id: `o-${index}`, number: `ORD-0010${index}` });
      return makeMyAssignment(job, { phaseKey: 'setting', phaseName: 'Stone setting' });
    }),
    responsibleFor: [],
    changedSince: null,
    changes: [],
  };
}

const NO_TIMERS: TMyWorkTime = { running: null, byAssignment: [] };
const NO_FLOOR: TMyFloor = { atMyStations: [], comingNext: [] };

describe('My work (issue 37 §1)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the first five steps given to me, each done in one tap, and links to all of them', async () => {
    mockGet({
      'workflow/my-tasks': envelope(tasksOf(7)),
      'workflow/my-floor': envelope(NO_FLOOR),
      'work-time/mine': envelope(NO_TIMERS),
    });
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope({}));
    renderWithProviders(<MyWorkCard />, { user: makeUser('production'), route: '/dashboard' });
    const list = await screen.findByRole('list', { name: 'My work' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'All my tasks (7)' })).toHaveAttribute('href', '/my-tasks');
    await userEvent.click(within(list).getByRole('button', { name: 'Mark Stone setting of ORD-00100 done' }));
    expect(post).toHaveBeenCalledTimes(1);
    expect(String(post.mock.calls[0]?.[0])).toContain('a-o-0');
  });

  it('says so when nothing is assigned, and has no stations to show', async () => {
    const get = mockGet({
      'workflow/my-tasks': envelope(tasksOf(0)),
      'workflow/my-floor': envelope(NO_FLOOR),
      'work-time/mine': envelope(NO_TIMERS),
    });
    renderWithProviders(<MyWorkCard />, { user: makeUser('qa'), route: '/dashboard' });
    expect(await screen.findByText('Nothing assigned to you')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All my tasks (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /At your stations/ })).not.toBeInTheDocument();
    expect(get.mock.calls.map((call) => call[0])).not.toContain('workflow/my-floor');
  });

  it('lists the pieces at my stations and what comes there next, each linking to its job', async () => {
    const now = Date.now();
    const here = makeWorkflowJob({
      id: 'o-here',
      number: 'ORD-00201',
      productTypeName: 'Signet ring',
      state: makeJobState({ isRush: true }),
      isRush: true,
    });
    const next = makeWorkflowJob({
      id: 'o-next',
      number: 'ORD-00202',
      promisedDate: '2030-03-14',
      workflow: { ...here.workflow, phaseKey: 'casting', phaseName: 'Casting', phaseIndex: 0 },
      location: here.location ? { ...here.location, stationName: 'Kiln' } : null,
    });
    mockGet({
      'workflow/my-tasks': envelope(tasksOf(1)),
      'workflow/my-floor': envelope({
        atMyStations: [{ job: here, arrivedAt: new Date(now - 90 * 60_000).toISOString() }],
        comingNext: [{ job: next, nextPhaseName: 'Bench work' }],
      } satisfies TMyFloor),
      'work-time/mine': envelope(NO_TIMERS),
    });
    renderWithProviders(<MyWorkCard />, { user: makeUser('production'), route: '/dashboard' });

    const stations = await screen.findByRole('list', { name: 'At your stations (1)' });
    const piece = within(stations).getByRole('listitem');
    expect(within(piece).getByRole('link', { name: 'ORD-00201' })).toHaveAttribute('href', '/orders/o-here');
    expect(piece).toHaveTextContent('Signet ring');
    expect(piece).toHaveTextContent(`· ${here.location?.stationName} · here 1 h 30 min`);
    expect(within(piece).getByText('Rush')).toBeInTheDocument();

    const coming = screen.getByRole('list', { name: 'Coming next' });
    const nextRow = within(coming).getByRole('listitem');
    expect(within(nextRow).getByRole('link', { name: 'ORD-00202' })).toHaveAttribute(
      'href',
      '/orders/o-next',
    );
    expect(nextRow).toHaveTextContent('for Bench work');
    expect(nextRow).toHaveTextContent('Now Casting at Kiln');
    expect(nextRow).toHaveTextContent('promised');
  });

  it('says when nothing stands at my stations or comes their way', async () => {
    mockGet({
      'workflow/my-tasks': envelope(tasksOf(1)),
      'workflow/my-floor': envelope(NO_FLOOR),
      'work-time/mine': envelope(NO_TIMERS),
    });
    renderWithProviders(<MyWorkCard />, { user: makeUser('operator'), route: '/dashboard' });
    expect(await screen.findByText('No pieces at your stations right now.')).toBeInTheDocument();
    expect(screen.getByText('Nothing on its way to your stations.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'At your stations (0)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Coming next' })).toBeInTheDocument();
  });
});

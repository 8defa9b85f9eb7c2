import type { TMyWorkTime } from '@loupe/domain/workflow/work-time';
import type { TMyTasks } from '@loupe/domain/workflow/workflow-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { envelope, mockGet } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
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

describe('My work (issue 37 §1)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the first five steps given to me, each done in one tap, and links to all of them', async () => {
    mockGet({ 'workflow/my-tasks': envelope(tasksOf(7)), 'work-time/mine': envelope(NO_TIMERS) });
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope({}));
    renderWithProviders(<MyWorkCard />, { user: makeUser('production'), route: '/dashboard' });
    const list = await screen.findByRole('list', { name: 'My work' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'All my tasks (7)' })).toHaveAttribute('href', '/my-tasks');
    await userEvent.click(within(list).getByRole('button', { name: 'Mark Stone setting of ORD-00100 done' }));
    expect(post).toHaveBeenCalledTimes(1);
    expect(String(post.mock.calls[0]?.[0])).toContain('a-o-0');
  });

  it('says so when nothing is assigned', async () => {
    mockGet({ 'workflow/my-tasks': envelope(tasksOf(0)), 'work-time/mine': envelope(NO_TIMERS) });
    renderWithProviders(<MyWorkCard />, { user: makeUser('qa'), route: '/dashboard' });
    expect(await screen.findByText('Nothing assigned to you')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All my tasks (0)' })).toBeInTheDocument();
  });
});

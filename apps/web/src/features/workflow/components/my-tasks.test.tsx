import type { TMyWorkTime } from '@loupe/domain/workflow/work-time';
import type { TMyTasks } from '@loupe/domain/workflow/workflow-api';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockGet } from '@/test/api-mocks';
import { makeJobState, makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeMyAssignment, makeWorkflowJob } from '../workflow-fixtures';
import { MyTasks } from './my-tasks';

const assignment = (job: ReturnType<typeof makeWorkflowJob>) => makeMyAssignment(job);

const TASKS: TMyTasks = {
  assignments: [
    assignment(
      makeWorkflowJob({
        id: 'o-1',
        number: 'ORD-00071',
        isRush: true,
        state: makeJobState({ isRush: true, isOverdue: true, daysOverdue: 4, due: 'overdue' }),
      }),
    ),
    assignment(makeWorkflowJob({ id: 'o-2', number: 'ORD-00072', state: makeJobState({ isAtRisk: true }) })),
    assignment(makeWorkflowJob({ id: 'o-3', number: 'ORD-00073' })),
  ],
  responsibleFor: [
    makeWorkflowJob({
      id: 'o-4',
      number: 'ORD-00074',
      status: 'ready',
      state: makeJobState({ isInWork: false, due: 'none' }),
    }),
  ],
  changedSince: null,
  changes: [],
};

const NO_TIMERS: TMyWorkTime = { running: null, byAssignment: [] };

describe('My Tasks', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it("marks each task with its job's state in the job views' words, and nothing for one on track", async () => {
    mockGet({ 'workflow/my-tasks': envelope(TASKS), 'work-time/mine': envelope(NO_TIMERS) });
    renderWithProviders(<MyTasks />, { user: makeUser('production'), route: '/my-tasks' });
    await screen.findByRole('link', { name: 'ORD-00071' });
    const row = (number: string) => {
      const item = screen.getByRole('link', { name: number }).closest('li');
      if (!item) throw new Error(`no row for ${number}`);
      return item;
    };
    expect(within(row('ORD-00071')).getByText('Rush')).toBeInTheDocument();
    expect(within(row('ORD-00071')).getByText('Overdue')).toBeInTheDocument();
    expect(row('ORD-00071')).toHaveTextContent('Overdue4 days');
    expect(within(row('ORD-00072')).getByText('At risk')).toBeInTheDocument();
    expect(row('ORD-00073').querySelector('[data-job-state]')).toBeNull();
    expect(within(row('ORD-00074')).getByText('Ready for pickup')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/\blate\b/i);
  });
});

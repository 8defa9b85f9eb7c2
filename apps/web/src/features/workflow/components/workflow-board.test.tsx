import type { TWorkflowBoard, TWorkflowJob, TWorkflowStaff } from '@loupe/domain/workflow/workflow-api';
import { WORKFLOW_DASHBOARD_TEXT } from '@loupe/domain/workflow/workflow-strings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeJobState, makeLocation, makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { BOARD_LAYOUT_STORAGE_KEY } from '../hooks/use-board-layout';
import { WorkflowDashboardRoute } from '../routes/workflow-dashboard-route';
import { makeWorkflowJob } from '../workflow-fixtures';
import { daysInPhase } from './job-card';

const NOW = Date.now();
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

function job(overrides: Partial<TWorkflowJob> & Pick<TWorkflowJob, 'id' | 'number'>): TWorkflowJob {
  return makeWorkflowJob(overrides, new Date(NOW));
}

// The read model's answers: the server says overdue and over its target; the card only shows it.
const OVERDUE = job({
  id: 'o-late',
  number: 'ORD-00061',
  isRush: true,
  promisedDate: '2025-01-06',
  workflow: { ...job({ id: 'x', number: 'x' }).workflow, phaseStartedAt: hoursAgo(50), hoursInPhase: 14.5 },
  state: makeJobState({
    isRush: true,
    isOverdue: true,
    daysOverdue: 3,
    due: 'overdue',
    isOverPhaseTarget: true,
  }),
  prediction: {
    earliest: '2030-01-08T10:00:00.000Z',
    likely: '2030-01-09T10:00:00.000Z',
    latest: '2030-01-11T16:00:00.000Z',
    remainingPhases: 2,
  },
});
const CALM = job({
  id: 'o-calm',
  number: 'ORD-00062',
  workflow: { ...job({ id: 'x', number: 'x' }).workflow, phaseStartedAt: hoursAgo(50) },
  assignment: { id: 'a-1', assignee: { id: 'u-marco', name: 'Marco Bellini' }, dueAt: null },
});

const BOARD: TWorkflowBoard = {
  kind: 'order',
  columns: [
    { key: 'casting', name: 'Casting', targetHours: 8, jobs: [] },
    { key: 'bench', name: 'Bench work', targetHours: 12, jobs: [OVERDUE, CALM] },
    { key: 'qa', name: 'Quality check', targetHours: 2, jobs: [] },
  ],
  generatedAt: new Date(NOW).toISOString(),
};

const PEOPLE: TWorkflowStaff[] = [
  { id: 'u-marco', name: 'Marco Bellini', role: 'production', openAssignments: 3 },
  { id: 'u-hannah', name: 'Hannah Okafor', role: 'production', openAssignments: 0 },
];

function renderBoard(route = '/workflow-dashboard') {
  return renderWithProviders(<WorkflowDashboardRoute />, {
    user: makeUser('manager'),
    route,
    path: '/workflow-dashboard',
  });
}

/** The views the board asked the server for, in order. */
function boardViewsAsked(get: ReturnType<typeof mockGet>): (string | undefined)[] {
  return get.mock.calls
    .filter(([path]) => path === 'workflow/board')
    .map(([, options]) => (options?.searchParams as { view?: string } | undefined)?.view);
}

describe('the Workflow Command Center', () => {
  beforeEach(() => {
    stubPointerApis();
    mockGet({
      'workflow/board': envelope(BOARD),
      'workflow/people': envelope(PEOPLE),
      locations: page([makeLocation({ id: 'LOC001', name: 'Main workshop' })]),
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it("says the spec's words and shows each phase with its jobs in the server's order, with their state in the domain's words", async () => {
    renderBoard();
    expect(
      screen.getByRole('heading', { level: 1, name: WORKFLOW_DASHBOARD_TEXT.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(WORKFLOW_DASHBOARD_TEXT.subtitle)).toBeInTheDocument();
    const bench = await screen.findByRole('region', { name: 'Bench work: 2' });
    const cards = within(bench).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'ORD-00061, Abigail Foster',
      'ORD-00062, Abigail Foster',
    ]);
    const overdue = within(cards[0] as HTMLElement);
    expect(overdue.getByText('Rush')).toBeInTheDocument();
    expect(overdue.getByText('Overdue')).toBeInTheDocument();
    expect(overdue.getByText('3 days')).toBeInTheDocument();
    expect(overdue.getByText('Over phase target')).toBeInTheDocument();
    // Never colour alone: each word is read out with what it means.
    expect(overdue.getByText(': in work and past its promised date')).toHaveClass('sr-only');
    expect(overdue.getByText('2 days in phase')).toBeInTheDocument();
    expect(overdue.getByText('15 h of 12 h target')).toBeInTheDocument();
    expect(overdue.getByText('Promised Jan 6, 2025')).toBeInTheDocument();
    // The card's own prediction, with no separate request for it.
    expect(overdue.getByText(/^Likely Jan 9 \(Jan \d+ – Jan \d+\)$/)).toBeInTheDocument();
    const calm = within(cards[1] as HTMLElement);
    expect(calm.getByText('Marco Bellini')).toBeInTheDocument();
    expect(calm.getByText('10 h of 12 h target')).toBeInTheDocument();
    expect(calm.queryByText('Overdue')).toBeNull();
    expect(calm.queryByText('At risk')).toBeNull();
    expect(screen.queryByText(/\blate\b/i)).toBeNull();
    expect(screen.queryByText(/phase due/i)).toBeNull();
    expect(vi.mocked(apiClient.get).mock.calls.map(([path]) => path)).not.toContain('analytics/predictions');
    expect(screen.getByRole('region', { name: 'Casting: 0' })).toHaveTextContent('Nothing here');
  });

  it('completes a phase in one click and says so', async () => {
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue(envelope({ ...OVERDUE, workflow: { ...OVERDUE.workflow, phaseKey: 'qa' } }));
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Complete Bench work for ORD-00061' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('workflow/jobs/order/o-late/advance', {}, expect.anything()),
    );
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain('Phase completed'));
  });

  it('assigns a selection to the least loaded person offered first, and keeps a refused job selected', async () => {
    const post = vi.spyOn(apiClient, 'post').mockImplementation(async (_path, body) => {
      if ((body as { itemId: string }).itemId === 'o-calm') {
        throw new ApiError({ message: 'Nobody can take this one.', status: 409, code: 'CONFLICT' });
      }
      return envelope({
        id: 'a-new',
        kind: 'order',
        itemId: 'o-late',
        number: 'ORD-00061',
        phaseKey: 'bench',
        phaseName: 'Bench work',
        assignee: { id: 'u-hannah', name: 'Hannah Okafor' },
        assignedBy: null,
        dueAt: null,
        status: 'open',
        createdAt: new Date(NOW).toISOString(),
        completedAt: null,
        nudgeCount: 0,
        lastNudgedAt: null,
        snoozedUntil: null,
        snoozeReason: null,
      });
    });
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole('checkbox', { name: 'Select ORD-00061' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select ORD-00062' }));
    const bar = screen.getByRole('region', { name: 'Selected jobs' });
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Assign the selected jobs' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Hannah OkaforProduction · 0 open',
      'Marco BelliniProduction · 3 open',
    ]);
    await user.click(items[0] as HTMLElement);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post).toHaveBeenCalledWith('workflow/assignments', {
      kind: 'order',
      itemId: 'o-late',
      assigneeId: 'u-hannah',
    });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Selected jobs' })).toHaveTextContent('1 selected'),
    );
    expect(screen.getByRole('checkbox', { name: 'Select ORD-00062' })).toBeChecked();
    expect(getToasts()[0]).toMatchObject({
      title: 'Given to Hannah Okafor (1 of 2 jobs)',
      description: 'Still selected: ORD-00062: Nobody can take this one.',
    });
  });

  it('marks a job rush and expected offsite from its menu', async () => {
    const patch = vi.spyOn(apiClient, 'patch').mockResolvedValue(envelope({}));
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope({}));
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole('button', { name: 'More for ORD-00062' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark rush' }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith('orders/o-calm', { isRush: true }));
    await user.click(screen.getByRole('button', { name: 'More for ORD-00062' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Expected offsite (at a vendor)' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('tracking/orders/o-calm/expected-offsite', { expectedOffsite: true }),
    );
  });

  it.each([
    ['/workflow-dashboard?view=at-risk', 'at-risk', 'At risk'],
    // Links made before the job views still open the view that replaced their due window.
    ['/workflow-dashboard?due=overdue', 'overdue', 'Overdue'],
    ['/workflow-dashboard?due=today', 'due-today', 'Due today'],
    ['/workflow-dashboard?due=week', 'due-this-week', 'Due this week'],
  ])('opens %s on the job view %s', async (route, view, label) => {
    vi.restoreAllMocks();
    stubPointerApis();
    const get = mockGet({
      'workflow/board': envelope(BOARD),
      'workflow/people': envelope(PEOPLE),
      locations: page([]),
    });
    renderBoard(route);
    await screen.findByRole('region', { name: 'Bench work: 2' });
    expect(boardViewsAsked(get)).toEqual([view]);
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveTextContent(label);
  });

  it('offers the job views in their words and asks the server for the one chosen, keeping it in the address', async () => {
    vi.restoreAllMocks();
    stubPointerApis();
    const get = mockGet({
      'workflow/board': envelope(BOARD),
      'workflow/people': envelope(PEOPLE),
      locations: page([]),
    });
    const user = userEvent.setup();
    renderBoard('/workflow-dashboard?due=overdue');
    await screen.findByRole('region', { name: 'Bench work: 2' });
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Every open job',
      'Overdue',
      'Due today',
      'Due this week',
      'At risk',
      'Over phase target',
      'Rush',
      'Offsite',
    ]);
    await user.click(screen.getByRole('option', { name: 'Over phase target' }));
    await waitFor(() => expect(boardViewsAsked(get).at(-1)).toBe('over-phase-target'));
    // The old ?due= gives way to the view.
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
      '/workflow-dashboard?view=over-phase-target',
    );
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Every open job' }));
    await waitFor(() => expect(boardViewsAsked(get).at(-1)).toBeUndefined());
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
      /^\/workflow-dashboard$/,
    );
  });

  it('says which view is empty, in its words', async () => {
    vi.restoreAllMocks();
    mockGet({
      'workflow/board': envelope({
        ...BOARD,
        columns: BOARD.columns.map((column) => ({ ...column, jobs: [] })),
      }),
      'workflow/people': envelope(PEOPLE),
      locations: page([]),
    });
    renderBoard('/workflow-dashboard?view=offsite');
    expect(await screen.findByRole('heading', { name: 'No orders in “Offsite”' })).toBeInTheDocument();
    expect(
      screen.getByText('Offsite: open and out of the building, counted from when it was last seen.'),
    ).toBeInTheDocument();
  });

  it('says so when nothing is open', async () => {
    vi.restoreAllMocks();
    mockGet({
      'workflow/board': envelope({
        ...BOARD,
        columns: BOARD.columns.map((column) => ({ ...column, jobs: [] })),
      }),
      'workflow/people': envelope(PEOPLE),
    });
    renderBoard();
    expect(await screen.findByRole('heading', { name: 'No open orders' })).toBeInTheDocument();
  });

  it("says 'Loading workflow data...' where everyone can read it while the board loads (spec §1)", async () => {
    renderBoard();
    const loading = screen.getByText(WORKFLOW_DASHBOARD_TEXT.loading);
    expect(loading).not.toHaveClass('sr-only');
    expect(screen.getByRole('status', { name: WORKFLOW_DASHBOARD_TEXT.loading })).toContainElement(loading);
    await screen.findByRole('region', { name: 'Bench work: 2' });
    expect(screen.queryByText(WORKFLOW_DASHBOARD_TEXT.loading)).toBeNull();
  });
});

describe('the Command Center as a list', () => {
  beforeEach(() => {
    stubPointerApis();
    mockGet({
      'workflow/board': envelope(BOARD),
      'workflow/people': envelope(PEOPLE),
      locations: page([]),
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.removeItem(BOARD_LAYOUT_STORAGE_KEY);
  });

  it('lists the same jobs one line each with phase, promised date and state, chosen by keyboard and remembered', async () => {
    const user = userEvent.setup();
    const { unmount } = renderBoard();
    await screen.findByRole('region', { name: 'Bench work: 2' });
    // The tabs take the arrow keys: Board → List.
    await user.click(screen.getByRole('tab', { name: 'Board' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
    const table = screen.getByRole('table', { name: 'Jobs by phase' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        '',
        'ORD-00061',
        'Abigail Foster',
        'Bench work',
        'Jan 6, 2025',
        expect.stringMatching(/^Rush.*Overdue3 days.*Over phase target/),
        'Unassigned',
        '',
      ],
      ['', 'ORD-00062', 'Abigail Foster', 'Bench work', 'Jan 10, 2030', '', 'Marco Bellini', ''],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'ORD-00061' })).toHaveAttribute(
      'href',
      '/orders/o-late',
    );
    expect(localStorage.getItem(BOARD_LAYOUT_STORAGE_KEY)).toBe('list');

    // A selection in the list is the board's selection, with its bulk actions.
    await user.click(within(rows[1] as HTMLElement).getByRole('checkbox', { name: 'Select ORD-00062' }));
    expect(screen.getByRole('region', { name: 'Selected jobs' })).toHaveTextContent('1 selected');

    // Opened again, the board comes back as the list.
    unmount();
    renderBoard();
    expect(await screen.findByRole('table', { name: 'Jobs by phase' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('daysInPhase', () => {
  it('counts whole calendar days since the phase started', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const at = (iso: string) => ({ workflow: { ...OVERDUE.workflow, phaseStartedAt: iso } });
    expect(daysInPhase(at('2026-11-26T08:00:00Z'), now)).toBe('Started today');
    expect(daysInPhase(at('2026-11-25T08:00:00Z'), now)).toBe('1 day in phase');
    expect(daysInPhase(at('2026-11-20T12:00:00Z'), now)).toBe('6 days in phase');
  });
});

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
import { makeLocation, makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { WorkflowDashboardRoute } from '../routes/workflow-dashboard-route';
import { daysInPhase } from './job-card';

const NOW = Date.now();
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

function job(overrides: Partial<TWorkflowJob> & Pick<TWorkflowJob, 'id' | 'number'>): TWorkflowJob {
  return {
    kind: 'order',
    customerName: 'Abigail Foster',
    description: 'Halo engagement ring',
    productTypeName: 'Ring',
    status: 'in_production',
    isRush: false,
    promisedDate: '2030-01-10',
    salesperson: { id: 'sp-1', name: 'Sam Seller' },
    workflow: {
      phaseKey: 'bench',
      phaseName: 'Bench work',
      phaseIndex: 1,
      phaseCount: 3,
      phaseStartedAt: hoursAgo(50),
      phaseDueAt: '2030-01-09T17:00:00.000Z',
      hoursInPhase: 12,
      targetHours: 12,
      reworkCount: 0,
      isComplete: false,
    },
    urgency: 'on-track',
    location: {
      departmentId: 'D-BENCH',
      departmentName: 'Bench',
      stationId: 'S-1',
      stationName: 'Bench 1',
      trackingStatus: 'active',
      expectedOffsite: false,
    },
    assignment: null,
    ...overrides,
  };
}

const LATE = job({ id: 'o-late', number: 'ORD-00061', isRush: true, urgency: 'late' });
const CALM = job({
  id: 'o-calm',
  number: 'ORD-00062',
  assignment: { id: 'a-1', assignee: { id: 'u-marco', name: 'Marco Bellini' }, dueAt: null },
});

const BOARD: TWorkflowBoard = {
  kind: 'order',
  columns: [
    { key: 'casting', name: 'Casting', targetHours: 8, jobs: [] },
    { key: 'bench', name: 'Bench work', targetHours: 12, jobs: [LATE, CALM] },
    { key: 'qa', name: 'Quality check', targetHours: 2, jobs: [] },
  ],
  generatedAt: new Date(NOW).toISOString(),
};

const PEOPLE: TWorkflowStaff[] = [
  { id: 'u-marco', name: 'Marco Bellini', role: 'production', openAssignments: 3 },
  { id: 'u-hannah', name: 'Hannah Okafor', role: 'production', openAssignments: 0 },
];

function renderBoard() {
  return renderWithProviders(<WorkflowDashboardRoute />, {
    user: makeUser('manager'),
    route: '/workflow-dashboard',
  });
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

  it("says the spec's words and shows each phase with its jobs, rush and late first", async () => {
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
    expect(within(cards[0] as HTMLElement).getByText('Late')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('Rush')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('2 days in phase')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Marco Bellini')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Casting: 0' })).toHaveTextContent('Nothing here');
  });

  it('completes a phase in one click and says so', async () => {
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue(envelope({ ...LATE, workflow: { ...LATE.workflow, phaseKey: 'qa' } }));
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
});

describe('daysInPhase', () => {
  it('counts whole calendar days since the phase started', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const at = (iso: string) => ({ workflow: { ...LATE.workflow, phaseStartedAt: iso } });
    expect(daysInPhase(at('2026-11-26T08:00:00Z'), now)).toBe('Started today');
    expect(daysInPhase(at('2026-11-25T08:00:00Z'), now)).toBe('1 day in phase');
    expect(daysInPhase(at('2026-11-20T12:00:00Z'), now)).toBe('6 days in phase');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { mockGet, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeJobState, makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { JOB_ROW_HEIGHT as REPAIR_ROW_HEIGHT } from '../../../components/list/job-row';
import { listItem } from '../repair-fixtures';
import { RepairsList } from './repairs-list';

const VIEWPORT_PX = 640;

function renderList(role: Parameters<typeof makeUser>[0] = 'operator', route = '/repairs') {
  return renderWithProviders(<RepairsList />, {
    user: makeUser(role),
    route,
    otherRoutes: ['/repairs/new', '/repairs/:repairId'],
  });
}

/** The list's own last request, not the predictions it asks for its open repairs. */
function searchParamsOfLastCall(): Record<string, unknown> {
  const call = vi
    .mocked(apiClient.get)
    .mock.calls.filter(([path]) => path === 'repairs')
    .at(-1);
  return (call?.[1]?.searchParams ?? {}) as Record<string, unknown>;
}

describe('RepairsList', { timeout: 20_000 }, () => {
  beforeEach(() => {
    stubPointerApis();
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT_PX);
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders only a window of rows for 10,000 repairs and loads the next page at the end', async () => {
    const first = Array.from({ length: 10_000 }, (_, index) => listItem(index));
    mockGet({
      repairs: (options: { searchParams?: { cursor?: string } } | undefined) =>
        options?.searchParams?.cursor === 'next'
          ? page([listItem(10_000)], null, 10_001)
          : page(first, 'next', 10_001),
    });
    renderList();
    expect(await screen.findByText('10,001 repairs')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Repairs' });
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(40);
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '10001');

    const scroller = list.parentElement as HTMLElement;
    scroller.scrollTop = first.length * REPAIR_ROW_HEIGHT.wide - VIEWPORT_PX;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(searchParamsOfLastCall().cursor).toBe('next'));
    expect(await within(list).findByText('REP-10001')).toBeInTheDocument();
  });

  it('sends the search to the server', async () => {
    mockGet({ repairs: page([listItem(0)]) });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('1 repair');
    await user.type(screen.getByRole('searchbox', { name: 'Search repairs' }), 'chain');
    await waitFor(() => expect(searchParamsOfLastCall().q).toBe('chain'));
  });

  it('shows the item, the estimate and "Not tagged"', async () => {
    mockGet({ repairs: page([listItem(0, { isRush: true, status: 'in_progress' })]) });
    renderList();
    const row = await screen.findByRole('link', { name: /REP-00001/ });
    expect(row).toHaveTextContent('Ring 1');
    expect(row).toHaveTextContent('In progress');
    expect(row).toHaveTextContent('Rush');
    expect(row).toHaveTextContent('$80.00');
    expect(row).toHaveTextContent('Not tagged');
  });

  it.each([
    ['operator', true],
    ['production', true],
    ['manager', true],
    ['admin', true],
    ['salesperson', false],
  ] as const)('the %s role sees the "New repair" button: %s', async (role, expected) => {
    mockGet({ repairs: page([listItem(0)]) });
    renderList(role);
    await screen.findByText('1 repair');
    expect(screen.queryByRole('link', { name: 'New repair' }) !== null).toBe(expected);
  });

  it('tells a salesperson there are no repairs yet, without offering to take one in', async () => {
    mockGet({ repairs: page([]) });
    renderList('salesperson');
    expect(await screen.findByRole('heading', { name: 'No repairs yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New repair' })).not.toBeInTheDocument();
  });

  it('asks for the job view in the address, shows its word and the state of each repair', async () => {
    mockGet({
      repairs: page([
        listItem(0, {
          state: makeJobState({ isOffsite: true, offsiteSince: '2025-06-14T18:00:00.000Z' }),
        }),
      ]),
    });
    renderList('operator', '/repairs?view=offsite');
    const row = await screen.findByRole('link', { name: /REP-00001/ });
    expect(searchParamsOfLastCall()).toMatchObject({ view: 'offsite' });
    expect(within(row).getByText('Offsite')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove the filter Offsite' })).toBeInTheDocument();
  });

  it('says no repair is in a view, and clears it', async () => {
    mockGet({ repairs: page([]) });
    const user = userEvent.setup();
    renderList('operator', '/repairs?view=at-risk');
    expect(
      await screen.findByRole('heading', { name: 'No repairs match these filters' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(searchParamsOfLastCall().view).toBeUndefined());
  });

  it('says no repair matches the filters', async () => {
    mockGet({ repairs: page([]) });
    renderList('operator', '/repairs?status=ready');
    expect(
      await screen.findByRole('heading', { name: 'No repairs match these filters' }),
    ).toBeInTheDocument();
    expect(searchParamsOfLastCall().status).toBe('ready');
  });
});

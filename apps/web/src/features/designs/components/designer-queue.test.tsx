import type { TDesignRequestSummary } from '@loupe/domain/designs/design-requests';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DesignerQueue } from './designer-queue';

function request(
  overrides: Partial<TDesignRequestSummary> & Pick<TDesignRequestSummary, 'id' | 'orderNumber'>,
) {
  return {
    orderId: `order-${overrides.id}`,
    customerName: 'Abigail Foster',
    status: 'new',
    brief: '',
    designer: null,
    salesperson: null,
    dueDate: null,
    revisionCount: 0,
    column: overrides.status ?? 'new',
    orderPhase: { key: 'design', name: 'Design' },
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: '2030-01-01T10:00:00.000Z',
    ...overrides,
  } satisfies TDesignRequestSummary;
}

describe('DesignerQueue (issue 17 §2)', () => {
  it('shows one column per status, each with its requests, due dates and designer', () => {
    render(
      <DesignerQueue
        requests={[
          request({ id: 'a', orderNumber: 'ORD-1', dueDate: '2030-02-03' }),
          request({
            id: 'b',
            orderNumber: 'ORD-2',
            status: 'waiting-for-customer',
            designer: { id: 'd', name: 'Dana Designer' },
            revisionCount: 2,
          }),
        ]}
        selectedId={null}
        onSelect={() => {}}
      />,
    );
    const columns = screen
      .getAllByRole('region')
      .map((region) => within(region).getByRole('heading').textContent);
    expect(columns).toEqual([
      'New1',
      'In progress0',
      'Waiting for the customer1',
      'Changes requested0',
      'Approved0',
      'Past design0',
    ]);
    const fresh = within(screen.getByRole('region', { name: /^New/ })).getByRole('button');
    expect(fresh).toHaveTextContent('ORD-1');
    expect(fresh).toHaveTextContent('Unassigned');
    expect(fresh).toHaveTextContent(/Due .*2030/);
    const waiting = within(screen.getByRole('region', { name: /^Waiting/ })).getByRole('button');
    expect(waiting).toHaveTextContent('Dana Designer');
    expect(waiting).toHaveTextContent('2 revisions');
  });

  it('holds exactly what each count says, by the column the server gave (issue 35 §7)', () => {
    render(
      <DesignerQueue
        requests={[
          request({ id: 'a', orderNumber: 'ORD-1', status: 'approved', column: 'approved' }),
          request({
            id: 'b',
            orderNumber: 'ORD-2',
            status: 'approved',
            column: 'approved',
            orderPhase: { key: 'qa', name: 'Quality check' },
          }),
          // A request never answered whose order went on to QA: out of New, with its order.
          request({
            id: 'c',
            orderNumber: 'ORD-3',
            status: 'new',
            column: 'past-design',
            orderPhase: { key: 'qa', name: 'Quality check' },
          }),
          request({ id: 'd', orderNumber: 'ORD-4' }),
        ]}
        selectedId={null}
        onSelect={() => {}}
      />,
    );
    for (const region of screen.getAllByRole('region')) {
      const count = Number(within(region).getByRole('heading').querySelector('span')?.textContent);
      expect(within(region).queryAllByRole('button')).toHaveLength(count);
    }
    const approved = screen.getByRole('region', { name: /^Approved/ });
    expect(
      within(approved)
        .getAllByRole('button')
        .map((card) => card.textContent),
    ).toEqual([expect.stringContaining('ORD-1'), expect.stringContaining('ORD-2')]);
    const past = within(screen.getByRole('region', { name: /^Past design/ })).getByRole('button');
    expect(past).toHaveTextContent('ORD-3');
    expect(past).toHaveTextContent('Order at Quality check');
    expect(within(screen.getByRole('region', { name: /^New/ })).getAllByRole('button')).toHaveLength(1);
  });

  it('selects a request by its card', async () => {
    const onSelect = vi.fn();
    render(
      <DesignerQueue
        requests={[request({ id: 'a', orderNumber: 'ORD-1' })]}
        selectedId="a"
        onSelect={onSelect}
      />,
    );
    const card = screen.getByRole('button', { name: /ORD-1/ });
    expect(card).toHaveAttribute('aria-current', 'true');
    await userEvent.click(card);
    expect(onSelect).toHaveBeenCalledWith('a');
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockGet } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { WorkflowTiles, workflowTilesFor } from './workflow-tiles';

const SUMMARY = {
  overdue: 3,
  dueToday: 2,
  dueThisWeek: 9,
  rush: 4,
  readyForPickup: 5,
  awaitingApproval: 1,
  offsite: 2,
};

describe('the workflow tiles', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lead a manager to the Command Center and a salesperson to the filtered orders', () => {
    const manager = Object.fromEntries(
      workflowTilesFor(makeUser('manager')).map((tile) => [tile.key, tile.to]),
    );
    expect(manager).toMatchObject({
      overdue: '/workflow-dashboard?due=overdue',
      rush: '/orders?isRush=true',
      readyForPickup: '/orders?status=ready',
      offsite: '/offsite',
    });
    const production = Object.fromEntries(
      workflowTilesFor(makeUser('production')).map((tile) => [tile.key, tile.to]),
    );
    expect(production).toMatchObject({ overdue: '/orders?sort=promised', offsite: null });
  });

  it('show each count, overdue in red when there is any', async () => {
    mockGet({ 'workflow/summary': envelope(SUMMARY) });
    renderWithProviders(<WorkflowTiles actor={makeUser('manager')} />, {
      user: makeUser('manager'),
      route: '/dashboard',
    });
    const overdue = await screen.findByRole('link', { name: 'Overdue: 3' });
    expect(overdue).toHaveAttribute('href', '/workflow-dashboard?due=overdue');
    expect(overdue.querySelector('.text-destructive')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ready for pickup: 5' })).toHaveAttribute(
      'href',
      '/orders?status=ready',
    );
  });
});

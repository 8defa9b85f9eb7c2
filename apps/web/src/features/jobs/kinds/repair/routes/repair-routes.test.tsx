import { WORKSHOP_DEFAULTS } from '@loupe/domain/settings/workshop-defaults';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeRepair, REPAIR_ID } from '../repair-fixtures';
import { RepairEditRoute } from './repair-edit-route';
import { RepairNewRoute } from './repair-new-route';

function mockFormData() {
  return mockGet({
    [`repairs/${REPAIR_ID}`]: envelope(makeRepair()),
    'settings/workshop-defaults': envelope(WORKSHOP_DEFAULTS),
    customers: page([]),
  });
}

describe('repair form routes', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells a salesperson they cannot take in repairs', () => {
    mockFormData();
    renderWithProviders(<RepairNewRoute />, {
      user: makeUser('salesperson'),
      route: '/repairs/new',
      path: '/repairs/new',
    });
    expect(screen.getByRole('heading', { name: "You can't take in repairs" })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New repair' })).not.toBeInTheDocument();
  });

  it('loads the repair into the edit form for production staff', async () => {
    mockFormData();
    renderWithProviders(<RepairEditRoute />, {
      user: makeUser('production'),
      route: `/repairs/${REPAIR_ID}/edit`,
      path: '/repairs/:repairId/edit',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit REP-00007' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Item description' })).toHaveValue(
      'White gold ring, 1 ct diamond',
    );
  });
});

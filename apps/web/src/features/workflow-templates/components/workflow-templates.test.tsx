import type { TWorkflowTemplate } from '@loupe/domain/workflow/workflow-template';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeDepartment, makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { WORKFLOW_SAVED } from './template-form';
import { WorkflowTemplates } from './workflow-templates';

const phase = (key: string, name: string, departmentIds: string[] = []) => ({
  key,
  name,
  departmentIds,
  targetHours: 8,
  completerRoles: ['production' as const],
  needsSignOff: false,
});

const ORDERS: TWorkflowTemplate = {
  id: 'tpl-orders',
  kind: 'order',
  productTypeId: null,
  name: 'Custom orders',
  phases: [
    phase('casting', 'Casting', ['DEPT101']),
    phase('polishing', 'Polishing'),
    phase('qa', 'Quality check'),
  ],
  repairTypeSteps: [],
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const REPAIRS: TWorkflowTemplate = {
  ...ORDERS,
  id: 'tpl-repairs',
  kind: 'repair',
  name: 'Repairs',
  phases: [phase('bench', 'Bench repair'), phase('qa', 'Quality check')],
};

describe('Settings › orders › Workflows', () => {
  beforeEach(() => {
    stubPointerApis();
    mockGet({
      'workflow/templates': envelope([ORDERS, REPAIRS]),
      'catalog/product-types': page([
        {
          id: '6a1f0c3e-0000-4000-8000-000000000001',
          name: 'Signet ring',
          isActive: true,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ]),
      departments: page([
        makeDepartment({ id: 'DEPT101', name: 'Casting', locationId: 'LOC001' }),
        makeDepartment({ id: 'DEPT102', name: 'Polishing', locationId: 'LOC001' }),
      ]),
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('edits, reorders and removes phases, refuses a bad target, then saves the list', async () => {
    const put = vi
      .spyOn(apiClient, 'put')
      .mockImplementation(async (_path, body) => envelope({ ...ORDERS, ...(body as object) }));
    const user = userEvent.setup();
    renderWithProviders(<WorkflowTemplates />, { user: makeUser('manager'), route: '/settings/orders' });
    const form = await screen.findByRole('form', { name: 'Custom orders workflow' });
    expect(within(form).queryByText('Extra steps by repair type')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Departments of Casting' })).toHaveTextContent('Casting');

    const polishing = within(form).getByRole('listitem', { name: 'Phase 2: Polishing' });
    await user.click(within(polishing).getByRole('button', { name: 'Departments of Polishing' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Polishing' }));
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('button', { name: 'Move Quality check up' }));
    await user.click(within(form).getByRole('button', { name: 'Remove Quality check' }));
    const target = within(form).getAllByLabelText('Target (working hours)')[0] as HTMLElement;
    await user.clear(target);
    await user.type(target, 'soon');
    await user.click(within(form).getByRole('button', { name: 'Save custom orders workflow' }));
    expect(within(form).getByText('Between 0.25 and 2000 working hours')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await user.clear(target);
    await user.type(target, '6.5');
    await user.click(within(form).getByRole('button', { name: 'Save custom orders workflow' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const [path, body] = put.mock.calls[0] ?? [];
    expect(path).toBe('workflow/templates/tpl-orders');
    expect(
      (body as { phases: { key: string; targetHours: number; departmentIds: string[] }[] }).phases,
    ).toEqual([
      expect.objectContaining({ key: 'casting', targetHours: 6.5, departmentIds: ['DEPT101'] }),
      expect.objectContaining({ key: 'polishing', departmentIds: ['DEPT102'] }),
    ]);
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(WORKFLOW_SAVED));
  });

  it('adds an extra step for a repair type before the phase chosen', async () => {
    const put = vi
      .spyOn(apiClient, 'put')
      .mockImplementation(async (_path, body) => envelope({ ...REPAIRS, ...(body as object) }));
    const user = userEvent.setup();
    renderWithProviders(<WorkflowTemplates />, { user: makeUser('manager'), route: '/settings/orders' });
    const form = await screen.findByRole('form', { name: 'Repairs workflow' });
    await user.click(within(form).getByRole('button', { name: 'Add an extra step' }));
    const extra = within(form).getByRole('group', { name: 'Extra step 1' });
    await user.type(within(extra).getByLabelText('Step'), 'Rhodium plating');
    await user.click(within(form).getByRole('button', { name: 'Save repairs workflow' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]?.[1]).toMatchObject({
      repairTypeSteps: [
        { repairType: 'sizing', before: 'qa', phase: { key: 'rhodium-plating', name: 'Rhodium plating' } },
      ],
    });
  });

  it('gives a product type a workflow of its own', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(
      envelope({
        ...ORDERS,
        id: 'tpl-signet',
        name: 'Signet ring',
        productTypeId: '6a1f0c3e-0000-4000-8000-000000000001',
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<WorkflowTemplates />, { user: makeUser('manager'), route: '/settings/orders' });
    await user.click(await screen.findByRole('button', { name: 'Give it its own workflow' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('workflow/templates', {
        productTypeId: '6a1f0c3e-0000-4000-8000-000000000001',
      }),
    );
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.title)).toContain('Signet ring has a workflow of its own'),
    );
  });
});

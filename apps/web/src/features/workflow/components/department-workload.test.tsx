import type { TDepartmentWorkload, TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeJobState, makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeWorkflowJob } from '../workflow-fixtures';
import { DepartmentWorkload } from './department-workload';

const job = (id: string, number: string, hoursInPhase: number): TWorkflowJob =>
  makeWorkflowJob({
    id,
    number,
    customerName: 'Evelyn Moreau',
    description: 'Wedding band',
    promisedDate: null,
    salesperson: null,
    workflow: {
      ...makeWorkflowJob({ id, number }).workflow,
      phaseIndex: 0,
      phaseCount: 2,
      hoursInPhase,
      targetHours: 6,
    },
    // The read model's answer: over its phase's 6 h target after 9 h.
    state: makeJobState({ isOverPhaseTarget: hoursInPhase > 6 }),
    location: null,
  });

const WORKLOAD: TDepartmentWorkload = {
  department: { id: 'D-BENCH', name: 'Bench' },
  stations: [
    {
      id: 'S-1',
      name: 'Bench 1',
      jewelerName: 'Marco Bellini',
      specialization: 'Ring fabrication',
      status: null,
      isActive: true,
      jobs: [job('o-1', 'ORD-00001', 9), job('o-2', 'ORD-00002', 1)],
      loadHours: 5,
      overPhaseTarget: 1,
    },
    {
      id: 'S-2',
      name: 'Bench 2',
      jewelerName: null,
      specialization: null,
      status: null,
      isActive: false,
      jobs: [],
      loadHours: 0,
      overPhaseTarget: 0,
    },
  ],
  incoming: [],
  people: [{ id: 'u-1', name: 'Hannah Okafor', role: 'production', openAssignments: 2 }],
};

describe('DepartmentWorkload', () => {
  it("shows each station's jeweler, queue, load against a day and what is over its phase target", () => {
    renderWithProviders(<DepartmentWorkload workload={WORKLOAD} />, {
      user: makeUser('manager'),
      route: '/manager-department',
    });
    const bench1 = screen.getByRole('region', { name: 'Station Bench 1' });
    expect(bench1).toHaveTextContent('Marco Bellini · Ring fabrication');
    expect(bench1).toHaveTextContent('2 pieces here');
    expect(bench1).toHaveTextContent('5 h of work · 8 h a day');
    expect(within(bench1).getByText('1 over phase target')).toBeInTheDocument();
    const lines = within(bench1).getAllByRole('listitem');
    expect(within(lines[0] as HTMLElement).getByText('Over phase target')).toBeInTheDocument();
    expect(lines[0]).toHaveTextContent('9 h of 6 h target');
    expect(within(lines[1] as HTMLElement).queryByText('Over phase target')).toBeNull();
    expect(lines[1]).toHaveTextContent('1 h of 6 h target');
    expect(screen.queryByText(/stuck/i)).toBeNull();
    const bench2 = screen.getByRole('region', { name: 'Station Bench 2' });
    expect(bench2).toHaveTextContent('Inactive');
    expect(bench2).toHaveTextContent('Nothing at this station.');
    expect(screen.getByRole('region', { name: 'Coming next' })).toHaveTextContent('Nothing on its way in.');
  });
});

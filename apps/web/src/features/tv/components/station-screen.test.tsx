import type { TStationScreen, TStationScreenPiece } from '@loupe/domain/tv/tv-displays';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeJobState } from '@/test/factories';
import { StationScreen } from './station-screen';

function piece(overrides: Partial<TStationScreenPiece> & Pick<TStationScreenPiece, 'id' | 'number'>) {
  return {
    kind: 'order',
    customerFirstName: 'Abigail',
    product: 'Ring',
    metal: '18k gold',
    promisedDate: '2030-01-10',
    isRush: false,
    arrivedAt: null,
    stationName: 'Bench 3',
    phaseName: 'Bench work',
    nextPhaseName: null,
    state: makeJobState(),
    ...overrides,
  } satisfies TStationScreenPiece;
}

const SCREEN: TStationScreen = {
  station: { id: 'S-3', name: 'Bench 3', jewelerName: 'Rosa Quint', departmentName: 'Bench' },
  here: [
    // Overdue by the read model (its zone's calendar), whatever this browser's date says.
    piece({
      id: 'o1',
      number: 'ORD-00041',
      promisedDate: '2999-01-01',
      state: makeJobState({ isOverdue: true, daysOverdue: 2, due: 'overdue' }),
    }),
    // Past in any browser, yet not overdue: the read model says it is in work and due today.
    piece({
      id: 'o2',
      number: 'ORD-00042',
      promisedDate: '2000-01-01',
      state: makeJobState({ due: 'today' }),
    }),
  ],
  dueNext: [piece({ id: 'o3', number: 'ORD-00043', state: makeJobState({ isRush: true, isAtRisk: true }) })],
  finishedToday: 1,
  generatedAt: '2026-11-28T08:00:00.000Z',
};

describe('StationScreen', () => {
  it("shows each piece's state from the server in the job views' words, never 'Was due'", () => {
    render(<StationScreen screen={SCREEN} connection="live" />);
    const here = screen.getByRole('list', { name: 'Pieces at this station' });
    const overdue = within(here).getByRole('listitem', { name: 'ORD-00041' });
    expect(within(overdue).getByText('Overdue')).toBeInTheDocument();
    expect(overdue).toHaveTextContent('Promised Jan 1, 2999');
    expect(overdue).toHaveClass('border-destructive');
    const onTime = within(here).getByRole('listitem', { name: 'ORD-00042' });
    expect(within(onTime).queryByText('Overdue')).toBeNull();
    expect(onTime).toHaveTextContent('Promised Jan 1, 2000');
    expect(onTime).not.toHaveClass('border-destructive');
    const next = screen.getByRole('list', { name: 'Pieces coming next' });
    expect(within(next).getByText('Rush')).toBeInTheDocument();
    expect(within(next).getByText('At risk')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/was due|\blate\b/i);
  });
});

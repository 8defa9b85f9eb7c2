import type { TStationScreen, TStationScreenPiece } from '@loupe/domain/tv/tv-displays';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
  station: {
    id: 'S-3',
    departmentId: 'D-1',
    name: 'Bench 3',
    jewelerName: 'Rosa Quint',
    departmentName: 'Bench',
  },
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
  timers: [],
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

describe('StationScreen work timers (issue 37 §3)', () => {
  it('names who works on a piece with a time that ticks, and where to start and stop work', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      vi.setSystemTime(new Date('2026-11-28T10:25:13.000Z'));
      render(
        <StationScreen
          screen={{
            ...SCREEN,
            timers: [
              {
                kind: 'order',
                itemId: 'o1',
                personName: 'Marco Bench',
                phaseName: 'Bench work',
                startedAt: '2026-11-28T10:00:00.000Z',
              },
            ],
          }}
          connection="live"
        />,
      );
      const here = screen.getByRole('list', { name: 'Pieces at this station' });
      const worked = within(here).getByRole('listitem', { name: 'ORD-00041' });
      const timers = within(worked).getByRole('list', { name: 'Working on it now' });
      expect(timers).toHaveTextContent('Marco Bench25:13');
      act(() => vi.advanceTimersByTime(2_000));
      expect(timers).toHaveTextContent('Marco Bench25:15');
      // Nobody on the other piece.
      const idle = within(here).getByRole('listitem', { name: 'ORD-00042' });
      expect(within(idle).queryByRole('list', { name: 'Working on it now' })).toBeNull();
      // A TV cannot be touched: it says where the kiosk is.
      expect(document.body).toHaveTextContent(
        `Start and stop work on the kiosk of Bench 3: ${window.location.origin}/departments/D-1/stations/S-3 › Kiosk`,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * jsdom has no layout: a station box 600 px high, cards 200 px and rows 100 px, so that 30 pieces overflow
 * as cards and the rows come six to a page. Returns the undo.
 */
function stubStationLayout(): () => void {
  const properties = ['clientHeight', 'scrollHeight', 'offsetHeight'] as const;
  const saved = properties.map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  const define = (name: (typeof properties)[number], get: (element: HTMLElement) => number) =>
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return get(this);
      },
    });
  define('clientHeight', () => 600);
  define('scrollHeight', (element) => (element.tagName === 'UL' ? element.children.length * 200 : 0));
  define('offsetHeight', (element) => (element.tagName === 'LI' ? 100 : 0));
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
      else Reflect.deleteProperty(HTMLElement.prototype, name);
    }
  };
}

describe('StationScreen with more pieces than cards can show (issue 37 §2)', () => {
  it('keeps each piece on screen the same element when another arrives, so only the newcomer animates in', () => {
    const undo = stubStationLayout();
    try {
      const pieces = Array.from({ length: 30 }, (_, index) =>
        piece({ id: `p${index}`, number: `ORD-${String(index + 1).padStart(5, '0')}` }),
      );
      const { rerender } = render(<StationScreen screen={{ ...SCREEN, here: pieces }} connection="live" />);
      const list = screen.getByRole('list', { name: 'Pieces at this station' });
      const before = within(list).getAllByRole('listitem');
      expect(before.map((item) => item.getAttribute('aria-label'))).toEqual(
        pieces.slice(0, 6).map((entry) => entry.number),
      );
      expect(screen.getByText('Page 1 of 5')).toBeInTheDocument();

      // A 31st piece arrives: the layout is measured again (cards, then rows) for the new count.
      const arrived = piece({ id: 'p30', number: 'ORD-00031' });
      rerender(<StationScreen screen={{ ...SCREEN, here: [...pieces, arrived] }} connection="live" />);
      expect(screen.getByText('Page 1 of 6')).toBeInTheDocument();
      const after = within(list).getAllByRole('listitem');
      expect(after).toHaveLength(6);
      after.forEach((item, index) => {
        expect(item, `${item.getAttribute('aria-label')} was drawn anew`).toBe(before[index]);
      });
    } finally {
      undo();
    }
  });
});

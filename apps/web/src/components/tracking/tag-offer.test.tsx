import type { TTrackedItemSummary } from '@loupe/domain/tracking/tracking-api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeContext, type TRealtimeContext } from '@/lib/realtime/realtime-context';
import { fakeRealtime } from '@/test/fake-realtime';
import { TAG_OFFER_LABEL, USE_THIS_TAG } from './tag-offer';
import { TrackingPanel, type TTrackingPanelProps } from './tracking-panel';

const EPC = 'E28011606000020800000001';
const NOW = new Date();

function tagRead(overrides: Record<string, unknown> = {}) {
  return {
    epc: EPC,
    readerId: 'intake-1',
    antenna: 2,
    timestamp: new Date().toISOString(),
    isTagAssignment: true,
    ...overrides,
  };
}

const TRACKING: TTrackedItemSummary = {
  epc: EPC,
  status: 'active',
  departmentId: 'DEPT001',
  departmentName: 'Casting',
  stationId: 'STATION000001',
  stationName: 'Bench 1',
  arrivedAt: null,
  lastSeen: null,
  offsiteDetectedAt: null,
  offsiteReturnedAt: null,
  isExpectedOffsite: false,
};

function renderPanel(realtime: TRealtimeContext | null, props: Partial<TTrackingPanelProps> = {}) {
  const onAssign = vi.fn(async (_epc: string) => {});
  const view = render(
    // A router: the panel links the place a piece is to its station's page.
    <MemoryRouter>
      <RealtimeContext.Provider value={realtime}>
        <TrackingPanel
          itemNoun="order"
          tracking={null}
          now={NOW}
          canAssign
          canStop
          canManageOffsite
          onAssign={onAssign}
          onStop={async () => {}}
          onExpectedOffsiteChange={async () => {}}
          onReturn={async () => {}}
          {...props}
        />
      </RealtimeContext.Provider>
    </MemoryRouter>,
  );
  return { ...view, onAssign };
}

describe('the tag just placed, offered on an order or repair screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers a tag read at a tag-assignment antenna; using it fills the EPC and assigns nothing', async () => {
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    const { onAssign } = renderPanel(realtime.context);
    expect(screen.queryByRole('region', { name: TAG_OFFER_LABEL })).toBeNull();

    realtime.emit('rfid:tag-read', tagRead());
    const offer = screen.getByRole('region', { name: TAG_OFFER_LABEL });
    expect(offer).toHaveTextContent(`Tag ${EPC} just placed on reader intake-1 (antenna 2).`);

    await user.click(within(offer).getByRole('button', { name: USE_THIS_TAG }));
    const field = screen.getByRole('textbox', { name: 'Tag EPC' });
    expect(field).toHaveValue(EPC);
    expect(field).toHaveFocus();
    expect(onAssign).not.toHaveBeenCalled();
    // Filled: nothing left to offer.
    expect(screen.queryByRole('region', { name: TAG_OFFER_LABEL })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Assign tag' }));
    expect(onAssign).toHaveBeenCalledWith(EPC);
  });

  it('offers the tag no more once it is assigned, on this screen or the next', async () => {
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    const first = renderPanel(realtime.context);
    realtime.emit('rfid:tag-read', tagRead());
    await user.click(screen.getByRole('button', { name: USE_THIS_TAG }));
    await user.click(screen.getByRole('button', { name: 'Assign tag' }));
    expect(first.onAssign).toHaveBeenCalledWith(EPC);
    expect(screen.queryByRole('region', { name: TAG_OFFER_LABEL })).toBeNull();
    first.unmount();

    renderPanel(realtime.context);
    expect(screen.queryByRole('region', { name: TAG_OFFER_LABEL })).toBeNull();
  });

  it('still offers a tag placed before the screen opened, and only the most recent one', () => {
    const realtime = fakeRealtime();
    const first = renderPanel(realtime.context);
    realtime.emit('rfid:tag-read', tagRead({ epc: 'E2801160AAAA' }));
    realtime.emit('rfid:tag-read', tagRead());
    first.unmount();
    renderPanel(realtime.context);
    expect(screen.getByRole('region', { name: TAG_OFFER_LABEL })).toHaveTextContent(`Tag ${EPC} just placed`);
    expect(screen.queryByText(/E2801160AAAA/)).toBeNull();
  });

  it('offers nothing for a read at a station antenna', () => {
    const realtime = fakeRealtime();
    renderPanel(realtime.context);
    realtime.emit('rfid:tag-read', tagRead({ isTagAssignment: undefined, departmentId: 'DEPT001' }));
    expect(screen.queryByRole('region', { name: TAG_OFFER_LABEL })).toBeNull();
  });

  it('offers nothing to someone who may not tag the item', () => {
    const realtime = fakeRealtime();
    renderPanel(realtime.context, { canAssign: false });
    realtime.emit('rfid:tag-read', tagRead());
    expect(screen.queryByRole('region', { name: TAG_OFFER_LABEL })).toBeNull();
  });

  it('offers another tag when replacing, never the one the item already carries', async () => {
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    renderPanel(realtime.context, { tracking: TRACKING });
    await user.click(screen.getByRole('button', { name: 'Replace tag' }));
    realtime.emit('rfid:tag-read', tagRead());
    expect(screen.queryByRole('region', { name: TAG_OFFER_LABEL })).toBeNull();
    realtime.emit('rfid:tag-read', tagRead({ epc: 'E2801160BBBB' }));
    expect(screen.getByRole('region', { name: TAG_OFFER_LABEL })).toHaveTextContent('Tag E2801160BBBB');
  });

  it('offers nothing without a live connection', () => {
    renderPanel(null);
    expect(screen.getByRole('textbox', { name: 'Tag EPC' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: TAG_OFFER_LABEL })).toBeNull();
  });
});

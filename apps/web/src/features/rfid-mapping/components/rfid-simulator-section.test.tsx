import type { TRealtimeConnectionState } from '@loupe/domain/realtime/events';
import type { TReader } from '@loupe/domain/registry/readers';
import { EPC_FAILURE_MESSAGES } from '@loupe/domain/rfid/epc';
import type { TTrackedRepair } from '@loupe/domain/tracking/repair-tracking';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { type RealtimeClient, RealtimeRequestError } from '@/lib/realtime/realtime-client';
import { RealtimeContext, type TRealtimeContext } from '@/lib/realtime/realtime-context';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeUser } from '@/test/factories';
import { backendTrackedOrder, makeAntennaMapping, makeTagAssignmentAntenna } from '@/test/rfid-fixtures';
import { renderWithSettingsProviders } from '@/test/settings-test-utils';
import { TEST_SCAN_TIMEOUT_MS } from '../api/send-test-scan';
import {
  NOT_CONNECTED_TITLE,
  READERS_LOAD_ERROR_TITLE,
  RfidSimulatorSection,
} from './rfid-simulator-section';
import {
  MAP_ANTENNAS,
  NO_READERS_TEXT,
  NO_STATION_ANTENNAS_TEXT,
  NO_TRACKED_ITEMS_TEXT,
  OPEN_RFID_MAPPING,
  START_FLOW,
  STOP_FLOW,
} from './simulated-flow-form';
import { PICK_ITEM_LABEL, SEND_READ } from './test-read-form';

const EPC_RING = 'E28011606000020800000001';
const EPC_PENDANT = 'E28011606000020800000002';
const EPC_REPAIR = 'E28011606000020800000003';

function reader(overrides: Partial<TReader> & Pick<TReader, 'id' | 'name'>): TReader {
  return {
    kind: 'zebra',
    apiKeyPrefix: 'lpr_ab12',
    status: 'online',
    lastHeartbeat: null,
    antennas: [],
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

// Listed polishing first: the flow still goes casting (DEPT001) before polishing (DEPT002).
const POLISH = reader({
  id: 'polish-1',
  name: 'Polishing reader',
  antennas: [
    makeAntennaMapping({
      readerId: 'polish-1',
      antenna: 1,
      departmentId: 'DEPT002',
      departmentName: 'Polishing',
      stationId: 'STATION000003',
      stationName: 'Wheel',
    }),
  ],
});
const INTAKE = reader({
  id: 'intake-1',
  name: 'Intake reader',
  antennas: [
    makeAntennaMapping({ readerId: 'intake-1', antenna: 1 }),
    makeTagAssignmentAntenna('intake-1', 2),
  ],
});

const REPAIR: TTrackedRepair = {
  repairId: 'repair-1',
  repairNumber: 'REP-00007',
  epcCode: EPC_REPAIR,
  status: 'active',
  currentLocation: null,
  locationHistory: [],
  lastSeen: null,
  offsiteDetectedAt: null,
  offsiteReturnedAt: null,
  isExpectedOffsite: false,
};

function stubApi({
  readers = [POLISH, INTAKE],
  orders = [backendTrackedOrder('ORD-00042', EPC_RING), backendTrackedOrder('ORD-00043', EPC_PENDANT)],
  repairs = [REPAIR],
}: {
  readers?: readonly TReader[] | Error;
  orders?: readonly unknown[];
  repairs?: readonly TTrackedRepair[];
} = {}) {
  return mockGet({
    readers: readers instanceof Error ? readers : page(readers),
    'tracking/orders': envelope(orders),
    'tracking/repairs': envelope(repairs),
  });
}

type TRequest = (name: string, payload: unknown, options?: { timeoutMs?: number }) => Promise<unknown>;

/** The server's answer to a test scan the pipeline took (TTestScanAnswer in @loupe/domain). */
const ACCEPTED = {
  ok: true,
  result: { accepted: 1, repeats: 0, rejected: [], ignored: 0, heartbeats: 0 },
} as const;

function fakeRealtime({
  state = 'connected',
  request = async () => ACCEPTED,
}: {
  state?: TRealtimeConnectionState;
  request?: TRequest;
} = {}) {
  const requestSpy = vi.fn(request);
  const context: TRealtimeContext = {
    client: { request: requestSpy, on: vi.fn(() => () => {}) } as unknown as RealtimeClient,
    state,
    failure: null,
    onlineCount: null,
  };
  return { context, request: requestSpy };
}

function renderSection({
  realtime = fakeRealtime().context,
  role = 'admin',
}: {
  realtime?: TRealtimeContext;
  role?: 'admin' | 'manager';
} = {}) {
  return renderWithSettingsProviders(
    <RealtimeContext.Provider value={realtime}>
      <RfidSimulatorSection />
    </RealtimeContext.Provider>,
    { user: makeUser(role), route: '/settings/rfid-simulator' },
  );
}

function sendForm(): HTMLElement {
  return screen.getByRole('form', { name: 'Send a read' });
}

function flowForm(): HTMLElement {
  return screen.getByRole('form', { name: 'Simulated flow' });
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(within(sendForm()).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('RfidSimulatorSection › send a read', { timeout: 30_000 }, () => {
  beforeEach(() => stubPointerApis());
  afterEach(() => vi.restoreAllMocks());

  it('lists each antenna with its mapping, picks a tracked item’s EPC and sends it as rfid:test-scan', async () => {
    stubApi();
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    renderSection({ realtime: realtime.context });
    await screen.findByRole('form', { name: 'Send a read' });

    await choose(user, 'Reader', 'Intake reader (intake-1)');
    await user.click(within(sendForm()).getByRole('combobox', { name: 'Antenna' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Antenna 1 — Casting - Bench 1',
      'Antenna 2 — Tag assignment',
      'Antenna 3 — Not mapped',
      'Antenna 4 — Not mapped',
    ]);
    await user.click(screen.getByRole('option', { name: 'Antenna 1 — Casting - Bench 1' }));

    await choose(user, PICK_ITEM_LABEL, `ORD-00042 — ${EPC_RING} (Casting - Bench 1)`);
    expect(within(sendForm()).getByRole('textbox', { name: 'EPC' })).toHaveValue(EPC_RING);
    await user.click(within(sendForm()).getByRole('button', { name: SEND_READ }));

    expect(realtime.request).toHaveBeenCalledWith(
      'rfid:test-scan',
      { readerId: 'intake-1', antenna: 1, epc: EPC_RING },
      { timeoutMs: TEST_SCAN_TIMEOUT_MS },
    );
    const outcome = await screen.findByRole('status', { name: 'Test read sent' });
    expect(outcome).toHaveTextContent('The pipeline accepted the read.');
    expect(outcome).toHaveTextContent('ORD-00042 moves to Casting - Bench 1, and its scan toast shows.');
  });

  it('normalizes a typed EPC, and says what a tag-assignment antenna does with it', async () => {
    stubApi();
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    renderSection({ realtime: realtime.context });
    await screen.findByRole('form', { name: 'Send a read' });
    await choose(user, 'Reader', 'Intake reader (intake-1)');
    await choose(user, 'Antenna', 'Antenna 2 — Tag assignment');
    await user.type(within(sendForm()).getByRole('textbox', { name: 'EPC' }), 'e2 80 11 60');
    await user.click(within(sendForm()).getByRole('button', { name: SEND_READ }));
    expect(realtime.request).toHaveBeenCalledWith(
      'rfid:test-scan',
      { readerId: 'intake-1', antenna: 2, epc: 'E2801160' },
      expect.anything(),
    );
    expect(await screen.findByRole('status', { name: 'Test read sent' })).toHaveTextContent(
      'A tag-assignment antenna: open order and repair screens offer this tag; nothing moves.',
    );
  });

  it('shows the server’s refusal with its message', async () => {
    stubApi();
    const realtime = fakeRealtime({
      request: async () => ({
        ok: false,
        code: 'FORBIDDEN',
        message: 'Only admins and managers can send test scans.',
      }),
    });
    const user = userEvent.setup();
    renderSection({ realtime: realtime.context });
    await user.type(await screen.findByRole('textbox', { name: 'EPC' }), EPC_PENDANT);
    await user.click(within(sendForm()).getByRole('button', { name: SEND_READ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Refused');
    expect(alert).toHaveTextContent('Only admins and managers can send test scans.');
  });

  it('refuses an invalid EPC before sending anything', async () => {
    stubApi();
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    renderSection({ realtime: realtime.context });
    await user.type(await screen.findByRole('textbox', { name: 'EPC' }), 'not an epc');
    await user.click(within(sendForm()).getByRole('button', { name: SEND_READ }));
    expect(within(sendForm()).getByText(EPC_FAILURE_MESSAGES['not-hex'])).toBeInTheDocument();
    expect(realtime.request).not.toHaveBeenCalled();
  });

  it('says when no answer came back', async () => {
    stubApi();
    const realtime = fakeRealtime({
      request: async () => {
        throw new RealtimeRequestError('timeout', 'The server did not answer within 10 s.');
      },
    });
    const user = userEvent.setup();
    renderSection({ realtime: realtime.context });
    await user.type(await screen.findByRole('textbox', { name: 'EPC' }), EPC_RING);
    await user.click(within(sendForm()).getByRole('button', { name: SEND_READ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No answer');
    expect(alert).toHaveTextContent('The server did not answer within 10 s.');
  });

  it('says when the live connection is down, and sends nothing', async () => {
    stubApi();
    const realtime = fakeRealtime({ state: 'reconnecting' });
    renderSection({ realtime: realtime.context });
    expect(await screen.findByText(NOT_CONNECTED_TITLE)).toBeInTheDocument();
    expect(within(sendForm()).getByRole('button', { name: SEND_READ })).toBeDisabled();
    expect(within(flowForm()).getByRole('button', { name: START_FLOW })).toBeDisabled();
  });

  it('shows a manager the readers to pick from, for a single read and for the flow', async () => {
    stubApi();
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    renderSection({ realtime: realtime.context, role: 'manager' });
    await screen.findByRole('form', { name: 'Send a read' });
    expect(
      within(flowForm()).getByText('Stations, in department order: Casting - Bench 1, Polishing - Wheel.'),
    ).toBeInTheDocument();

    await choose(user, 'Reader', 'Polishing reader (polish-1)');
    await choose(user, 'Antenna', 'Antenna 1 — Polishing - Wheel');
    await choose(user, PICK_ITEM_LABEL, `REP-00007 — ${EPC_REPAIR}`);
    await user.click(within(sendForm()).getByRole('button', { name: SEND_READ }));
    expect(realtime.request).toHaveBeenCalledWith(
      'rfid:test-scan',
      { readerId: 'polish-1', antenna: 1, epc: EPC_REPAIR },
      expect.anything(),
    );
    expect(await screen.findByRole('status', { name: 'Test read sent' })).toHaveTextContent(
      'REP-00007 moves to Polishing - Wheel, and its scan toast shows.',
    );
  });
});

describe('RfidSimulatorSection › empty states', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('without readers, points an admin to the RFID mapping screen', async () => {
    stubApi({ readers: [] });
    renderSection({ role: 'admin' });
    const texts = await screen.findAllByText(NO_READERS_TEXT);
    expect(texts).toHaveLength(2);
    const links = screen.getAllByRole('link', { name: OPEN_RFID_MAPPING });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/rfid-mapping');
  });

  it('without an antenna mapped to a station, points an admin to the RFID mapping screen', async () => {
    stubApi({ readers: [reader({ id: 'bare', name: 'Bare reader' })] });
    renderSection({ role: 'admin' });
    expect(await screen.findByText(NO_STATION_ANTENNAS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MAP_ANTENNAS })).toHaveAttribute('href', '/rfid-mapping');
    // A single read can still be sent from an unmapped antenna.
    expect(screen.getByRole('form', { name: 'Send a read' })).toBeInTheDocument();
  });

  // /rfid-mapping is admin-only (spec §6): a link there would only show a manager "access denied".
  it('tells a manager what is missing without linking to the admins’ RFID mapping screen', async () => {
    stubApi({ readers: [] });
    const { unmount } = renderSection({ role: 'manager' });
    expect(await screen.findAllByText(NO_READERS_TEXT)).toHaveLength(2);
    expect(screen.queryByRole('link', { name: OPEN_RFID_MAPPING })).not.toBeInTheDocument();
    unmount();

    stubApi({ readers: [reader({ id: 'bare', name: 'Bare reader' })] });
    renderSection({ role: 'manager' });
    expect(await screen.findByText(NO_STATION_ANTENNAS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: MAP_ANTENNAS })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /mapping|antennas/i })).not.toBeInTheDocument();
  });

  it('without tracked items, points to the orders', async () => {
    stubApi({ orders: [], repairs: [] });
    renderSection();
    expect(await screen.findByText(NO_TRACKED_ITEMS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to orders' })).toHaveAttribute('href', '/orders');
    expect(within(sendForm()).getByRole('combobox', { name: PICK_ITEM_LABEL })).toBeDisabled();
  });
});

describe('RfidSimulatorSection › loading', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('says when the readers could not be loaded, and loads them again on Try again', async () => {
    let readerLoads = 0;
    mockGet({
      readers: () => {
        readerLoads += 1;
        return readerLoads === 1
          ? new ApiError({ message: 'The server is unavailable.', status: 503, code: 'SERVICE_UNAVAILABLE' })
          : page([POLISH, INTAKE]);
      },
      'tracking/orders': envelope([backendTrackedOrder('ORD-00042', EPC_RING)]),
      'tracking/repairs': envelope([]),
    });
    const user = userEvent.setup();
    renderSection({ role: 'manager' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(READERS_LOAD_ERROR_TITLE);
    expect(alert).toHaveTextContent('The server is unavailable.');
    expect(screen.queryByRole('form', { name: 'Send a read' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Send a read' })).toBeInTheDocument();
    expect(within(sendForm()).getByRole('combobox', { name: 'Reader' })).toHaveTextContent(
      'Polishing reader (polish-1)',
    );
    expect(readerLoads).toBe(2);
  });
});

describe('RfidSimulatorSection › simulated flow', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function startFlow(user: ReturnType<typeof userEvent.setup>, { items }: { items: string }) {
    const count = within(flowForm()).getByRole('spinbutton', { name: 'Items' });
    await user.clear(count);
    await user.type(count, items);
    const pace = within(flowForm()).getByRole('spinbutton', { name: 'Seconds per step' });
    await user.clear(pace);
    await user.type(pace, '0.5');
    await user.click(within(flowForm()).getByRole('button', { name: START_FLOW }));
  }
  /**
   * Runs out every pending step timer of the flow at once (a stopped or left flow has none left that would
   * send), instead of waiting in real time to see whether another read goes out.
   */
  async function runOutPendingSteps() {
    await act(() => vi.runAllTimersAsync());
  }

  /** Step timers are faked but keep pace with real time, so user events and waitFor behave as usual. */
  function fakeStepTimers() {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  }

  function scans(request: ReturnType<typeof fakeRealtime>['request']) {
    return request.mock.calls.map(([, payload]) => payload);
  }

  it('walks the items through the mapped stations in department order, one read per step', async () => {
    stubApi();
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    renderSection({ realtime: realtime.context });
    await screen.findByRole('form', { name: 'Simulated flow' });
    expect(within(flowForm()).getByRole('spinbutton', { name: 'Items' })).toHaveValue(3);
    expect(
      within(flowForm()).getByText('Stations, in department order: Casting - Bench 1, Polishing - Wheel.'),
    ).toBeInTheDocument();

    await startFlow(user, { items: '2' });
    expect(within(flowForm()).getByRole('button', { name: START_FLOW })).toBeDisabled();
    await waitFor(
      () => expect(within(flowForm()).getByRole('status')).toHaveTextContent('Finished: 4 reads sent.'),
      {
        timeout: 5000,
      },
    );
    expect(scans(realtime.request)).toEqual([
      { readerId: 'intake-1', antenna: 1, epc: EPC_RING },
      { readerId: 'intake-1', antenna: 1, epc: EPC_PENDANT },
      { readerId: 'polish-1', antenna: 1, epc: EPC_RING },
      { readerId: 'polish-1', antenna: 1, epc: EPC_PENDANT },
    ]);
    const moves = within(within(flowForm()).getByRole('list', { name: 'Last moves' })).getAllByRole(
      'listitem',
    );
    expect(moves.map((move) => move.textContent)).toEqual([
      '4.ORD-00043→ Polishing - Wheel— accepted',
      '3.ORD-00042→ Polishing - Wheel— accepted',
      '2.ORD-00043→ Casting - Bench 1— accepted',
      '1.ORD-00042→ Casting - Bench 1— accepted',
    ]);
    expect(within(flowForm()).getByRole('progressbar', { name: 'Flow progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  });

  it('stops on Stop: no read is sent after it', async () => {
    fakeStepTimers();
    stubApi();
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    renderSection({ realtime: realtime.context });
    await screen.findByRole('form', { name: 'Simulated flow' });
    await startFlow(user, { items: '3' });
    await waitFor(() => expect(within(flowForm()).getByRole('status')).toHaveTextContent('Step 1 of 6'));
    await user.click(within(flowForm()).getByRole('button', { name: STOP_FLOW }));
    expect(within(flowForm()).getByRole('status')).toHaveTextContent('Stopped after step 1 of 6.');
    await runOutPendingSteps();
    expect(realtime.request).toHaveBeenCalledTimes(1);
    expect(within(flowForm()).getByRole('button', { name: START_FLOW })).toBeEnabled();
  });

  it('stops by itself when the page is left', async () => {
    fakeStepTimers();
    stubApi();
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    const { unmount } = renderSection({ realtime: realtime.context });
    await screen.findByRole('form', { name: 'Simulated flow' });
    await startFlow(user, { items: '3' });
    await waitFor(() => expect(realtime.request).toHaveBeenCalledTimes(1));
    unmount();
    await vi.runAllTimersAsync();
    expect(realtime.request).toHaveBeenCalledTimes(1);
  });

  it('stops at a refused step and shows why', async () => {
    fakeStepTimers();
    stubApi();
    let calls = 0;
    const realtime = fakeRealtime({
      request: async () => {
        calls += 1;
        return calls === 2
          ? { ok: false, code: 'FORBIDDEN', message: 'Only admins and managers can send test scans.' }
          : ACCEPTED;
      },
    });
    const user = userEvent.setup();
    renderSection({ realtime: realtime.context });
    await screen.findByRole('form', { name: 'Simulated flow' });
    await startFlow(user, { items: '2' });
    await waitFor(
      () =>
        expect(within(flowForm()).getByRole('status')).toHaveTextContent(
          'Stopped at step 2 of 4: Only admins and managers can send test scans.',
        ),
      { timeout: 5000 },
    );
    await runOutPendingSteps();
    expect(realtime.request).toHaveBeenCalledTimes(2);
  });

  it('checks the number of items and the pace', async () => {
    stubApi();
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    renderSection({ realtime: realtime.context });
    await screen.findByRole('form', { name: 'Simulated flow' });
    const count = within(flowForm()).getByRole('spinbutton', { name: 'Items' });
    await user.clear(count);
    await user.type(count, '9');
    const pace = within(flowForm()).getByRole('spinbutton', { name: 'Seconds per step' });
    await user.clear(pace);
    await user.type(pace, '0.1');
    await user.click(within(flowForm()).getByRole('button', { name: START_FLOW }));
    expect(within(flowForm()).getByText('From 1 to 3')).toBeInTheDocument();
    expect(within(flowForm()).getByText('From 0.5 to 60 seconds')).toBeInTheDocument();
    expect(realtime.request).not.toHaveBeenCalled();
  });
});

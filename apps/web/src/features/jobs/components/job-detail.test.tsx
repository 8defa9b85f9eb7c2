import type { TJobKind } from '@loupe/domain/jobs/job-views';
import type { TTrackedItemSummary } from '@loupe/domain/tracking/tracking-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope, mockGet, notFound, page } from '@/test/api-mocks';
import { stubObjectUrls, stubPointerApis } from '@/test/dom-stubs';
import { makeJobState, makeUser } from '@/test/factories';
import { locationAnswers, STORE } from '@/test/location-mocks';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeOrder, ORDER_ID } from '../kinds/order/order-fixtures';
import { makeRepair, REPAIR_ID } from '../kinds/repair/repair-fixtures';
import { JobDetail } from './job-detail';

const NOW = new Date('2025-06-15T12:00:00.000Z');
const EPC = 'E2801160';

const TRACKING: TTrackedItemSummary = {
  epc: EPC,
  status: 'active',
  departmentId: 'DEPT002',
  departmentName: 'Polishing',
  stationId: 'STATION2',
  stationName: 'Bench 2',
  arrivedAt: '2025-06-15T09:00:00.000Z',
  lastSeen: '2025-06-15T11:55:00.000Z',
  offsiteDetectedAt: null,
  offsiteReturnedAt: null,
  isExpectedOffsite: false,
};

function historyEntry(location: [string, string], timestamp: string, duration: number) {
  return {
    location: `${location[0]} - ${location[1]}`,
    department: location[0],
    timestamp,
    duration,
    currentDepartment: {
      id: `id-${location[0]}`,
      name: location[0],
      gradient: 'from-slate-500 to-slate-700',
    },
    currentStation: { id: `id-${location[1]}`, name: location[1] },
  };
}

const TRACKED_RESPONSE = envelope({
  orderId: ORDER_ID,
  order: { orderNumber: 'ORD-00042' },
  epcCode: EPC,
  status: 'tracking',
  currentDepartment: { name: 'Polishing' },
  currentDepartmentId: 'DEPT002',
  currentStation: { name: 'Bench 2' },
  currentStationId: 'STATION2',
  locationHistory: [
    historyEntry(['Polishing', 'Bench 2'], '2025-06-15T09:00:00.000Z', 125),
    historyEntry(['Casting', 'Bench 1'], '2025-06-15T06:55:00.000Z', 0),
  ],
  lastSeenAt: '2025-06-15T11:55:00.000Z',
  expectedOffsite: false,
  offsiteDetectedAt: null,
  offsiteReturnedAt: null,
});

const HISTORY = page([
  {
    id: 2,
    at: '2025-06-15T10:00:00.000Z',
    action: 'status-changed',
    actor: { id: 'u1', name: 'Rita Gomez' },
    changes: { status: { from: 'new', to: 'in_design' }, priceCents: { from: 10_000, to: 12_000 } },
  },
  { id: 1, at: '2025-06-14T10:00:00.000Z', action: 'created', actor: null, changes: {} },
]);

const NEVER_TRACKED = envelope({ isTracked: false, locationHistory: [] });

/** Issue 37 §3: the order's labour per step and person, from their timers. */
const LABOUR = envelope({
  rows: [
    {
      phaseKey: 'setting',
      phaseName: 'Stone setting',
      person: { id: 'u-1', name: 'Marco Bellini' },
      seconds: 65 * 60,
      isRunning: false,
    },
    {
      phaseKey: 'polishing',
      phaseName: 'Polishing',
      person: { id: 'u-2', name: 'Ana Ruiz' },
      seconds: 20 * 60,
      isRunning: true,
    },
  ],
  totalSeconds: 85 * 60,
  sessions: [],
});

/** Issue 37 §4: a job with no materials taken in, its workflow's two phases for the envelope. */
const noMaterials = (kind: TJobKind, itemId: string) => ({
  kind,
  itemId,
  lines: [],
  signatures: [],
  isAccounted: true,
  phases: [
    { key: 'bench', name: 'Bench' },
    { key: 'qc', name: 'Quality check' },
  ],
});

const TRACKING_URL = 'http://loupe.test/t/AbCdEfGhIjKlMnOpQrStUvWxYz012345';
/** The order's public tracking link as the server holds it; null until one is issued. */
let trackingLink: { token: string; url: string; createdAt: string } | null = null;

function mockOrder(
  order = makeOrder(),
  tracking: unknown = notFound(),
  pastLocations: unknown = NEVER_TRACKED,
) {
  return mockGet({
    [`orders/${ORDER_ID}`]: envelope(order),
    [`tracking/orders/${ORDER_ID}`]: tracking,
    [`tracking/orders/${ORDER_ID}/location-history`]: pastLocations,
    [`orders/${ORDER_ID}/history`]: HISTORY,
    [`orders/${ORDER_ID}/tracking-link`]: () => envelope({ link: trackingLink }),
    [`work-time/jobs/order/${ORDER_ID}`]: LABOUR,
    [`materials/jobs/order/${ORDER_ID}`]: envelope(noMaterials('order', ORDER_ID)),
    ...locationAnswers(),
  });
}

const PAGES: Readonly<Record<TJobKind, { id: string; route: string; path: string }>> = {
  order: { id: ORDER_ID, route: `/orders/${ORDER_ID}`, path: '/orders/:orderId' },
  repair: { id: REPAIR_ID, route: `/repairs/${REPAIR_ID}`, path: '/repairs/:repairId' },
};

/** The job's page as its route shows it, for a user of `role`. */
function renderJob(
  kind: TJobKind,
  role: Parameters<typeof makeUser>[0],
  designPanel?: (jobId: string) => ReactNode,
) {
  const { id, route, path } = PAGES[kind];
  return renderWithProviders(
    <JobDetail kind={kind} jobId={id} now={() => NOW} {...(designPanel ? { designPanel } : {})} />,
    { user: makeUser(role), route, path },
  );
}

function renderDetail(role: Parameters<typeof makeUser>[0] = 'salesperson') {
  return renderJob('order', role);
}

// A repair: its own tag endpoints and its own tracked record (spec §3).
const REPAIR_EPC = 'E200001D8A1B';

const REPAIR_SUMMARY: TTrackedItemSummary = {
  epc: REPAIR_EPC,
  status: 'offsite',
  departmentId: 'DEPT001',
  departmentName: 'Setting',
  stationId: 'STATION1',
  stationName: 'Bench 1',
  arrivedAt: '2025-06-15T08:00:00.000Z',
  lastSeen: '2025-06-15T09:00:00.000Z',
  offsiteDetectedAt: '2025-06-15T10:00:00.000Z',
  offsiteReturnedAt: null,
  isExpectedOffsite: false,
};

const REPAIR_TRACKED = envelope({
  repairId: REPAIR_ID,
  repairNumber: 'REP-00007',
  epcCode: REPAIR_EPC,
  status: 'offsite',
  currentLocation: {
    departmentId: 'DEPT001',
    departmentName: 'Setting',
    stationId: 'STATION1',
    stationName: 'Bench 1',
    machineId: null,
    antennaNumber: 1,
    timestamp: '2025-06-15T08:00:00.000Z',
    epc: REPAIR_EPC,
  },
  locationHistory: [
    {
      location: 'Setting - Bench 1',
      department: 'Setting',
      timestamp: '2025-06-15T08:00:00.000Z',
      duration: 65,
      currentDepartment: { id: 'DEPT001', name: 'Setting', gradient: 'from-sky-500 to-sky-700' },
      currentStation: { id: 'STATION1', name: 'Bench 1' },
    },
    {
      location: 'Intake - Counter',
      department: 'Intake',
      timestamp: '2025-06-15T06:55:00.000Z',
      duration: 0,
      currentDepartment: { id: 'DEPT000', name: 'Intake', gradient: 'from-sky-500 to-sky-700' },
      currentStation: { id: 'STATION0', name: 'Counter' },
    },
  ],
  lastSeen: '2025-06-15T09:00:00.000Z',
  offsiteDetectedAt: '2025-06-15T10:00:00.000Z',
  offsiteReturnedAt: null,
  isExpectedOffsite: false,
});

function renderRepair(
  role: Parameters<typeof makeUser>[0],
  repair = makeRepair(),
  tracking: unknown = notFound(),
) {
  mockGet({
    [`repairs/${REPAIR_ID}`]: envelope(repair),
    [`tracking/repairs/${REPAIR_ID}`]: tracking,
    [`tracking/repairs/${REPAIR_ID}/location-history`]: envelope({ isTracked: false, locationHistory: [] }),
    [`repairs/${REPAIR_ID}/history`]: page([]),
    [`repairs/${REPAIR_ID}/tracking-link`]: envelope({ link: null }),
    [`work-time/jobs/repair/${REPAIR_ID}`]: envelope({ rows: [], totalSeconds: 0, sessions: [] }),
    [`materials/jobs/repair/${REPAIR_ID}`]: envelope(noMaterials('repair', REPAIR_ID)),
    ...locationAnswers(),
  });
  return renderJob('repair', role);
}

describe('JobDetail', { timeout: 20_000 }, () => {
  beforeEach(() => stubPointerApis());
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  describe('an order', () => {
    it('names where the order was taken in and where it is collected', async () => {
      mockOrder(makeOrder({ intakeLocationId: STORE.id, pickupLocationId: 'LOC001' }));
      renderDetail();
      expect(await screen.findByRole('heading', { level: 1, name: 'ORD-00042' })).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByText('Taken in at').nextSibling).toHaveTextContent('Downtown Store'),
      );
      expect(screen.getByText('Pickup at').nextSibling).toHaveTextContent('Main Workshop');
      expect(screen.queryByText(/Ready, but at/)).not.toBeInTheDocument();
    });

    it('warns when a ready order is not where its customer collects it', async () => {
      mockOrder(makeOrder({ status: 'ready', pickupLocationId: STORE.id, currentLocationId: 'LOC001' }));
      renderDetail();
      expect(
        await screen.findByText(
          'Ready, but at Main Workshop: send it to Downtown Store before the customer comes',
        ),
      ).toBeInTheDocument();
    });

    it('shows the order with its money, and a tag form while it is not tracked', async () => {
      mockOrder(makeOrder({ priceCents: 150_000, depositCents: 50_000, balanceCents: 100_000 }));
      renderDetail();
      expect(await screen.findByRole('heading', { level: 1, name: 'ORD-00042' })).toBeInTheDocument();
      expect(screen.getByText('$1,500.00')).toBeInTheDocument();
      expect(screen.getByText('$1,000.00')).toBeInTheDocument();
      expect(screen.getByText('Not tagged.')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Tag EPC' })).toBeInTheDocument();
      expect(
        await screen.findByText('Not tracked: this order has not been read at any station yet.'),
      ).toBeInTheDocument();
    });

    it('shows the design panel the app composes in, for this order (issue 17 §4)', async () => {
      mockOrder();
      renderJob('order', 'salesperson', (orderId) => (
        <section aria-label="Design">{`design of ${orderId}`}</section>
      ));
      expect(await screen.findByRole('region', { name: 'Design' })).toHaveTextContent(
        `design of ${ORDER_ID}`,
      );
    });

    it('keeps showing where an order was after its tag went to another job (issue 11 §2)', async () => {
      const past = (TRACKED_RESPONSE as { data: { locationHistory: unknown[] } }).data.locationHistory;
      mockOrder(makeOrder(), notFound(), envelope({ isTracked: false, locationHistory: past }));
      renderDetail();
      expect(
        await screen.findByText('No longer tracked: where this order was while it carried a tag.'),
      ).toBeInTheDocument();
      const timeline = screen.getByRole('list', { name: /timeline/i });
      expect(within(timeline).getByText(/Polishing/)).toBeInTheDocument();
      expect(within(timeline).getByText(/Casting/)).toBeInTheDocument();
    });

    it('normalizes a scanned EPC and assigns it with the order number', async () => {
      mockOrder();
      const post = vi
        .spyOn(apiClient, 'post')
        .mockResolvedValue({ success: true, message: 'Tracking started' });
      const user = userEvent.setup();
      renderDetail();
      // A keyboard-wedge scanner types the read and presses Enter.
      await user.type(await screen.findByRole('textbox', { name: 'Tag EPC' }), 'e2 80-11 60{Enter}');
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith('tracking/assign-epc', {
          orderId: ORDER_ID,
          epcCode: EPC,
          orderNumber: 'ORD-00042',
        }),
      );
      expect(screen.getByText(/taken off it and moved here/)).toBeInTheDocument();
    });

    it.each([
      ['XYZ1', 'EPC must contain only hexadecimal digits'],
      ['E28', 'EPC length must be a whole number of 16-bit words (a multiple of 4 hex digits)'],
      ['   ', 'EPC is empty'],
    ])('refuses the EPC "%s" with the domain message', async (typed, message) => {
      mockOrder();
      const post = vi.spyOn(apiClient, 'post');
      const user = userEvent.setup();
      renderDetail();
      const input = await screen.findByRole('textbox', { name: 'Tag EPC' });
      await user.type(input, typed);
      await user.click(screen.getByRole('button', { name: 'Assign tag' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(post).not.toHaveBeenCalled();
    });

    it('shows why the server refused a tag', async () => {
      mockOrder();
      vi.spyOn(apiClient, 'post').mockRejectedValue(
        new ApiError({
          message: 'That reader is not a tag-assignment antenna',
          status: 409,
          code: 'CONFLICT',
        }),
      );
      const user = userEvent.setup();
      renderDetail();
      await user.type(await screen.findByRole('textbox', { name: 'Tag EPC' }), `${EPC}{Enter}`);
      expect(await screen.findByText('That reader is not a tag-assignment antenna')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Tag EPC' })).toHaveValue(EPC);
    });

    it('shows where a tracked order is and how long it stayed at each station', async () => {
      mockOrder(makeOrder({ tracking: TRACKING }), TRACKED_RESPONSE);
      renderDetail();
      // The place links to its station's page (issue 11 §3).
      expect(await screen.findByText('Polishing - Bench 2', { selector: 'dd a' })).toHaveAttribute(
        'href',
        '/departments/DEPT002/stations/STATION2',
      );
      expect(screen.getByText(EPC, { selector: 'dd' })).toBeInTheDocument();
      expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
      const timeline = await screen.findByRole('list', { name: 'Location timeline' });
      const entries = within(timeline).getAllByRole('listitem');
      expect(entries[0]).toHaveTextContent('3 h so far at Polishing - Bench 2');
      expect(entries[1]).toHaveTextContent('2 h 5 min at Casting - Bench 1');
    });

    it('flags an expected trip offsite, and stops tracking only after confirmation', async () => {
      mockOrder(makeOrder({ tracking: TRACKING }), TRACKED_RESPONSE);
      const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ success: true });
      const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue({ success: true });
      const user = userEvent.setup();
      renderDetail();
      await user.click(await screen.findByRole('switch', { name: 'Expected offsite' }));
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith(`tracking/orders/${ORDER_ID}/expected-offsite`, {
          expectedOffsite: true,
        }),
      );

      await user.click(screen.getByRole('button', { name: 'Stop tracking' }));
      const dialog = await screen.findByRole('dialog', { name: 'Stop tracking this order?' });
      expect(remove).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Stop tracking' }));
      await waitFor(() => expect(remove).toHaveBeenCalledWith(`tracking/orders/${ORDER_ID}`));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('returns an offsite order, gone for as long as its state says: since it was last seen', async () => {
      mockOrder(
        makeOrder({
          // Last read 14 h before NOW; the sweep noticed only at 11:59.
          tracking: {
            ...TRACKING,
            status: 'offsite',
            lastSeen: '2025-06-14T22:00:00.000Z',
            offsiteDetectedAt: '2025-06-15T11:59:00.000Z',
          },
          state: makeJobState({ isOffsite: true, offsiteSince: '2025-06-14T22:00:00.000Z' }),
        }),
        TRACKED_RESPONSE,
      );
      const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ success: true });
      const user = userEvent.setup();
      renderDetail();
      const offsiteFor = (await screen.findByText('Offsite for')).nextElementSibling;
      expect(offsiteFor).toHaveTextContent(/^14 h \(since/);
      expect(offsiteFor?.querySelector('time')).toHaveAttribute('dateTime', '2025-06-14T22:00:00.000Z');
      // The badge at the top says the same.
      expect(document.querySelector('[data-job-state="offsite"]')).toHaveTextContent(/^Offsite14 h:/);
      expect(screen.queryByText('0 min')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Return from offsite' }));
      await waitFor(() => expect(post).toHaveBeenCalledWith(`tracking/orders/${ORDER_ID}/return`));
    });

    it("shows the order's state from the server in its words, not worked out from the date", async () => {
      mockOrder(
        makeOrder({
          isRush: true,
          promisedDate: '2999-01-01',
          status: 'in_production',
          state: makeJobState({
            isRush: true,
            isOverdue: true,
            daysOverdue: 2,
            due: 'overdue',
            isOverPhaseTarget: true,
          }),
        }),
      );
      renderDetail();
      await screen.findByRole('heading', { level: 1, name: 'ORD-00042' });
      const badges = [...document.querySelectorAll('[data-job-state]')].map((badge) =>
        badge.getAttribute('data-job-state'),
      );
      expect(badges).toEqual(['rush', 'overdue', 'over-phase-target']);
      expect(screen.getByText('Overdue').closest('[data-job-state]')).toHaveTextContent('Overdue2 days');
    });

    it('shows no state for a finished order, whatever its promised date', async () => {
      mockOrder(makeOrder({ promisedDate: '2000-01-01', status: 'delivered', state: null }));
      renderDetail();
      await screen.findByRole('heading', { level: 1, name: 'ORD-00042' });
      expect(document.querySelector('[data-job-state]')).toBeNull();
      expect(screen.queryByText('Overdue')).toBeNull();
    });

    it('shows a designer the order without the actions the server would refuse', async () => {
      mockOrder(makeOrder({ tracking: TRACKING }), TRACKED_RESPONSE);
      renderDetail('designer');
      await screen.findByRole('heading', { level: 1, name: 'ORD-00042' });
      expect(screen.queryByRole('link', { name: 'Edit order' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Stop tracking' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Replace tag' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
      expect(screen.getByRole('switch', { name: 'Expected offsite' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Print ticket' })).toBeInTheDocument();
    });

    it('lists the changes with who, when and readable values', async () => {
      mockOrder();
      renderDetail();
      const history = await screen.findByRole('list', { name: 'Change history' });
      expect(history).toHaveTextContent('Status changed by Rita Gomez, 2 hours ago');
      expect(history).toHaveTextContent('Status changed from New to In design');
      expect(history).toHaveTextContent('Price changed from $100.00 to $120.00');
      expect(history).toHaveTextContent('Created by Loupe, yesterday');
    });

    it('shows the labour of each step and person from their timers, with the total (issue 37 §3)', async () => {
      mockOrder();
      renderDetail();
      const table = await screen.findByRole('table', { name: 'Labour per step' });
      const rows = within(table)
        .getAllByRole('row')
        .map((row) => row.textContent);
      expect(rows).toEqual([
        'StepPersonLabour time',
        'Stone settingMarco Bellini1 h 05 min',
        'PolishingAna Ruiz20 min (running)',
        'Total1 h 25 min',
      ]);
    });

    it('moves the order to an allowed next status in one click (issue 11 §9)', async () => {
      mockOrder(makeOrder({ status: 'quality_check' }));
      const patch = vi.spyOn(apiClient, 'patch').mockResolvedValue(envelope(makeOrder({ status: 'ready' })));
      const user = userEvent.setup();
      renderDetail();
      const actions = await screen.findByRole('region', { name: 'Change status' });
      expect(
        within(actions)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['In production', 'Ready for pickup', 'Cancelled']);
      await user.click(within(actions).getByRole('button', { name: 'Ready for pickup' }));
      expect(patch).toHaveBeenCalledWith(`orders/${ORDER_ID}`, { status: 'ready' });
      await waitFor(() => expect(getToasts()[0]?.title).toBe('ORD-00042 is now “Ready for pickup”'));
    });

    it('shows why the server refused a status change, and offers nothing to a role that may not edit', async () => {
      mockOrder(makeOrder({ status: 'new' }));
      vi.spyOn(apiClient, 'patch').mockRejectedValue(
        new Error('ORD-00042 cannot go from “New” to “In design”.'),
      );
      const user = userEvent.setup();
      const view = renderDetail();
      await user.click(await screen.findByRole('button', { name: 'In design' }));
      expect(await screen.findByText('ORD-00042 cannot go from “New” to “In design”.')).toBeInTheDocument();
      view.unmount();

      mockOrder(makeOrder({ status: 'new' }));
      renderDetail('designer');
      await screen.findByRole('heading', { level: 1, name: 'ORD-00042' });
      expect(screen.queryByRole('region', { name: 'Change status' })).not.toBeInTheDocument();
    });

    it('prints a job ticket whose QR code holds the number and the EPC', async () => {
      mockOrder(makeOrder({ tracking: TRACKING, isRush: true }), TRACKED_RESPONSE);
      const print = vi.spyOn(window, 'print').mockImplementation(() => {});
      const user = userEvent.setup();
      renderDetail();
      await user.click(await screen.findByRole('button', { name: 'Print ticket' }));
      const dialog = await screen.findByRole('dialog', { name: 'Job ticket ORD-00042' });
      const ticket = within(dialog).getByRole('article', { name: 'Job ticket ORD-00042' });
      expect(ticket).toHaveTextContent('RUSH');
      expect(ticket).toHaveTextContent('Ana Silva');
      expect(ticket.querySelector('[data-qr-value]')).toHaveAttribute(
        'data-qr-value',
        JSON.stringify({ n: 'ORD-00042', epc: EPC }),
      );
      expect(within(ticket).getByTitle(`QR code of ORD-00042 and tag ${EPC}`)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledTimes(1);
      // The copy that reaches the paper sits directly under <body>.
      expect(document.body.querySelector(':scope > [data-print-ticket] [data-qr-value]')).not.toBeNull();
    });

    it('creates the customer tracking link and prints it on the ticket as a second QR code', async () => {
      trackingLink = null;
      onTestFinished(() => {
        trackingLink = null;
      });
      mockOrder();
      const issued = {
        token: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
        url: TRACKING_URL,
        createdAt: NOW.toISOString(),
      };
      const post = vi.spyOn(apiClient, 'post').mockImplementation(async (path) => {
        expect(path).toBe(`orders/${ORDER_ID}/tracking-link`);
        trackingLink = issued;
        return envelope(issued);
      });
      const user = userEvent.setup();
      renderDetail();
      await user.click(await screen.findByRole('button', { name: 'Create tracking link' }));
      expect(await screen.findByRole('textbox', { name: 'Tracking link' })).toHaveValue(TRACKING_URL);
      expect(post).toHaveBeenCalledTimes(1);
      await user.click(screen.getByRole('button', { name: 'Print ticket' }));
      const ticket = within(await screen.findByRole('dialog')).getByRole('article');
      expect(ticket.querySelector(`[data-qr-value="${TRACKING_URL}"]`)).not.toBeNull();
      expect(within(ticket).getByTitle('QR code of the tracking link of ORD-00042')).toBeInTheDocument();
    });

    it('prints a ticket without a tag that says so and encodes the number only', async () => {
      mockOrder();
      const user = userEvent.setup();
      renderDetail();
      await user.click(await screen.findByRole('button', { name: 'Print ticket' }));
      const ticket = within(await screen.findByRole('dialog')).getByRole('article');
      expect(ticket).toHaveTextContent('No tag assigned yet');
      expect(ticket.querySelector('[data-qr-value]')).toHaveAttribute('data-qr-value', '{"n":"ORD-00042"}');
    });

    it('uploads an intake photo with progress and shows its thumbnail', async () => {
      const photo = {
        id: '99999999-9999-4999-8999-999999999999',
        fileName: 'ring.jpg',
        contentType: 'image/jpeg',
        sizeBytes: 3,
        url: '/api/v1/attachments/99999999-9999-4999-8999-999999999999',
        createdAt: '2025-06-15T11:00:00.000Z',
      };
      let photos: (typeof photo)[] = [];
      mockGet({
        [`orders/${ORDER_ID}`]: () => envelope(makeOrder({ photos })),
        [`tracking/orders/${ORDER_ID}`]: notFound(),
        [`orders/${ORDER_ID}/history`]: HISTORY,
        [`orders/${ORDER_ID}/tracking-link`]: envelope({ link: null }),
        [`work-time/jobs/order/${ORDER_ID}`]: LABOUR,
        [`materials/jobs/order/${ORDER_ID}`]: envelope(noMaterials('order', ORDER_ID)),
        ...locationAnswers(),
      });
      onTestFinished(stubObjectUrls('blob:ring'));
      vi.spyOn(apiClient, 'download').mockResolvedValue(new Blob(['img'], { type: 'image/jpeg' }));
      let reportProgress:
        | ((progress: { percent: number; transferredBytes: number; totalBytes: number }) => void)
        | undefined;
      let finish: (() => void) | undefined;
      const upload = vi.spyOn(apiClient, 'upload').mockImplementation(
        (_path, _body, options) =>
          new Promise((resolve) => {
            reportProgress = options?.onProgress;
            finish = () => {
              photos = [photo];
              resolve(envelope(photo));
            };
          }),
      );
      const user = userEvent.setup();
      renderDetail();
      await screen.findByText('No photos yet.');
      await user.upload(
        screen.getByLabelText('Photo files'),
        new File(['img'], 'ring.jpg', { type: 'image/jpeg' }),
      );
      await waitFor(() =>
        expect(upload).toHaveBeenCalledWith(
          `orders/${ORDER_ID}/photos`,
          expect.any(FormData),
          expect.anything(),
        ),
      );
      const form = upload.mock.calls[0]?.[1] as FormData;
      expect((form.get('file') as File).name).toBe('ring.jpg');

      reportProgress?.({ percent: 0.4, transferredBytes: 4, totalBytes: 10 });
      expect(await screen.findByRole('progressbar', { name: 'Uploading ring.jpg' })).toHaveAttribute(
        'aria-valuenow',
        '40',
      );
      finish?.();
      expect(await screen.findByRole('img', { name: 'ring.jpg' })).toHaveAttribute('src', 'blob:ring');
      expect(apiClient.download).toHaveBeenCalledWith(`attachments/${photo.id}`, expect.anything());
    });

    it('deletes a photo only after confirmation', async () => {
      const photo = {
        id: '99999999-9999-4999-8999-999999999999',
        fileName: 'ring.jpg',
        contentType: 'image/jpeg',
        sizeBytes: 3,
        url: '/api/v1/attachments/99999999-9999-4999-8999-999999999999',
        createdAt: '2025-06-15T11:00:00.000Z',
      };
      mockOrder(makeOrder({ photos: [photo] }));
      vi.spyOn(apiClient, 'download').mockRejectedValue(notFound());
      const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue({ success: true });
      const user = userEvent.setup();
      renderDetail();
      expect(await screen.findByRole('img', { name: 'ring.jpg (could not be loaded)' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Delete photo ring.jpg' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
      expect(remove).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
      await waitFor(() => expect(remove).toHaveBeenCalledWith(`orders/${ORDER_ID}/photos/${photo.id}`));
    });

    it('refuses a file that is not a photo before sending it', async () => {
      mockOrder();
      const upload = vi.spyOn(apiClient, 'upload');
      const user = userEvent.setup({ applyAccept: false });
      renderDetail();
      await screen.findByText('No photos yet.');
      await user.upload(
        screen.getByLabelText('Photo files'),
        new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }),
      );
      expect(
        await screen.findByText('invoice.pdf is not a photo: use JPEG, PNG, WebP, GIF or HEIC.'),
      ).toBeInTheDocument();
      expect(upload).not.toHaveBeenCalled();
    });

    it('says when the order does not exist', async () => {
      mockGet({ [`orders/${ORDER_ID}`]: notFound() });
      renderDetail();
      expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    });
  });

  describe('a repair', () => {
    it('assigns a typed EPC to the repair with the repairs endpoint', async () => {
      const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ success: true });
      const user = userEvent.setup();
      renderRepair('operator');
      expect(await screen.findByText('Sizing, Prong retipping')).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: 'Tag EPC' }), '0xe200 001d 8a1b{Enter}');
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith('tracking/repairs/assign-epc', {
          repairId: REPAIR_ID,
          epcCode: REPAIR_EPC,
          repairNumber: 'REP-00007',
        }),
      );
    });

    it('lets a salesperson bring an offsite repair back but not retag or stop it', async () => {
      const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ success: true });
      const user = userEvent.setup();
      renderRepair('salesperson', makeRepair({ tracking: REPAIR_SUMMARY }), REPAIR_TRACKED);
      await user.click(await screen.findByRole('button', { name: 'Return from offsite' }));
      await waitFor(() => expect(post).toHaveBeenCalledWith(`tracking/repairs/${REPAIR_ID}/return`));
      expect(screen.getByRole('switch', { name: 'Expected offsite' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Stop tracking' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Replace tag' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Edit repair' })).not.toBeInTheDocument();
    });

    it('shows the last location of an offsite repair and its timeline', async () => {
      renderRepair('operator', makeRepair({ tracking: REPAIR_SUMMARY }), REPAIR_TRACKED);
      expect(await screen.findByText('Last location')).toBeInTheDocument();
      const timeline = await screen.findByRole('list', { name: 'Location timeline' });
      const [newest, older] = within(timeline).getAllByRole('listitem');
      // Offsite: the newest stay is over, so no running duration.
      expect(newest).toHaveTextContent('Last at Setting - Bench 1');
      expect(older).toHaveTextContent('1 h 5 min at Intake - Counter');
    });

    it('stops tracking with the repairs endpoint after confirmation', async () => {
      const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue({ success: true });
      const user = userEvent.setup();
      renderRepair(
        'production',
        makeRepair({ tracking: { ...REPAIR_SUMMARY, status: 'active' } }),
        REPAIR_TRACKED,
      );
      await user.click(await screen.findByRole('button', { name: 'Stop tracking' }));
      const dialog = await screen.findByRole('dialog', { name: 'Stop tracking this repair?' });
      await user.click(within(dialog).getByRole('button', { name: 'Stop tracking' }));
      await waitFor(() => expect(remove).toHaveBeenCalledWith(`tracking/repairs/${REPAIR_ID}`));
    });

    it('prints a repair ticket with the number and the work to do', async () => {
      const user = userEvent.setup();
      renderRepair('operator', makeRepair({ tracking: REPAIR_SUMMARY }), REPAIR_TRACKED);
      await user.click(await screen.findByRole('button', { name: 'Print ticket' }));
      const ticket = within(await screen.findByRole('dialog')).getByRole('article', {
        name: 'Job ticket REP-00007',
      });
      expect(ticket).toHaveTextContent('Sizing, Prong retipping');
      expect(ticket.querySelector('[data-qr-value]')).toHaveAttribute(
        'data-qr-value',
        JSON.stringify({ n: 'REP-00007', epc: REPAIR_EPC }),
      );
    });
  });
});

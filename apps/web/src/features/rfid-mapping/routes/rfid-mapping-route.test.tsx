import type { TDepartment } from '@loupe/domain/registry/departments';
import type { TReader } from '@loupe/domain/registry/readers';
import { PASSED_OVER_REPLAY_LIMIT } from '@loupe/domain/rfid/rfid-status';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { AuthContext } from '@/lib/auth/auth-context';
import { RealtimeContext, type TRealtimeContext } from '@/lib/realtime/realtime-context';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeAuth, makeDepartment, makeLocation, makeReader, makeStation, makeUser } from '@/test/factories';
import { fakeRealtime } from '@/test/fake-realtime';
import { makeQueryClient } from '@/test/render-with-providers';
import { makeAntennaMapping, makeTagAssignmentAntenna } from '@/test/rfid-fixtures';
import { readersQueryOptions } from '../api/get-readers';
import { RFID_STATUS_REFRESH_MS, rfidStatusQueryOptions, type TRfidStatus } from '../api/get-rfid-status';
import { TAG_ASSIGNMENT_SWITCH } from '../components/antenna-mapping-dialog';
import { NOT_MAPPED_LABEL, TAG_ASSIGNMENT_LABEL } from '../components/antenna-mapping-label';
import { NO_READ_YET } from '../components/antenna-table';
import {
  moreReadsText,
  PASSED_OVER_TITLE,
  REPLAY_FAILED,
  REPLAY_LABEL,
  replaySummaryText,
} from '../components/passed-over-reads-card';
import { KEY_SHOWN_ONCE } from '../components/reader-key-details';
import { NO_READERS } from '../components/readers-workspace';
import { NO_UNMAPPED_READS, UNMAPPED_READS_TITLE } from '../components/rfid-status-panel';
import { RfidMappingRoute } from './rfid-mapping-route';

const MINUTE_MS = 60_000;

function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * MINUTE_MS).toISOString();
}

const DOCK = makeReader({
  id: 'dock-1',
  name: 'Dock reader',
  antennas: [
    makeAntennaMapping({ readerId: 'dock-1', antenna: 1 }),
    makeTagAssignmentAntenna('dock-1', 3),
    makeAntennaMapping({
      readerId: 'dock-1',
      antenna: 6,
      departmentId: 'DEPT002',
      departmentName: 'Polishing',
      stationId: 'STATION000003',
      stationName: 'Wheel',
    }),
  ],
});
const BENCH = makeReader({
  id: 'bench_7',
  name: 'Bench wedge',
  kind: 'keyboard',
  apiKeyPrefix: 'lpr_cd34',
  status: 'offline',
  lastHeartbeat: null,
});

const DEPARTMENTS: TDepartment[] = [
  makeDepartment({
    id: 'DEPT001',
    name: 'Casting',
    stations: [
      makeStation({ id: 'STATION000001', name: 'Bench 1' }),
      makeStation({ id: 'STATION000002', name: 'Bench 2', antennaNumber: 2 }),
    ],
  }),
  makeDepartment({
    id: 'DEPT002',
    name: 'Polishing',
    stations: [makeStation({ id: 'STATION000003', name: 'Wheel' })],
  }),
];

const STATUS: TRfidStatus = {
  received: 120,
  fresh: 80,
  repeats: 35,
  rejected: 1,
  ignored: 4,
  moved: 52,
  tagAssignment: 3,
  unknownTag: 9,
  batches: 40,
  unmapped: [
    unresolved({ readerId: 'dock-1', antenna: 7, reads: 12 }),
    // Mapped since these were counted: not shown.
    unresolved({ readerId: 'dock-1', antenna: 1, reads: 2 }),
    unresolved({ readerId: 'bench_7', antenna: 2, reads: 30 }),
  ],
  unknownTags: [],
  rejections: [
    {
      readerId: 'dock-1',
      reason:
        'Published on a topic it may not use; disconnected. Allowed: loupe/readers/dock-1/{zebra|impinj|reads}.',
      topic: 'loupe/readers/bench_7/zebra',
      count: 3,
      firstAt: '2025-06-15T10:00:00.000Z',
      lastAt: '2025-06-15T11:50:00.000Z',
    },
  ],
  passedOver: { total: 0, rows: [] },
};

const PASSED_OVER: TRfidStatus['passedOver'] = {
  total: 3,
  rows: [
    {
      seq: 41,
      kind: 'read',
      epc: 'E2801160600041',
      readerId: 'dock-1',
      antenna: 2,
      readAt: '2025-06-15T09:30:00.000Z',
      error: 'could not extend file: No space left on device',
      attempts: 3,
      passedOverAt: '2025-06-15T09:30:05.000Z',
    },
  ],
};

function unresolved(entry: { readerId: string; antenna: number; reads: number }) {
  return {
    ...entry,
    lastEpc: 'E2801160600009',
    firstSeenAt: '2025-06-14T08:00:00.000Z',
    lastSeenAt: '2025-06-15T11:00:00.000Z',
  };
}

function stubGets({
  readers = [DOCK, BENCH],
  status = STATUS,
}: {
  readers?: readonly TReader[] | Error;
  status?: TRfidStatus | Error;
} = {}) {
  return mockGet({
    readers: readers instanceof Error ? readers : page(readers),
    'rfid/status': status instanceof Error ? status : envelope(status),
    // The stored newest read of antenna 4: true even with no live connection (issue 11 §6).
    'readers/last-reads': envelope([
      {
        readerId: 'dock-1',
        antenna: 4,
        epc: 'E2801160600002',
        timestamp: new Date(Date.now() - 120_000).toISOString(),
      },
    ]),
    departments: page(DEPARTMENTS),
    locations: page([makeLocation({ id: 'LOC001', name: 'Main workshop' })]),
  });
}

function renderRoute({ realtime = null }: { realtime?: TRealtimeContext | null } = {}) {
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      <AuthContext.Provider value={makeAuth(makeUser('admin'))}>
        <RealtimeContext.Provider value={realtime}>
          <MemoryRouter initialEntries={['/rfid-mapping']}>
            <RfidMappingRoute />
          </MemoryRouter>
        </RealtimeContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

function readerCard(name: string): HTMLElement {
  return screen.getByRole('listitem', { name });
}

function antennaRow(readerName: string, antenna: number): HTMLElement {
  return within(readerCard(readerName)).getByRole('row', { name: `Antenna ${antenna}` });
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

// Typing and Radix dialogs through userEvent are slow on a shared CI core.
describe('RfidMappingRoute', { timeout: 30_000 }, () => {
  beforeEach(() => stubPointerApis());
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('lists the readers with kind, status, last heartbeat, key prefix and what each antenna is mapped to', async () => {
    stubGets();
    renderRoute();
    expect(screen.getByRole('heading', { level: 1, name: 'RFID Mapping' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Readers' });

    const dock = readerCard('Dock reader');
    expect(within(dock).getByText('dock-1')).toBeInTheDocument();
    expect(within(dock).getByText('Zebra FX (IoT Connector)')).toBeInTheDocument();
    expect(within(dock).getByText('Online')).toBeInTheDocument();
    expect(within(dock).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(dock).getByText('lpr_ab12…')).toBeInTheDocument();
    const rows = within(within(dock).getByRole('table', { name: 'Antennas of Dock reader' })).getAllByRole(
      'row',
    );
    // The header, antennas 1-4, and mapped antenna 6.
    expect(rows.slice(1).map((row) => row.getAttribute('aria-label'))).toEqual([
      'Antenna 1',
      'Antenna 2',
      'Antenna 3',
      'Antenna 4',
      'Antenna 6',
    ]);
    expect(antennaRow('Dock reader', 1)).toHaveTextContent('Casting - Bench 1');
    expect(antennaRow('Dock reader', 2)).toHaveTextContent(NOT_MAPPED_LABEL);
    expect(antennaRow('Dock reader', 3)).toHaveTextContent(TAG_ASSIGNMENT_LABEL);
    expect(antennaRow('Dock reader', 6)).toHaveTextContent('Polishing - Wheel');
    expect(
      within(antennaRow('Dock reader', 1)).getByRole('button', { name: 'Edit antenna 1 of Dock reader' }),
    ).toBeInTheDocument();
    expect(within(antennaRow('Dock reader', 2)).queryByRole('button', { name: /^Remove/ })).toBeNull();
    // The broker's refusal of this reader, beside it, with what to fix (issue 21 §5).
    expect(within(dock).getByText(/Refused by the MQTT broker 3 times/)).toBeInTheDocument();
    expect(within(dock).getByText('loupe/readers/bench_7/zebra')).toBeInTheDocument();
    expect(within(readerCard('Bench wedge')).queryByText(/Refused by the MQTT broker/)).toBeNull();
    // Without a live connection the stored last reads still show, and say when nothing was read.
    expect(within(dock).getByRole('columnheader', { name: 'Last read' })).toBeInTheDocument();
    expect(antennaRow('Dock reader', 4)).toHaveTextContent('E2801160600002');
    expect(antennaRow('Dock reader', 1)).toHaveTextContent(NO_READ_YET);

    const bench = readerCard('Bench wedge');
    expect(within(bench).getByText('Keyboard wedge')).toBeInTheDocument();
    expect(within(bench).getByText('Offline')).toBeInTheDocument();
    expect(within(bench).getByText('never')).toBeInTheDocument();
  });

  it('adds a reader, checking the form first, and shows its key once with how to connect it', async () => {
    stubGets();
    const created = makeReader({ id: 'gate-2', name: 'Gate', kind: 'impinj', apiKeyPrefix: 'lpr_9f8e' });
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue(envelope({ reader: created, apiKey: 'lpr_9f8e7d6c5b4a' }));
    const user = userEvent.setup();
    renderRoute();
    await screen.findByRole('list', { name: 'Readers' });

    await user.click(screen.getByRole('button', { name: 'Add reader' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a reader' });
    await user.click(within(dialog).getByRole('button', { name: 'Add reader' }));
    expect(within(dialog).getByText('Enter a reader id')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a reader name')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reader id' }), 'gate 2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Gate');
    await user.click(within(dialog).getByRole('button', { name: 'Add reader' }));
    expect(
      within(dialog).getByText('Reader id may use letters, digits, - and _ (at most 64)'),
    ).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Reader id' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reader id' }), 'gate-2');
    await chooseOption(user, 'Kind', 'Impinj R700 (IoT interface)');
    await user.click(within(dialog).getByRole('button', { name: 'Add reader' }));

    dialog = await screen.findByRole('dialog', { name: 'Reader Gate was added' });
    expect(post).toHaveBeenCalledWith('readers', { id: 'gate-2', name: 'Gate', kind: 'impinj' });
    expect(within(dialog).getByText(KEY_SHOWN_ONCE)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'API key' })).toHaveValue('lpr_9f8e7d6c5b4a');
    expect(within(dialog).getByText(`${window.location.origin}/api/v1/rfid/impinj`)).toBeInTheDocument();
    expect(within(dialog).getByText('X-API-Key')).toBeInTheDocument();
    expect(within(dialog).getByText('gate-2')).toBeInTheDocument();
    expect(within(dialog).getByText('loupe/readers/gate-2/impinj')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe('lpr_9f8e7d6c5b4a');
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('lpr_9f8e7d6c5b4a')).toBeNull();
    // Opened again, the form starts empty: the key is not shown a second time.
    await user.click(screen.getByRole('button', { name: 'Add reader' }));
    dialog = await screen.findByRole('dialog', { name: 'Add a reader' });
    expect(within(dialog).queryByRole('textbox', { name: 'API key' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Reader id' })).toHaveValue('');
  });

  it('shows the server refusing a new reader next to its field', async () => {
    stubGets();
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError({
        message: 'Validation failed',
        status: 409,
        code: 'CONFLICT',
        details: { issues: [{ field: 'body.id', message: 'Reader dock-1 exists already' }] },
      }),
    );
    const user = userEvent.setup();
    renderRoute();
    await screen.findByRole('list', { name: 'Readers' });
    await user.click(screen.getByRole('button', { name: 'Add reader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a reader' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reader id' }), 'dock-1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Another dock');
    await user.click(within(dialog).getByRole('button', { name: 'Add reader' }));
    expect(await within(dialog).findByText('Reader dock-1 exists already')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Reader id' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('maps an antenna to a station of a department', async () => {
    stubGets();
    const mapped = makeAntennaMapping({
      readerId: 'dock-1',
      antenna: 2,
      stationId: 'STATION000002',
      stationName: 'Bench 2',
    });
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue(envelope(mapped));
    const user = userEvent.setup();
    renderRoute();
    await screen.findByRole('list', { name: 'Readers' });

    await user.click(
      within(antennaRow('Dock reader', 2)).getByRole('button', { name: 'Map antenna 2 of Dock reader' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Map antenna 2 of Dock reader' });
    expect(within(dialog).getByText(`Now: ${NOT_MAPPED_LABEL}.`)).toBeInTheDocument();
    await within(dialog).findByRole('combobox', { name: 'Department' });
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    expect(within(dialog).getByText('Choose a department', { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a station', { selector: 'p' })).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await chooseOption(user, 'Department', 'Casting');
    await user.click(within(dialog).getByRole('combobox', { name: 'Station' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Bench 1', 'Bench 2']);
    await user.click(screen.getByRole('option', { name: 'Bench 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(put).toHaveBeenCalledWith('readers/dock-1/antennas/2', {
      isTagAssignment: false,
      departmentId: 'DEPT001',
      stationId: 'STATION000002',
    });
    expect(getToasts()[0]?.title).toBe('Antenna 2 of Dock reader: Casting - Bench 2');
  });

  it('makes a mapped antenna the tag-assignment antenna', async () => {
    stubGets();
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue(envelope(makeTagAssignmentAntenna('dock-1', 1)));
    const user = userEvent.setup();
    renderRoute();
    await screen.findByRole('list', { name: 'Readers' });

    await user.click(
      within(antennaRow('Dock reader', 1)).getByRole('button', { name: 'Edit antenna 1 of Dock reader' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Map antenna 1 of Dock reader' });
    // It starts from the current mapping.
    expect(await within(dialog).findByRole('combobox', { name: 'Department' })).toHaveTextContent('Casting');
    expect(within(dialog).getByRole('combobox', { name: 'Station' })).toHaveTextContent('Bench 1');
    const tagSwitch = within(dialog).getByRole('switch', { name: TAG_ASSIGNMENT_SWITCH });
    expect(tagSwitch).not.toBeChecked();
    await user.click(tagSwitch);
    expect(within(dialog).queryByRole('combobox', { name: 'Department' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(put).toHaveBeenCalledWith('readers/dock-1/antennas/1', { isTagAssignment: true });
  });

  it('shows the server refusing a mapping in the editor, which stays open', async () => {
    stubGets();
    vi.spyOn(apiClient, 'put').mockRejectedValue(
      new ApiError({ message: 'Reader dock-1 already has a tag-assignment antenna', status: 409 }),
    );
    const user = userEvent.setup();
    renderRoute();
    await screen.findByRole('list', { name: 'Readers' });
    await user.click(
      within(antennaRow('Dock reader', 4)).getByRole('button', { name: 'Map antenna 4 of Dock reader' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Map antenna 4 of Dock reader' });
    await user.click(within(dialog).getByRole('switch', { name: TAG_ASSIGNMENT_SWITCH }));
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    expect(
      await within(dialog).findByText('Reader dock-1 already has a tag-assignment antenna'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Map antenna 4 of Dock reader' })).toBeInTheDocument();
  });

  it('maps an antenna not listed yet by its number', async () => {
    stubGets();
    const put = vi
      .spyOn(apiClient, 'put')
      .mockResolvedValue(envelope(makeAntennaMapping({ readerId: 'bench_7', antenna: 12 })));
    const user = userEvent.setup();
    renderRoute();
    await screen.findByRole('list', { name: 'Readers' });
    await user.click(
      within(readerCard('Bench wedge')).getByRole('button', { name: 'Map another antenna of Bench wedge' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Map an antenna of Bench wedge' });
    const antenna = within(dialog).getByRole('spinbutton', { name: 'Antenna number' });
    await user.type(antenna, '65');
    await chooseOption(user, 'Department', 'Casting');
    await chooseOption(user, 'Station', 'Bench 1');
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    expect(within(dialog).getByText('Enter an antenna number from 1 to 64')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await user.clear(antenna);
    await user.type(antenna, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(put).toHaveBeenCalledWith('readers/bench_7/antennas/12', {
      isTagAssignment: false,
      departmentId: 'DEPT001',
      stationId: 'STATION000001',
    });
  });

  it('renames a reader, sending only what changed', async () => {
    stubGets();
    const patch = vi.spyOn(apiClient, 'patch').mockResolvedValue(envelope({ ...DOCK, name: 'Loading dock' }));
    const user = userEvent.setup();
    renderRoute();
    await screen.findByRole('list', { name: 'Readers' });
    await user.click(
      within(readerCard('Dock reader')).getByRole('button', { name: 'Edit reader Dock reader' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit reader Dock reader' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save reader' }));
    expect(within(dialog).getByText('Enter a reader name')).toBeInTheDocument();
    await user.type(name, 'Loading dock');
    await user.click(within(dialog).getByRole('button', { name: 'Save reader' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patch).toHaveBeenCalledWith('readers/dock-1', { name: 'Loading dock' });
  });

  it('removes an antenna mapping after asking', async () => {
    const get = stubGets();
    const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue({ success: true });
    const user = userEvent.setup();
    renderRoute();
    await screen.findByRole('list', { name: 'Readers' });
    const readsBefore = get.mock.calls.filter(([path]) => path === 'readers').length;

    await user.click(
      within(antennaRow('Dock reader', 6)).getByRole('button', {
        name: 'Remove mapping of antenna 6 of Dock reader',
      }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: 'Remove the mapping of antenna 6 of Dock reader?',
    });
    expect(confirm).toHaveTextContent('Polishing - Wheel');
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Remove mapping' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).toHaveBeenCalledWith('readers/dock-1/antennas/6');
    // The readers are asked for again, to show the antenna unmapped.
    await waitFor(() =>
      expect(get.mock.calls.filter(([path]) => path === 'readers').length).toBeGreaterThan(readsBefore),
    );
  });

  it('lists reads of antennas still unmapped, busiest first, with the pipeline counters and a Map action', async () => {
    stubGets();
    const user = userEvent.setup();
    renderRoute();
    const panel = await screen.findByRole('region', { name: UNMAPPED_READS_TITLE });
    const table = await within(panel).findByRole('table', { name: UNMAPPED_READS_TITLE });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Bench wedge antenna 2',
      'Dock reader antenna 7',
    ]);
    expect(rows[1]).toHaveTextContent('Dock reader712');

    // Nothing passed over: no card for it.
    expect(screen.queryByRole('region', { name: new RegExp(PASSED_OVER_TITLE) })).toBeNull();
    const pipeline = screen.getByRole('region', { name: 'Read pipeline' });
    expect(within(pipeline).getByText('Received').nextElementSibling).toHaveTextContent('120');
    expect(within(pipeline).getByText('Unknown tags').nextElementSibling).toHaveTextContent('9');

    await user.click(within(panel).getByRole('button', { name: 'Map antenna 7 of Dock reader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map antenna 7 of Dock reader' });
    expect(within(dialog).getByText(`Now: ${NOT_MAPPED_LABEL}.`)).toBeInTheDocument();
  });

  it('lists the reads passed over with their refusal and applies them again on Try again', async () => {
    stubGets({ status: { ...STATUS, passedOver: PASSED_OVER } });
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue(envelope({ replayed: 2, refused: 1, remaining: 1 }));
    const user = userEvent.setup();
    renderRoute();
    const card = await screen.findByRole('region', { name: `${PASSED_OVER_TITLE} (3)` });
    const row = within(card).getByRole('row', { name: 'Read 41 of E2801160600041' });
    expect(row).toHaveTextContent('dock-1 · antenna 2');
    expect(row).toHaveTextContent('could not extend file: No space left on device');
    expect(
      within(card).getByText('And 2 more; Try again applies them all, oldest first.'),
    ).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: REPLAY_LABEL }));
    expect(post).toHaveBeenCalledWith('rfid/passed-over/replay');
    await waitFor(() =>
      expect(getToasts()[0]?.title).toBe('2 reads applied; 1 refused again. 1 still listed.'),
    );
    expect(getToasts()[0]?.variant).toBe('destructive');
  });

  it('says how many one Try again takes when more are listed than one replay applies', () => {
    expect(moreReadsText(620, 20)).toBe(
      `And 600 more; each Try again applies the oldest ${PASSED_OVER_REPLAY_LIMIT}.`,
    );
    expect(replaySummaryText({ replayed: 500, refused: 0, remaining: 120 })).toBe(
      '500 reads applied. 120 still listed.',
    );
    expect(replaySummaryText({ replayed: 1, refused: 0, remaining: 0 })).toBe('1 read applied.');
  });

  it('says why trying the passed-over reads again failed, and keeps them listed', async () => {
    stubGets({ status: { ...STATUS, passedOver: PASSED_OVER } });
    vi.spyOn(apiClient, 'post').mockRejectedValue(new Error('Network down'));
    const user = userEvent.setup();
    renderRoute();
    const card = await screen.findByRole('region', { name: `${PASSED_OVER_TITLE} (3)` });
    await user.click(within(card).getByRole('button', { name: REPLAY_LABEL }));
    await waitFor(() => expect(getToasts()[0]?.title).toBe(REPLAY_FAILED));
    expect(screen.getByRole('region', { name: `${PASSED_OVER_TITLE} (3)` })).toBeInTheDocument();
  });

  it('says so when no unmapped antenna read anything, and asks for the status every 30 s', async () => {
    stubGets({ status: { ...STATUS, unmapped: [] } });
    renderRoute();
    const panel = await screen.findByRole('region', { name: UNMAPPED_READS_TITLE });
    expect(await within(panel).findByText(NO_UNMAPPED_READS)).toBeInTheDocument();
    expect(rfidStatusQueryOptions().refetchInterval).toBe(RFID_STATUS_REFRESH_MS);
    expect(RFID_STATUS_REFRESH_MS).toBe(30_000);
    // Under the 'readers' root, which realtime 'rfid:reader-status' events refresh.
    expect(rfidStatusQueryOptions().queryKey[0]).toBe('readers');
    expect(readersQueryOptions().queryKey[0]).toBe('readers');
  });

  it('shows the last tag each antenna read, live, without reloading', async () => {
    stubGets();
    const realtime = fakeRealtime();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { unmount } = renderRoute({ realtime: realtime.context });
    await screen.findByRole('list', { name: 'Readers' });
    expect(
      within(readerCard('Dock reader')).getByRole('columnheader', { name: 'Last read' }),
    ).toBeInTheDocument();
    expect(antennaRow('Dock reader', 2)).toHaveTextContent(NO_READ_YET);

    const readAt = minutesAgo(3);
    realtime.emit('rfid:tag-read', {
      epc: 'E2801160600002084A6D3F12',
      readerId: 'dock-1',
      antenna: 2,
      timestamp: readAt,
    });
    expect(antennaRow('Dock reader', 2)).toHaveTextContent('E2801160600002084A6D3F12');
    expect(within(antennaRow('Dock reader', 2)).getByText('3 minutes ago')).toHaveAttribute(
      'dateTime',
      readAt,
    );
    expect(antennaRow('Dock reader', 1)).toHaveTextContent(NO_READ_YET);
    expect(antennaRow('Bench wedge', 2)).toHaveTextContent(NO_READ_YET);

    // An older read arriving late does not hide the newer one; a read at antenna 9 adds its row.
    realtime.emit('rfid:tag-read', {
      epc: 'E28011606000020800000001',
      readerId: 'dock-1',
      antenna: 2,
      timestamp: minutesAgo(6),
    });
    realtime.emit('rfid:tag-read', {
      epc: 'E28011606000020800000009',
      readerId: 'dock-1',
      antenna: 9,
      timestamp: minutesAgo(2),
    });
    expect(antennaRow('Dock reader', 2)).toHaveTextContent('E2801160600002084A6D3F12');
    expect(antennaRow('Dock reader', 9)).toHaveTextContent('E28011606000020800000009');
    expect(antennaRow('Dock reader', 9)).toHaveTextContent('2 minutes ago');
    expect(antennaRow('Dock reader', 9)).toHaveTextContent(NOT_MAPPED_LABEL);

    // An unreadable event is logged and changes nothing.
    realtime.emit('rfid:tag-read', { readerId: 'dock-1', antenna: 1 });
    expect(antennaRow('Dock reader', 1)).toHaveTextContent(NO_READ_YET);
    expect(warn).toHaveBeenCalledWith('Ignored an unreadable rfid:tag-read event', expect.any(String));

    unmount();
    expect(realtime.listenerCount('rfid:tag-read')).toBe(0);
  });

  it('makes a reader a new API key after asking, and shows it once', async () => {
    stubGets();
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue(envelope({ reader: { ...BENCH, apiKeyPrefix: 'lpr_ee77' }, apiKey: 'lpr_ee7711' }));
    const user = userEvent.setup();
    renderRoute();
    await screen.findByRole('list', { name: 'Readers' });
    await user.click(
      within(readerCard('Bench wedge')).getByRole('button', { name: 'New API key for Bench wedge' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Make a new API key for Bench wedge?' });
    expect(confirm).toHaveTextContent('The old key stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Make new key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key for Bench wedge' });
    expect(post).toHaveBeenCalledWith('readers/bench_7/api-key');
    expect(within(dialog).getByRole('textbox', { name: 'API key' })).toHaveValue('lpr_ee7711');
    expect(within(dialog).getByText(KEY_SHOWN_ONCE)).toBeInTheDocument();
    // A keyboard wedge sends generic JSON reads.
    expect(within(dialog).getByText('loupe/readers/bench_7/reads')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes a reader after asking', async () => {
    stubGets();
    const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue({ success: true });
    const user = userEvent.setup();
    renderRoute();
    await screen.findByRole('list', { name: 'Readers' });
    await user.click(
      within(readerCard('Dock reader')).getByRole('button', { name: 'Delete reader Dock reader' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete reader Dock reader?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete reader' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).toHaveBeenCalledWith('readers/dock-1');
    expect(getToasts()[0]?.title).toBe('Reader Dock reader was deleted');
  });

  it('says when there is no reader yet, with a way to add one', async () => {
    stubGets({ readers: [], status: { ...STATUS, unmapped: [] } });
    const user = userEvent.setup();
    renderRoute();
    const empty = (await screen.findByRole('heading', { name: NO_READERS })).closest('section');
    if (!empty) throw new Error('no empty state');
    expect(screen.queryByRole('list', { name: 'Readers' })).toBeNull();
    await user.click(within(empty).getByRole('button', { name: 'Add reader' }));
    expect(await screen.findByRole('dialog', { name: 'Add a reader' })).toBeInTheDocument();
  });

  it('shows why the readers could not be loaded, with a way to try again', async () => {
    const get = stubGets({ readers: new ApiError({ message: 'Only admins may see readers', status: 403 }) });
    const user = userEvent.setup();
    renderRoute();
    expect(await screen.findByText('Could not load the readers')).toBeInTheDocument();
    expect(screen.getByText('Only admins may see readers')).toBeInTheDocument();
    get.mockRestore();
    stubGets();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Readers' })).toBeInTheDocument();
  });

  it('shows why the RFID status could not be loaded, next to the readers', async () => {
    stubGets({ status: new ApiError({ message: 'Service unavailable', status: 503 }) });
    renderRoute();
    await screen.findByRole('list', { name: 'Readers' });
    const panel = screen.getByRole('region', { name: UNMAPPED_READS_TITLE });
    expect(await within(panel).findByText('Could not load the RFID status')).toBeInTheDocument();
    expect(within(panel).getByText('Service unavailable')).toBeInTheDocument();
  });
});

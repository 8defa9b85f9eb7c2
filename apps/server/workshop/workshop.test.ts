import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_LOCATION_ID } from '@loupe/domain/registry/departments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSafe } from './demo-safe-count.ts';
import { LoupeClient } from './loupe-client.ts';
import { SERVER_DIR, startLoupeProcess, type TLoupeProcess } from './loupe-process.ts';
import { seedWorkshop, type TWorkshop } from './seed-workshop.ts';
import { DEPARTMENTS, READERS } from './workshop-plan.ts';

const ADMIN = { email: 'owner@atelier.test', password: 'polish the platinum slowly' };

type THistoryEntry = { timestamp: string; currentStation: { id: string } | null };
type TTrackedOrder = {
  orderId: string;
  epcCode: string;
  currentStationId: string | null;
  locationHistory: THistoryEntry[];
};
type TTrackedRepair = { repairId: string; epcCode: string; locationHistory: THistoryEntry[] };
type TReader = {
  id: string;
  kind: string;
  status: string;
  antennas: { antenna: number; stationId: string | null; isTagAssignment: boolean }[];
};

let dataDir = '';
let loupe: TLoupeProcess | null = null;
let admin: LoupeClient;
let workshop: TWorkshop;

function server(): TLoupeProcess {
  if (loupe === null) throw new Error('Loupe is not running');
  return loupe;
}

async function historyEntries(): Promise<number> {
  const orders = await admin.data<TTrackedOrder[]>('GET', '/tracking/orders');
  const repairs = await admin.data<TTrackedRepair[]>('GET', '/tracking/repairs');
  return [...orders, ...repairs].reduce((sum, item) => sum + item.locationHistory.length, 0);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-workshop-'));
  loupe = await startLoupeProcess({ dataDir, admin: ADMIN });
  admin = await LoupeClient.signIn(loupe.url, ADMIN.email, ADMIN.password);
  workshop = await seedWorkshop(admin, { orders: 6, repairs: 4, withHistory: true });
}, 150_000);

afterAll(async () => {
  await loupe?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('seedWorkshop', () => {
  it('sets up the departments and stations of the plan', async () => {
    const page = await admin.data<{ items: { id: string; name: string; stations: { id: string }[] }[] }>(
      'GET',
      '/departments?limit=100',
    );
    expect(page.items.map((department) => department.name).sort()).toEqual(
      DEPARTMENTS.map((plan) => plan.name).sort(),
    );
    expect(page.items.length).toBeGreaterThanOrEqual(6);
    for (const department of page.items) {
      const seeded = workshop.departments.find((candidate) => candidate.id === department.id);
      expect(department.stations.map((station) => station.id)).toEqual(
        seeded?.stations.map((station) => station.id),
      );
      expect(department.stations.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('registers four readers of four mapped antennas, one of them the tag-assignment antenna', async () => {
    const page = await admin.data<{ items: TReader[] }>('GET', '/readers?limit=100');
    expect(page.items.map((reader) => [reader.id, reader.kind]).sort()).toEqual(
      READERS.map((reader) => [reader.id, reader.kind]).sort(),
    );
    const stationIds = new Set(workshop.departments.flatMap((d) => d.stations.map((s) => s.id)));
    for (const reader of page.items) {
      expect(reader.antennas.map((antenna) => antenna.antenna).sort()).toEqual([1, 2, 3, 4]);
      for (const antenna of reader.antennas) {
        if (!antenna.isTagAssignment) expect(stationIds.has(antenna.stationId ?? '')).toBe(true);
      }
    }
    const tagAssignment = page.items.flatMap((reader) => reader.antennas.filter((a) => a.isTagAssignment));
    expect(tagAssignment).toHaveLength(1);
    expect(workshop.readers.every((reader) => reader.apiKey.startsWith('lpr_'))).toBe(true);
  });

  it('tags every order and repair with its own EPC and gives each a location history', async () => {
    expect(workshop.items.filter((item) => item.kind === 'order')).toHaveLength(6);
    expect(workshop.items.filter((item) => item.kind === 'repair')).toHaveLength(4);
    const epcs = workshop.items.map((item) => item.epc);
    expect(new Set(epcs).size).toBe(epcs.length);
    for (const epc of epcs) expect(epc).toMatch(/^[0-9A-F]{24}$/);

    const orders = await admin.data<TTrackedOrder[]>('GET', '/tracking/orders');
    const repairs = await admin.data<TTrackedRepair[]>('GET', '/tracking/repairs');
    const tracked = new Map<string, { epcCode: string; locationHistory: THistoryEntry[] }>([
      ...orders.map((order) => [order.orderId, order] as const),
      ...repairs.map((repair) => [repair.repairId, repair] as const),
    ]);
    for (const item of workshop.items) {
      const found = tracked.get(item.id);
      expect(found?.epcCode).toBe(item.epc);
      expect(found?.locationHistory.length).toBeGreaterThanOrEqual(1);
      // In the past, newest first.
      const times = (found?.locationHistory ?? []).map((entry) => Date.parse(entry.timestamp));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    }
    const order = await admin.data<{ status: string }>('GET', `/orders/${orders[0]?.orderId}`);
    expect(order.status).not.toBe('new');
  });
});

describe('offsite in the demo (issue 11 §5)', () => {
  it('leaves a piece unseen past the offsite timeout and one at a vendor past the grace period, for the first sweep to flag', async () => {
    type TSeen = {
      lastSeenAt?: string | null;
      lastSeen?: string | null;
      expectedOffsite?: boolean;
      isExpectedOffsite?: boolean;
    };
    const orders = await admin.data<TSeen[]>('GET', '/tracking/orders');
    const repairs = await admin.data<TSeen[]>('GET', '/tracking/repairs');
    const general = await admin.data<{ offsiteTimeout: number; expectedOffsiteGracePeriod: number }>(
      'GET',
      '/settings/general',
    );
    const minutesUnseen = (item: TSeen) =>
      (Date.now() - Date.parse(item.lastSeenAt ?? item.lastSeen ?? '')) / 60_000;
    const pieces = [...orders, ...repairs];
    const expected = pieces.filter((item) => item.expectedOffsite ?? item.isExpectedOffsite);
    const unflagged = pieces.filter((item) => !(item.expectedOffsite ?? item.isExpectedOffsite));
    expect(unflagged.some((item) => minutesUnseen(item) > general.offsiteTimeout)).toBe(true);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.some((item) => minutesUnseen(item) > general.expectedOffsiteGracePeriod)).toBe(true);
  });
});

describe('reader simulator', () => {
  it('connects as the readers, moves pieces through the workshop until stopped, and fills the safe for a closing count', async () => {
    // A closing count already running as the simulator starts: it puts the expected pieces into the safe.
    await createDemoSafe(admin, workshop);
    const count = await admin.data<{ id: string; expectedCount: number }>('POST', '/safe-counts', {
      locationId: DEFAULT_LOCATION_ID,
    });
    expect(count.expectedCount).toBeGreaterThan(1);
    const before = await historyEntries();
    const file = path.join(dataDir, 'workshop.json');
    writeFileSync(file, JSON.stringify(workshop));
    const { url, mqttUrl } = server();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'workshop/reader-simulator.ts',
        '--workshop',
        file,
        '--loupe-url',
        url,
        '--mqtt-url',
        mqttUrl,
        '--interval',
        '0.3',
        '--min-dwell',
        '0',
        '--seed',
        '7',
      ],
      {
        cwd: SERVER_DIR,
        env: { ...process.env, LOUPE_EMAIL: ADMIN.email, LOUPE_PASSWORD: ADMIN.password },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let after = before;
      const deadline = Date.now() + 30_000;
      // Moves, not only the safe's reads (which add history too): a line of the simulator's per move.
      const moved = () => /→ .*\[(fx9600|r700)-/.test(output);
      while ((after <= before + 2 || !moved()) && Date.now() < deadline && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        after = await historyEntries();
      }
      expect(after, output).toBeGreaterThan(before + 2);
      // Every expected piece but one (left on a bench) read into the safe; pieces that left for a vendor
      // meanwhile are missing too.
      let counted = { countedCount: 0, missingCount: 0 };
      while (counted.countedCount === 0 && Date.now() < deadline) {
        counted = await admin.data('GET', `/safe-counts/${count.id}`);
        if (counted.countedCount === 0) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(counted.countedCount, output).toBeGreaterThan(0);
      expect(counted.countedCount, output).toBeLessThan(count.expectedCount);
      expect(counted.missingCount, output).toBeGreaterThanOrEqual(1);
      // Heartbeats over MQTT, keep-alives over MQTT and the webhook: every reader is online.
      const readers = await admin.data<{ items: TReader[] }>('GET', '/readers?limit=100');
      expect(readers.items.map((reader) => [reader.id, reader.status])).toEqual(
        readers.items.map((reader) => [reader.id, 'online']),
      );
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
    expect(output).toMatch(/→ .*\[(fx9600|r700)-/);
    expect(output).toContain('Reader simulator stopped (SIGTERM)');
    expect(output).toMatch(/closing count: \d+ pieces into the safe, [A-Z]+-\d+ left on a bench/);
  }, 60_000);
});

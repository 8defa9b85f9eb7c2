import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startLlrpEmulator, type TLlrpEmulator } from '../src/modules/llrp/emulator.ts';
import { LoupeClient } from '../workshop/loupe-client.ts';
import { startLoupeProcess, type TLoupeProcess } from '../workshop/loupe-process.ts';
import { onCleanup } from './bench-processes.ts';
import { epcOf } from './ingest-seed.ts';
import { ADMIN, STEP_MS } from './ingest-settings.ts';

/** BENCH_LLRP_READERS emulated LLRP readers, each with BENCH_LLRP_TAGS tags in view, reporting every 200 ms. */
const LLRP_READERS = Math.max(1, Number(process.env.BENCH_LLRP_READERS ?? 4));
const LLRP_TAGS = Math.max(1, Number(process.env.BENCH_LLRP_TAGS ?? 200));
const REPORT_EVERY_MS = 200;

export type TLlrpRow = {
  readonly label: string;
  readonly readers: number;
  readonly offeredPerSecond: number;
  readonly receivedPerSecond: number;
};

type TStatus = { received: number };

/**
 * The LLRP row of the ingest bench (issue 40): Loupe as its own process, connecting out to emulated
 * readers (apps/server/src/modules/llrp/emulator.ts) over TCP; reads/s is what its pipeline received
 * (GET /rfid/status) over one step, beside what the emulators reported.
 */
export async function measureLlrp(label: string, env: Record<string, string> = {}): Promise<TLlrpRow> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-bench-llrp-'));
  const removeDir = onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const emulators: TLlrpEmulator[] = [];
  let loupe: TLoupeProcess | null = null;
  const stop = onCleanup(async () => {
    await loupe?.stop();
    await Promise.all(emulators.map((emulator) => emulator.close()));
  });
  try {
    loupe = await startLoupeProcess({ dataDir, admin: ADMIN, logLevel: 'warn', env });
    const admin = await LoupeClient.signIn(loupe.url, ADMIN.email, ADMIN.password);
    for (let index = 0; index < LLRP_READERS; index += 1) {
      const tags = Array.from({ length: LLRP_TAGS }, (_, tag) => ({
        epc: epcOf('E2003C', index * LLRP_TAGS + tag),
        antenna: (tag % 4) + 1,
      }));
      const emulator = await startLlrpEmulator({ antennas: 4, tagsInView: tags });
      emulators.push(emulator);
      const id = `bench-llrp-${index + 1}`;
      await admin.data('POST', '/readers', { id, name: id, kind: 'llrp' });
      await admin.data('PUT', `/readers/${id}/llrp`, {
        host: '127.0.0.1',
        port: emulator.port,
        antennas: [1, 2, 3, 4].map((antenna) => ({ antenna, enabled: true, txPowerDbm: 20 })),
        reportEveryMs: REPORT_EVERY_MS,
      });
    }
    while (emulators.some((emulator) => emulator.reportedReads() === 0)) await delay(100);
    const status = () => admin.data<TStatus>('GET', '/rfid/status');
    const before = { received: (await status()).received, reported: total(emulators), at: performance.now() };
    await delay(STEP_MS);
    const after = { received: (await status()).received, reported: total(emulators), at: performance.now() };
    const seconds = (after.at - before.at) / 1000;
    return {
      label,
      readers: LLRP_READERS,
      offeredPerSecond: (after.reported - before.reported) / seconds,
      receivedPerSecond: (after.received - before.received) / seconds,
    };
  } finally {
    await stop();
    await removeDir();
  }
}

function total(emulators: readonly TLlrpEmulator[]): number {
  return emulators.reduce((sum, emulator) => sum + emulator.reportedReads(), 0);
}

export function printLlrpRow(row: TLlrpRow): void {
  const round = (value: number) => Math.round(value).toLocaleString('en');
  console.info(
    `LLRP ${row.label}: ${row.readers} emulated readers × ${LLRP_TAGS} tags every ${REPORT_EVERY_MS} ms — reported ${round(row.offeredPerSecond)} reads/s, received ${round(row.receivedPerSecond)} reads/s`,
  );
}

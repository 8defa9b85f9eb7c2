import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdapterResult } from '../src/modules/ingest/adapters/types.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/** RFID_MAX_BATCH_READS reaches the pipeline: payloads arriving together share a batch up to it, no further. */
describe('RFID_MAX_BATCH_READS', () => {
  let capped: TTestApp;
  let unset: TTestApp;

  beforeAll(async () => {
    capped = await createTestApp({ env: { RFID_MAX_BATCH_READS: '100' } });
    unset = await createTestApp();
  });
  afterAll(async () => {
    await capped.close();
    await unset.close();
  });

  /** 100 distinct reads of an antenna nobody mapped (recorded and counted, placed nowhere). */
  const payload = (from: number): TAdapterResult => ({
    reads: Array.from({ length: 100 }, (_, index) => ({
      epc: `E2801170000002${String(from + index).padStart(10, '0')}`,
      readerId: 'batch-size-fx',
      readerName: null,
      antenna: 7,
      timestamp: new Date(Date.UTC(2026, 10, 27, 3, 0, 0, from + index)).toISOString(),
      rssi: null,
      location: null,
    })),
    heartbeats: [],
    ignored: 0,
    rejected: [],
    rejectedCount: 0,
  });

  async function batchesFor(t: TTestApp): Promise<number> {
    const { pipeline } = t.app.loupe.rfid;
    const before = pipeline.counters().batches;
    await Promise.all([payload(0), payload(100), payload(200)].map((result) => pipeline.ingest(result)));
    return pipeline.counters().batches - before;
  }

  it('applies three payloads of 100 reads in three batches when a batch holds 100', async () => {
    expect(await batchesFor(capped)).toBe(3);
  });

  it('applies them together when the setting is absent (1,000 reads a batch on PGlite)', async () => {
    expect(await batchesFor(unset)).toBe(1);
  });
});

import { ZJobMaterialsSchema } from '@loupe/domain/jobs/materials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

// A 1×1 transparent PNG: what a signature pad sends, smaller.
const SIGNATURE = {
  signerName: 'Ada Lovelace',
  image:
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
};

const diamond = {
  kind: 'stone',
  description: 'Diamond, customer’s own',
  count: 1,
  weightMilli: 1_020,
  stone: { shape: 'round', sizeMm: '6.5', colour: 'G', clarity: 'VS1', setting: 'set' },
};
const chain = {
  kind: 'metal',
  description: 'Gold chain, 45 cm',
  count: 0,
  weightMilli: 12_450,
  metal: { alloy: '18k yellow' },
};

/** Issue 37 §4: materials in at intake, the ledger at the benches, the pickup check that delivers the job. */
describe.each(TEST_DATABASES)('the job envelope’s materials on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let counter: TTestClient;
  let bench: TTestClient;
  let designer: TTestClient;
  /** Repairs are delivered by their managers (an operator at the counter), orders by their editors. */
  let repairDesk: TTestClient;

  const materialsOf = (response: { json(): unknown }) =>
    ZJobMaterialsSchema.parse((response.json() as { data: unknown }).data);
  const errorOf = (response: { json(): unknown }) => response.json() as { code: string; message: string };

  async function intake(kind: 'order' | 'repair', id: string, lines: object[]) {
    const response = await counter.request('POST', `/api/v1/materials/jobs/${kind}/${id}/intake`, {
      body: { lines, signature: SIGNATURE },
    });
    expect(response.statusCode, response.body).toBe(200);
    return materialsOf(response);
  }

  const move = (client: TTestClient, lineId: string, body: object) =>
    client.request('POST', `/api/v1/materials/lines/${lineId}/movements`, { body });

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
    counter = (await t.clientAs('salesperson', { firstName: 'Sam', lastName: 'Counter' })).client;
    bench = (await t.clientAs('production', { firstName: 'Marco', lastName: 'Bench' })).client;
    designer = (await t.clientAs('designer')).client;
    repairDesk = (await t.clientAs('operator')).client;
  });
  afterAll(() => t.close());

  it('takes a diamond and a chain in with the customer’s signature, and follows them to a bench and back', async () => {
    const repair = await fx.repair({ customerName: 'Ada Lovelace' });
    const taken = await intake('repair', repair.id, [diamond, chain]);
    expect(taken.lines.map((line) => line.description)).toEqual([diamond.description, chain.description]);
    expect(taken.signatures).toMatchObject([{ purpose: 'intake', signerName: 'Ada Lovelace' }]);
    expect(taken.signatures[0]?.recordedByName).toBe('Sam Counter');
    const [stone, metal] = taken.lines;
    if (!stone || !metal) throw new Error('two lines expected');
    expect(stone.balance.onHand).toEqual({ count: 1, weightMilli: 1_020 });
    // The envelope's sign-off boxes: the repair workflow's phases, in order.
    expect(taken.phases.length).toBeGreaterThan(1);

    const issued = await move(bench, stone.id, {
      type: 'issued',
      count: 1,
      weightMilli: null,
      holder: 'Bench 2',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const atBench = materialsOf(issued).lines[0]?.balance;
    expect(atBench?.onHand).toEqual({ count: 0, weightMilli: 0 });
    expect(atBench?.atBench).toEqual([{ holder: 'Bench 2', count: 1, weightMilli: 1_020 }]);

    const again = await move(bench, stone.id, {
      type: 'issued',
      count: 1,
      weightMilli: 1_020,
      holder: 'Bench 3',
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'MATERIALS_NOT_ON_HAND',
      message: 'Only 0 · 0.000 ct on hand.',
    });

    const wrongBench = await move(bench, stone.id, {
      type: 'returned',
      count: 1,
      weightMilli: null,
      holder: 'Bench 3',
    });
    expect(errorOf(wrongBench).code).toBe('MATERIALS_NOT_AT_BENCH');

    const returned = await move(bench, stone.id, {
      type: 'returned',
      count: 1,
      weightMilli: null,
      holder: 'Bench 2',
    });
    expect(returned.statusCode).toBe(200);
    const ledger = materialsOf(returned).lines[0];
    expect(ledger?.entries.map((entry) => [entry.type, entry.byName])).toEqual([
      ['received', 'Sam Counter'],
      ['issued', 'Marco Bench'],
      ['returned', 'Marco Bench'],
    ]);
    expect(ledger?.balance.onHand).toEqual({ count: 1, weightMilli: 1_020 });

    // Grams to 0.01 g.
    const tooFine = await move(bench, metal.id, {
      type: 'issued',
      count: 0,
      weightMilli: 1_005,
      holder: 'Ana',
    });
    expect(errorOf(tooFine).code).toBe('VALIDATION_FAILED');
  });

  it('takes a signature on its own, refuses what is not a PNG, and announces each change after commit', async () => {
    const repair = await fx.repair();
    const announced: { name: string; payload: unknown }[] = [];
    const stop = t.app.loupe.events.subscribe((announcement) => {
      if (announcement.name === 'materials:changed') announced.push(announcement);
    });
    try {
      const notPng = await counter.request(
        'POST',
        `/api/v1/materials/jobs/repair/${repair.id}/signatures/intake`,
        {
          body: { signerName: 'Ada', image: 'data:image/svg+xml;base64,PHN2Zz4=' },
        },
      );
      expect(notPng.statusCode).toBe(400);
      expect(announced).toEqual([]);
      const signed = await counter.request(
        'POST',
        `/api/v1/materials/jobs/repair/${repair.id}/signatures/intake`,
        {
          body: SIGNATURE,
        },
      );
      expect(signed.statusCode).toBe(200);
      expect(materialsOf(signed).signatures).toMatchObject([
        { purpose: 'intake', signerName: 'Ada Lovelace' },
      ]);
      expect(announced).toMatchObject([{ payload: { itemType: 'repair', itemId: repair.id } }]);
    } finally {
      stop();
    }
  });

  it('keeps intake to the counter and the ledger to the bench', async () => {
    const order = await fx.order();
    const refused = await bench.request('POST', `/api/v1/materials/jobs/order/${order.id}/intake`, {
      body: { lines: [chain] },
    });
    expect(refused.statusCode).toBe(403);
    const [line] = (await intake('order', order.id, [chain])).lines;
    if (!line) throw new Error('a line expected');
    const counterIssues = await move(counter, line.id, {
      type: 'issued',
      count: 0,
      weightMilli: 1_000,
      holder: 'Ana',
    });
    expect(counterIssues.statusCode).toBe(403);
    // A designer sees the order’s materials (orders are for all) but moves nothing.
    expect((await designer.request('GET', `/api/v1/materials/jobs/order/${order.id}`)).statusCode).toBe(200);
    const repair = await fx.repair();
    expect((await designer.request('GET', `/api/v1/materials/jobs/repair/${repair.id}`)).statusCode).toBe(
      403,
    );
  });

  it('delivers only once every line is checked out or explained, with the customer’s signature', async () => {
    const repair = await fx.repair({ status: 'ready' });
    const [stone, metal] = (await intake('repair', repair.id, [diamond, chain])).lines;
    if (!stone || !metal) throw new Error('two lines expected');

    // Straight to "picked up" by hand: refused while the materials are not checked out.
    const byHand = await repairDesk.request('PATCH', `/api/v1/repairs/${repair.id}`, {
      body: { status: 'picked_up' },
    });
    expect(byHand.statusCode, byHand.body).toBe(409);
    expect(errorOf(byHand).code).toBe('MATERIALS_NOT_ACCOUNTED');

    const pickup = (lines: object[]) =>
      repairDesk.request('POST', `/api/v1/materials/jobs/repair/${repair.id}/pickup`, {
        body: { lines, signature: SIGNATURE },
      });
    const short = await pickup([
      { lineId: stone.id, count: 1, weightMilli: 1_020 },
      { lineId: metal.id, count: 0, weightMilli: 12_300 },
    ]);
    expect(short.statusCode).toBe(409);
    expect(errorOf(short)).toMatchObject({ code: 'MATERIALS_NOT_ACCOUNTED' });
    expect(errorOf(short).message).toContain('0.15 g short');
    // The refused pickup wrote nothing: the checkout and the delivery are one transaction.
    const untouched = materialsOf(
      await repairDesk.request('GET', `/api/v1/materials/jobs/repair/${repair.id}`),
    );
    expect(untouched.signatures).toHaveLength(1);
    expect(untouched.lines.map((line) => line.entries.length)).toEqual([1, 1]);

    const delivered = await pickup([
      { lineId: stone.id, count: 1, weightMilli: 1_020 },
      { lineId: metal.id, count: 0, weightMilli: 12_300, shortfallNote: 'Solder losses at the clasp' },
    ]);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const after = materialsOf(delivered);
    expect(after.isAccounted).toBe(true);
    expect(after.signatures.map((signature) => signature.purpose)).toEqual(['intake', 'pickup']);
    expect(after.lines[1]?.balance.shortfall).toEqual({ count: 0, weightMilli: 150 });
    const job = await counter.request('GET', `/api/v1/repairs/${repair.id}`);
    expect((job.json() as { data: { status: string } }).data.status).toBe('picked_up');
  });

  it('refuses a pickup before the job is ready, writing nothing', async () => {
    const order = await fx.order({ status: 'in_production' });
    const [line] = (await intake('order', order.id, [chain])).lines;
    if (!line) throw new Error('a line expected');
    const early = await counter.request('POST', `/api/v1/materials/jobs/order/${order.id}/pickup`, {
      body: { lines: [{ lineId: line.id, count: 0, weightMilli: 12_450 }], signature: SIGNATURE },
    });
    expect(early.statusCode).toBe(409);
    const still = materialsOf(await counter.request('GET', `/api/v1/materials/jobs/order/${order.id}`));
    expect(still.signatures).toHaveLength(1);
    expect(still.lines[0]?.entries).toHaveLength(1);
  });
});

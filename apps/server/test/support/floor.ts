import type { TRole } from '@loupe/domain/auth/roles';
import { expect } from 'vitest';
import { readerAntennas, readers } from '../../src/db/schema/registry.ts';
import { emptyResult } from '../../src/modules/ingest/adapters/types.ts';
import type { TUserRow } from '../../src/modules/users/repository.ts';
import type { TTestApp, TTestClient } from './test-app.ts';
import type { TTrackingFixtures } from './tracking-fixtures.ts';

// What the floor's suites (the closing count, transfers between locations) set up alike: the people signed
// in, a reader over some stations, tagged orders read at a station, and reads through the real pipeline.

/**
 * One signed-in client per role (with the user fields given), and each one's email; `fresh()` signs each in
 * again, for a test that follows a long one and must not meet an expired id token.
 */
export async function signedInTeam<const R extends TRole>(
  t: TTestApp,
  people: Readonly<Record<R, Partial<TUserRow>>>,
): Promise<{
  readonly clients: Record<R, TTestClient>;
  readonly emails: Record<R, string>;
  readonly fresh: () => Promise<void>;
}> {
  const clients = {} as Record<R, TTestClient>;
  const emails = {} as Record<R, string>;
  const roles = Object.keys(people) as R[];
  for (const role of roles) {
    const signedIn = await t.clientAs(role, people[role]);
    clients[role] = signedIn.client;
    emails[role] = signedIn.user.email;
  }
  return {
    clients,
    emails,
    async fresh() {
      for (const role of roles) clients[role].idToken = (await t.signIn(emails[role])).IdToken;
    },
  };
}

/** A reader (a Zebra unless said) whose antennas read at these stations; the RFID pipeline takes the mapping up at once. */
export async function installReader(
  t: TTestApp,
  reader: {
    readonly id: string;
    readonly name: string;
    readonly apiKeyPrefix: string;
    readonly kind?: string;
  },
  antennas: readonly {
    readonly antenna: number;
    readonly departmentId: string;
    readonly stationId: string;
  }[],
): Promise<void> {
  const { db } = t.database;
  await db.insert(readers).values({ kind: 'zebra', ...reader, apiKeyHash: 'h' });
  await db.insert(readerAntennas).values(antennas.map((antenna) => ({ readerId: reader.id, ...antenna })));
  t.app.loupe.rfid.mappingsChanged();
}

/** Reads of these tags at one antenna of a reader, through the real pipeline, a minute after the last. */
export async function readThroughPipeline(
  t: TTestApp,
  readerId: string,
  antenna: number,
  epcs: readonly string[],
): Promise<void> {
  t.clock.advance(60_000);
  await t.app.loupe.rfid.pipeline.ingest({
    ...emptyResult(),
    reads: epcs.map((epc) => ({
      readerId,
      readerName: null,
      antenna,
      rssi: -50,
      location: null,
      epc,
      timestamp: t.clock().toISOString(),
    })),
  });
  // Acknowledged means journaled (decision 025): the read has moved the piece once the applier has passed it.
  await t.app.loupe.rfid.pipeline.drain();
}

/** A read of an order by hand at a station (update-location, the same path as a reader's). */
export async function readByHand(
  client: TTestClient,
  job: { readonly id: string; readonly epc: string },
  departmentId: string,
  stationId: string,
): Promise<void> {
  const moved = await client.request('POST', '/api/v1/tracking/orders/update-location', {
    body: { orderId: job.id, epcCode: job.epc, departmentId, stationId },
  });
  expect(moved.statusCode, moved.body).toBe(200);
}

/** A new order for Ada Lovelace with a tag assigned (not read anywhere yet). */
export async function taggedOrder(client: TTestClient, fx: TTrackingFixtures) {
  const order = await fx.order({ customerName: 'Ada Lovelace' });
  const epc = fx.epc();
  const tagged = await client.request('POST', '/api/v1/tracking/assign-epc', {
    body: { orderId: order.id, epcCode: epc, orderNumber: order.orderNumber },
  });
  expect(tagged.statusCode, tagged.body).toBe(200);
  return { ...order, epc };
}

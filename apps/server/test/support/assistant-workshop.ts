import type { AddressInfo } from 'node:net';
import type { TRole } from '@loupe/domain/auth/roles';
import type { TLookup } from '../../src/lib/outbound-url.ts';
import { LoupeClient } from '../../workshop/loupe-client.ts';
import { seededRandom } from '../../workshop/random.ts';
import { assignDemoWork, seedWorkshop, type TWorkshop } from '../../workshop/seed-workshop.ts';
import { STAFF_BY_ROLE } from '../../workshop/workshop-plan.ts';
import type { TTestDatabaseKind } from './databases.ts';
import { createTestApp, TEST_PASSWORD, type TTestApp, type TTestClient } from './test-app.ts';
import { createTestClock } from './test-clock.ts';

/**
 * The assistant's workshop (issue 16 §5): the demo's workshop plan seeded through the public API, one
 * person per role, at a fixed present, with one worker and the same random seed, so the same questions
 * always meet the same data (assistant-questions.ts holds the questions and their expected answers).
 */

/** A Wednesday in opening hours (the working calendar is UTC by default). */
export const ASSISTANT_WORKSHOP_NOW = new Date('2026-03-11T14:00:00.000Z');

/** Jobs made late by hand (as the demo does): promised some days before "now". */
export const LATE_BY_HAND: Readonly<Record<string, number>> = {
  'ORD-00003': 2,
  'ORD-00007': 1,
  'REP-00019': 3,
};

export type TAssistantWorkshop = {
  readonly t: TTestApp;
  readonly workshop: TWorkshop;
  readonly clients: Readonly<Record<TRole, TTestClient>>;
  readonly userIds: Readonly<Record<TRole, string>>;
  readonly close: () => Promise<void>;
};

export async function createAssistantWorkshop(
  options: {
    env?: Record<string, string>;
    orders?: number;
    repairs?: number;
    database?: TTestDatabaseKind;
    outboundLookup?: TLookup;
  } = {},
): Promise<TAssistantWorkshop> {
  const clock = createTestClock(ASSISTANT_WORKSHOP_NOW);
  const t = await createTestApp({
    clock,
    ...(options.env ? { env: options.env } : {}),
    ...(options.database ? { database: options.database } : {}),
    ...(options.outboundLookup ? { outboundLookup: options.outboundLookup } : {}),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const clients = {} as Record<TRole, TTestClient>;
  const userIds = {} as Record<TRole, string>;
  for (const role of Object.keys(STAFF_BY_ROLE) as TRole[]) {
    const person = STAFF_BY_ROLE[role];
    const user = await t.createUser({ role, email: `${role}@atelier.test`, ...person });
    const client = t.client();
    client.idToken = (await t.signIn(user.email)).IdToken;
    clients[role] = client;
    userIds[role] = user.id;
  }
  const admin = await LoupeClient.signIn(`http://127.0.0.1:${port}`, 'admin@atelier.test', TEST_PASSWORD);
  const workshop = await seedWorkshop(admin, {
    orders: options.orders ?? 16,
    repairs: options.repairs ?? 8,
    withHistory: true,
    now: ASSISTANT_WORKSHOP_NOW,
    random: seededRandom(42),
    concurrency: 1,
  });
  await assignDemoWork(admin, { seed: 7 });
  for (const [number, days] of Object.entries(LATE_BY_HAND)) {
    const item = workshop.items.find((candidate) => candidate.number === number);
    if (!item) continue;
    const promisedDate = new Date(ASSISTANT_WORKSHOP_NOW.getTime() - days * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await admin.request('PATCH', `/${item.kind}s/${item.id}`, { promisedDate });
  }
  // The offsite sweep, once: pieces unseen for hours leave the building.
  await t.app.loupe.tracking.detectOffsite(clock());
  return {
    t,
    workshop,
    clients,
    userIds,
    close: () => t.close(),
  };
}

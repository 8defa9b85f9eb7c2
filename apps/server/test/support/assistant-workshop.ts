import type { AddressInfo } from 'node:net';
import type { TRole } from '@loupe/domain/auth/roles';
import type { TLookup } from '../../src/lib/outbound-url.ts';
import { assignDemoWork } from '../../workshop/demo-work.ts';
import { LoupeClient } from '../../workshop/loupe-client.ts';
import { seededRandom } from '../../workshop/random.ts';
import { seedWorkshop, type TWorkshop } from '../../workshop/seed-workshop.ts';
import { STAFF_BY_ROLE } from '../../workshop/workshop-plan.ts';
import type { TTestDatabaseKind } from './databases.ts';
import { createTestApp, TEST_PASSWORD, type TTestApp, type TTestClient } from './test-app.ts';
import { createTestClock } from './test-clock.ts';

/**
 * The assistant's workshop (issue 16 §5): the demo's workshop plan seeded through the public API, one
 * person per role, at a fixed present, with one worker and the same random seed, so the same questions
 * always meet the same data. A few changes by hand, as staff would make them, put jobs in every job view
 * and due window (issue 32 §4): the generated questions (assistant-generated-questions.ts) take their
 * expected answers from the APIs on this data, the fixed ones (assistant-questions.ts) name its facts.
 */

/** A Wednesday in opening hours (the working calendar is UTC by default). */
export const ASSISTANT_WORKSHOP_NOW = new Date('2026-03-11T14:00:00.000Z');

/**
 * Promised dates set by hand, in days from "now": overdue (as the demo makes some), due today, tomorrow and
 * in a few days (at risk where the work left is longer).
 */
export const PROMISED_BY_HAND: Readonly<Record<string, number>> = {
  'ORD-00003': -2,
  'ORD-00007': -1,
  'REP-00006': -3,
  'ORD-00012': 0,
  'REP-00007': 0,
  'ORD-00014': 1,
  'REP-00001': 1,
  'ORD-00002': 2,
  'ORD-00008': 3,
};

/** Statuses set by hand: awaiting the customer's approval, waiting for parts, and finished ones. */
export const STATUS_BY_HAND: Readonly<Record<string, string>> = {
  'ORD-00006': 'awaiting_approval',
  'REP-00008': 'waiting_parts',
  'ORD-00015': 'delivered',
  'REP-00005': 'picked_up',
};

/** Made rush by hand, beside the seed's own. */
export const RUSH_BY_HAND: readonly string[] = ['ORD-00010'];

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
  const itemOf = (number: string) => {
    const item = workshop.items.find((candidate) => candidate.number === number);
    if (!item) throw new Error(`the assistant workshop has no ${number}`);
    return item;
  };
  for (const [number, days] of Object.entries(PROMISED_BY_HAND)) {
    const item = itemOf(number);
    const promisedDate = new Date(ASSISTANT_WORKSHOP_NOW.getTime() + days * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await admin.request('PATCH', `/${item.kind}s/${item.id}`, { promisedDate });
  }
  for (const number of RUSH_BY_HAND) {
    const item = itemOf(number);
    await admin.request('PATCH', `/${item.kind}s/${item.id}`, { isRush: true });
  }
  for (const [number, status] of Object.entries(STATUS_BY_HAND)) {
    const item = itemOf(number);
    await admin.request('PATCH', `/${item.kind}s/${item.id}`, { status });
  }
  // The offsite sweep, once: pieces unseen for hours leave the building.
  await t.app.loupe.tracking.detectOffsite(clock());
  // The visits the seed's moves ended are in analytics once its projection has followed them (decision 026).
  await t.app.loupe.projections.caughtUp();
  return {
    t,
    workshop,
    clients,
    userIds,
    close: () => t.close(),
  };
}

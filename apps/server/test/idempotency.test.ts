import { IDEMPOTENCY_KEY_TTL_MS } from '@loupe/domain/api/idempotency';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema/idempotency.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures } from './support/tracking-fixtures.ts';

/**
 * Issue 36 §5: a write sent again with its Idempotency-Key (a retry after a lost answer, a double submit)
 * is done once; the repeat gets the first answer, from the database, for 24 hours.
 */
describe.each(TEST_DATABASES)('Idempotency-Key on %s', (database) => {
  let t: TTestApp;
  let sales: TTestClient;
  let customerId: string;
  let keySeq = 0;
  const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

  beforeAll(async () => {
    t = await createTestApp({ database });
    const signedIn = await t.clientAs('salesperson');
    sales = signedIn.client;
    customerId = (await createTrackingFixtures(t.database.db, t.clock).customer()).id;
  });
  afterAll(() => t.close());

  const postOrder = (key: string, body: Record<string, unknown> = {}, client = sales) =>
    client.request('POST', '/api/v1/orders', {
      headers: { 'idempotency-key': key },
      body: { customerId, ...body },
    });

  async function orderCount(): Promise<number> {
    const response = await sales.request('GET', '/api/v1/orders?limit=1');
    return response.json().data.total;
  }

  it('creates one order for a POST sent twice with its key, and answers the repeat with the first answer', async () => {
    const before = await orderCount();
    const key = newKey();
    const first = await postOrder(key, { description: 'Solitaire, 1.2 ct' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await postOrder(key, { description: 'Solitaire, 1.2 ct' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await orderCount()).toBe(before + 1);
  });

  it('does the work once when the same request arrives twice at the same moment', async () => {
    const before = await orderCount();
    const key = newKey();
    const [one, two] = await Promise.all([postOrder(key), postOrder(key)]);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(two.json().data.id).toBe(one.json().data.id);
    expect(await orderCount()).toBe(before + 1);
  });

  it('refuses the same key with another body (422 IDEMPOTENCY_KEY_REUSED) and does nothing', async () => {
    const key = newKey();
    expect((await postOrder(key, { description: 'first' })).statusCode).toBe(201);
    const before = await orderCount();
    const reused = await postOrder(key, { description: 'second' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422 });
    expect(await orderCount()).toBe(before);
  });

  it('keeps keys per user: another user with the same key gets an answer of their own', async () => {
    const key = newKey();
    const mine = await postOrder(key);
    const { client: other } = await t.clientAs('salesperson');
    const theirs = await postOrder(key, {}, other);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
  });

  it('keeps a refusal of the service too, so that a repeat is refused the same way without trying again', async () => {
    const key = newKey();
    const missing = { customerId: '00000000-0000-4000-8000-000000000000' };
    const refused = await postOrder(key, missing);
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const again = await postOrder(key, missing);
    expect(again.statusCode).toBe(refused.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().message).toBe(refused.json().message);
  });

  it('claims no key for a body the route refuses before any work: the corrected request goes through', async () => {
    const before = await orderCount();
    const key = newKey();
    const invalid = await postOrder(key, { priceCents: 100, depositCents: 200 });
    expect(invalid.statusCode).toBe(400);
    const corrected = await postOrder(key, { priceCents: 100, depositCents: 50 });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(await orderCount()).toBe(before + 1);
  });

  it('refuses a malformed key before doing anything', async () => {
    const before = await orderCount();
    const response = await postOrder('no');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' });
    expect(await orderCount()).toBe(before);
  });

  it('serves a write without a key as always', async () => {
    const before = await orderCount();
    const response = await sales.request('POST', '/api/v1/orders', { body: { customerId } });
    expect(response.statusCode).toBe(201);
    expect(await orderCount()).toBe(before + 1);
  });

  // Last: it moves the clock by days, past the life of every token signed in so far.
  it('does the work again once the 24 hours are over, and the sweep forgets old keys', async () => {
    const { user, client: me } = await t.clientAs('salesperson');
    const signInAgain = async () => {
      me.idToken = (await t.signIn(user.email)).IdToken;
    };
    const count = async () => (await me.request('GET', '/api/v1/orders?limit=1')).json().data.total;
    const before = await count();
    const key = newKey();
    expect((await postOrder(key, {}, me)).statusCode).toBe(201);
    t.clock.advance(IDEMPOTENCY_KEY_TTL_MS - 60_000);
    await signInAgain();
    expect((await postOrder(key, {}, me)).headers['idempotent-replayed']).toBe('true');
    expect(await count()).toBe(before + 1);

    t.clock.advance(120_000);
    await signInAgain();
    const later = await postOrder(key, {}, me);
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await count()).toBe(before + 2);

    // Every key claimed before the last one is now past its 24 hours.
    t.clock.advance(IDEMPOTENCY_KEY_TTL_MS + 1);
    expect(await t.app.loupe.idempotency.sweepExpired()).toBeGreaterThanOrEqual(1);
    const [left] = await t.database.db
      .select({ count: sql<number>`count(*)::integer` })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.userId} = ${user.id}`);
    expect(left?.count).toBe(0);
  });
});

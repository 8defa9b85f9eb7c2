import { ZNotificationListSchema } from '@loupe/domain/alerts/alerts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/jobs.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTestClock } from './support/test-clock.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

// Tuesday 11 June 2030, an hour before the workshop opens (09:00–17:00 UTC, Monday to Friday).
const TUESDAY_0800 = new Date('2030-06-11T08:00:00Z');
const WORKSHOP_HOURS = {
  timeZone: 'UTC',
  openDays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '17:00',
  closedDates: [],
};

/** Issue 15 §4: quiet hours hold back alert e-mails; the daily digest goes out once each open day. */
describe.each(TEST_DATABASES)('quiet hours and the daily digest on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let manager: TTestClient;
  let managerEmail: string;

  const data = (response: { json(): unknown }) => (response.json() as { data: unknown }).data;

  async function signedIn(role: Parameters<TTestApp['clientAs']>[0], preferences: Record<string, unknown>) {
    const { client, user } = await t.clientAs(role);
    const saved = await client.request('PUT', '/api/v1/settings/notifications', { body: preferences });
    expect(saved.statusCode, saved.body).toBe(200);
    return { client, user };
  }

  async function overdueOrder(customerName: string) {
    const order = await fx.order({ customerName });
    await t.database.db.update(orders).set({ promisedDate: '2030-06-03' }).where(eq(orders.id, order.id));
    return order;
  }

  const mailsTo = async (email: string) =>
    (await t.app.loupe.mailer.outbox(500)).filter((mail) => mail.to === email);

  beforeAll(async () => {
    t = await createTestApp({ database, clock: createTestClock(TUESDAY_0800) });
    fx = createTrackingFixtures(t.database.db, t.clock);
    const signedInManager = await t.clientAs('manager');
    manager = signedInManager.client;
    managerEmail = signedInManager.user.email;
    const calendar = await manager.request('PUT', '/api/v1/workflow/calendar', { body: WORKSHOP_HOURS });
    expect(calendar.statusCode, calendar.body).toBe(200);
  });
  afterAll(() => t.close());

  it('refuses quiet hours that start and end at the same time, or are not times', async () => {
    for (const quietHours of [
      { start: '20:00', end: '20:00' },
      { start: '8pm', end: '07:00' },
    ]) {
      const refused = await manager.request('PUT', '/api/v1/settings/notifications', {
        body: { quietHours },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('sends no alert e-mail in a user’s quiet hours, keeps the alert in their bell, and mails again after', async () => {
    const quiet = await signedIn('manager', { quietHours: { start: '20:00', end: '09:00' } });
    const loud = await signedIn('manager', {});

    const night = await overdueOrder('Nell Quiet');
    await t.app.loupe.alerts.evaluate();
    const title = `${night.orderNumber} is overdue`;
    expect((await mailsTo(loud.user.email)).map((mail) => mail.subject)).toContain(`[Loupe] ${title}`);
    expect(await mailsTo(quiet.user.email)).toEqual([]);
    const bell = ZNotificationListSchema.parse(
      data(await quiet.client.request('GET', '/api/v1/notifications')),
    );
    expect(bell.items.map((item) => item.title)).toContain(title);

    // At 09:30 the quiet hours are over: the next alert is mailed.
    t.clock.set(new Date('2030-06-11T09:30:00Z'));
    quiet.client.idToken = (await t.signIn(quiet.user.email)).IdToken;
    const morning = await overdueOrder('Otto Morning');
    await t.app.loupe.alerts.evaluate();
    expect((await mailsTo(quiet.user.email)).map((mail) => mail.subject)).toEqual([
      `[Loupe] ${morning.orderNumber} is overdue`,
    ]);
  });

  it('mails each user who chose the digest once the workshop opens, with what is theirs, once a day', async () => {
    t.clock.set(new Date('2030-06-12T08:30:00Z'));
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
    const bench = await signedIn('production', { dailyDigest: true });
    const sales = await signedIn('salesperson', { dailyDigest: true });
    const boss = await signedIn('manager', { dailyDigest: true });
    const unsubscribed = await signedIn('designer', { dailyDigest: false });
    const job = await fx.order({ customerName: 'Pia Digest' });
    const assigned = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: job.id, assigneeId: bench.user.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);

    expect(await t.app.loupe.digests.sendDue()).toBe(0);
    expect(await mailsTo(bench.user.email)).toEqual([]);

    t.clock.set(new Date('2030-06-12T09:01:00Z'));
    expect(await t.app.loupe.digests.sendDue()).toBe(3);
    const subject = '[Loupe] Your day in Loupe, 2030-06-12';

    const [benchDigest] = await mailsTo(bench.user.email);
    expect(benchDigest?.subject).toBe(subject);
    expect(benchDigest?.text).toContain('Your tasks (1)');
    expect(benchDigest?.text).toContain(job.orderNumber);
    expect(benchDigest?.text).toContain(`/orders/${job.id}`);
    // Production has no alert feed, so its digest has no alerts.
    expect(benchDigest?.text).not.toContain('alerts');

    const [salesDigest] = await mailsTo(sales.user.email);
    expect(salesDigest?.text).toContain('Nothing is assigned to you.');
    expect(salesDigest?.text).not.toContain('alerts');

    const [bossDigest] = await mailsTo(boss.user.email);
    expect(bossDigest?.text).toMatch(/Open alerts \(\d+\)/);
    expect(bossDigest?.text).toContain('is overdue (');

    expect(await mailsTo(unsubscribed.user.email)).toEqual([]);

    // Later the same day, and on the Saturday, nobody gets another.
    t.clock.set(new Date('2030-06-12T15:00:00Z'));
    expect(await t.app.loupe.digests.sendDue()).toBe(0);
    t.clock.set(new Date('2030-06-15T10:00:00Z'));
    expect(await t.app.loupe.digests.sendDue()).toBe(0);
    expect(await mailsTo(bench.user.email)).toHaveLength(1);
    // The next open day brings the next one.
    t.clock.set(new Date('2030-06-17T09:00:00Z'));
    expect(await t.app.loupe.digests.sendDue()).toBe(3);
    expect(await mailsTo(bench.user.email)).toHaveLength(2);
  });
});

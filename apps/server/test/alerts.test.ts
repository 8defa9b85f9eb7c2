import {
  ALERT_RULE_DEFAULTS,
  type TAlert,
  ZAlertRulesSchema,
  ZAlertSchema,
  ZNotificationListSchema,
} from '@loupe/domain/alerts/alerts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/jobs.ts';
import { readers } from '../src/db/schema/registry.ts';
import { rfidUnresolvedReads } from '../src/db/schema/rfid.ts';
import { trackedItems } from '../src/db/schema/tracking.ts';
import type { TAnnouncement } from '../src/realtime/event-bus.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

const HOUR = 3_600_000;
const ALWAYS_OPEN = {
  timeZone: 'UTC',
  openDays: [0, 1, 2, 3, 4, 5, 6],
  opensAt: '00:00',
  closesAt: '23:59',
  closedDates: [],
};

type TPlace = { department: { id: string }; station: { id: string } };

/** Issue 15: alert rules raised once per cause and cleared by themselves, the feed, and the bell. */
describe.each(TEST_DATABASES)('alerts on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let manager: TTestClient;
  let managerEmail: string;
  let managerId: string;
  let bench: TPlace;
  let polishing: TPlace;
  let announced: TAnnouncement[];

  const data = (response: { json(): unknown }) => (response.json() as { data: unknown }).data;

  async function feed(client: TTestClient = manager, query = ''): Promise<TAlert[]> {
    const response = await client.request('GET', `/api/v1/alerts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return ZAlertSchema.array().parse(data(response));
  }

  const about = (alerts: TAlert[], subjectId: string, rule: TAlert['rule']) =>
    alerts.filter((alert) => alert.subject.id === subjectId && alert.rule === rule);

  async function trackedOrderAt(place: TPlace, promisedDate?: string) {
    const order = await fx.order({ customerName: 'Ida Noyes' });
    if (promisedDate) await t.database.db.update(orders).set({ promisedDate }).where(eq(orders.id, order.id));
    const epc = fx.epc();
    expect(
      (
        await manager.request('POST', '/api/v1/tracking/assign-epc', {
          body: { orderId: order.id, epcCode: epc, orderNumber: order.orderNumber },
        })
      ).statusCode,
    ).toBe(200);
    await move(order.id, epc, place);
    return { order, epc };
  }

  async function move(orderId: string, epc: string, place: TPlace) {
    const moved = await manager.request('POST', '/api/v1/tracking/orders/update-location', {
      body: { orderId, epcCode: epc, departmentId: place.department.id, stationId: place.station.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }

  const evaluate = () => t.app.loupe.alerts.evaluate();

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
    const signedIn = await t.clientAs('manager');
    manager = signedIn.client;
    managerEmail = signedIn.user.email;
    managerId = signedIn.user.id;
    t.app.loupe.events.subscribe((announcement) => announced.push(announcement));
    const suffix = crypto.randomUUID().slice(0, 6);
    const benchDepartment = await fx.department({ name: `Bench ${suffix}` });
    const polishingDepartment = await fx.department({ name: `Polishing ${suffix}` });
    bench = {
      department: benchDepartment,
      station: await fx.station(benchDepartment.id, { name: 'Bench 1' }),
    };
    polishing = {
      department: polishingDepartment,
      station: await fx.station(polishingDepartment.id, { name: 'Wheel 1' }),
    };
    expect(
      (await manager.request('PUT', '/api/v1/workflow/calendar', { body: ALWAYS_OPEN })).statusCode,
    ).toBe(200);
  });
  beforeEach(async () => {
    announced = [];
    // Tests move the clock by hours; a fresh sign-in keeps the manager's token valid at the new time.
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
  });
  afterAll(() => t.close());

  it('raises a stuck piece once, and clears it by itself when the piece moves', async () => {
    const { order, epc } = await trackedOrderAt(bench);
    await evaluate();
    expect(about(await feed(), order.id, 'stuck-at-station')).toEqual([]);

    t.clock.advance(25 * HOUR);
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
    await evaluate();
    await evaluate();
    const raised = about(await feed(), order.id, 'stuck-at-station');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      status: 'open',
      severity: 'medium',
      title: `${order.orderNumber} has not moved`,
      subject: { kind: 'order', label: order.orderNumber },
    });
    expect(raised[0]?.message).toContain('Bench 1');
    expect(
      announced.some((a) => a.name === 'system:alert' && (a.payload as { id: string }).id === raised[0]?.id),
    ).toBe(true);

    await move(order.id, epc, polishing);
    await evaluate();
    const after = about(await feed(), order.id, 'stuck-at-station');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'resolved', clearedAutomatically: true });
  });

  it('raises an overdue job and clears it once the job is ready', async () => {
    const { order } = await trackedOrderAt(bench, '2020-01-06');
    await evaluate();
    expect(about(await feed(), order.id, 'job-overdue')).toMatchObject([
      { status: 'open', severity: 'high', title: `${order.orderNumber} is overdue` },
    ]);
    await t.database.db.update(orders).set({ status: 'ready' }).where(eq(orders.id, order.id));
    await evaluate();
    expect(about(await feed(), order.id, 'job-overdue')).toMatchObject([
      { status: 'resolved', clearedAutomatically: true },
    ]);
  });

  it('names where an overdue piece is now, and keeps the words true as it moves', async () => {
    const { order, epc } = await trackedOrderAt(bench, '2020-01-06');
    await evaluate();
    const [raised] = about(await feed(), order.id, 'job-overdue');
    expect(raised?.message).toMatch(/Promised to Ida Noyes for Jan 6, 2020, \d+ days ago\./);
    expect(raised?.message).toContain('at Bench 1');
    t.clock.advance(60_000);
    await move(order.id, epc, polishing);
    await evaluate();
    const [told] = about(await feed(), order.id, 'job-overdue');
    // The same alert, not a second one: its words now say where the piece is.
    expect(told?.id).toBe(raised?.id);
    expect(told?.message).toContain('at Wheel 1');
    expect(told?.message).not.toContain('Bench 1');
    expect(about(await feed(), order.id, 'job-overdue')).toHaveLength(1);
  });

  it('reopens the alert of a condition back soon after it cleared, without telling anyone twice', async () => {
    const { order } = await trackedOrderAt(bench, '2020-01-06');
    const setPromise = (promisedDate: string) =>
      t.database.db.update(orders).set({ promisedDate }).where(eq(orders.id, order.id));
    await evaluate();
    const [first] = about(await feed(), order.id, 'job-overdue');
    const bellNotices = async () =>
      ZNotificationListSchema.parse(data(await manager.request('GET', '/api/v1/notifications'))).items.filter(
        (item) => item.kind === 'alert' && item.title === first?.title,
      );
    expect(await bellNotices()).toHaveLength(1);
    // Promised again for later: the condition clears, and its unread notice leaves the bell.
    await setPromise('2099-01-01');
    await evaluate();
    expect(about(await feed(), order.id, 'job-overdue')).toMatchObject([
      { id: first?.id, status: 'resolved', clearedAutomatically: true },
    ]);
    expect(await bellNotices()).toEqual([]);
    // Back within the day: the same alert opens again, and nobody is told again.
    t.clock.advance(HOUR);
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
    await setPromise('2020-01-06');
    announced = [];
    await evaluate();
    expect(about(await feed(), order.id, 'job-overdue')).toMatchObject([{ id: first?.id, status: 'open' }]);
    expect(announced.filter((a) => a.name === 'system:notification')).toEqual([]);
    expect(await bellNotices()).toEqual([]);
    // A day later it would be news again: a new alert, and a notice.
    await setPromise('2099-01-01');
    await evaluate();
    t.clock.advance(25 * HOUR);
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
    await setPromise('2020-01-06');
    await evaluate();
    const alerts = about(await feed(), order.id, 'job-overdue');
    expect(alerts).toHaveLength(2);
    expect(alerts.find((alert) => alert.status === 'open')?.id).not.toBe(first?.id);
    expect(await bellNotices()).toHaveLength(1);
  });

  it('takes an alert’s unread notice out of the bell when a manager resolves it', async () => {
    const { order } = await trackedOrderAt(bench, '2020-01-06');
    await evaluate();
    const [alert] = about(await feed(), order.id, 'job-overdue');
    const unread = async () =>
      ZNotificationListSchema.parse(data(await manager.request('GET', '/api/v1/notifications'))).items.filter(
        (item) => item.title === alert?.title && item.readAt === null,
      );
    expect(await unread()).toHaveLength(1);
    const resolved = await manager.request('POST', `/api/v1/alerts/${alert?.id}/resolve`, {
      body: { note: 'Customer agreed to a new date' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await unread()).toEqual([]);
  });

  it('raises a piece offsite for longer than the limit', async () => {
    const { order } = await trackedOrderAt(bench);
    // Last seen 49 hours ago, noticed by the sweep half an hour later: offsite counts from the last read.
    await t.database.db
      .update(trackedItems)
      .set({
        status: 'offsite',
        lastSeenAt: new Date(t.clock().getTime() - 49 * HOUR),
        offsiteDetectedAt: new Date(t.clock().getTime() - 48.5 * HOUR),
      })
      .where(eq(trackedItems.itemId, order.id));
    await evaluate();
    const [alert] = about(await feed(), order.id, 'offsite-too-long');
    expect(alert).toMatchObject({ status: 'open', severity: 'high' });
    expect(alert?.message).toMatch(/Offsite for 2 days/);
  });

  it('raises a silent reader only while the workshop is open, and an antenna nobody mapped while it reads', async () => {
    const readerId = `fx-${crypto.randomUUID().slice(0, 6)}`;
    const { client: admin } = await t.clientAs('admin');
    const created = await admin.request('POST', '/api/v1/readers', {
      body: { id: readerId, name: 'Bench portal', kind: 'zebra' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.database.db
      .update(readers)
      .set({ lastHeartbeat: new Date(t.clock().getTime() - 20 * 60_000) })
      .where(eq(readers.id, readerId));
    await t.database.db.insert(rfidUnresolvedReads).values({
      reason: 'unmapped-antenna',
      readerId,
      antenna: 4,
      reads: 12,
      lastEpc: 'E28011700000000000000C01',
      firstSeenAt: t.clock(),
      lastSeenAt: t.clock(),
    });
    await evaluate();
    expect(about(await feed(), readerId, 'reader-silent')).toMatchObject([
      { status: 'open', severity: 'high' },
    ]);
    expect(about(await feed(), readerId, 'unmapped-antenna')).toMatchObject([
      { status: 'open', title: `Antenna 4 of ${readerId} is not mapped` },
    ]);

    // After hours, a silent reader is no news; an hour without unplaced reads, the antenna is quiet.
    // Open only the day after the one the evaluation falls on, two hours on (which may be tomorrow).
    const evaluatedOn = new Date(t.clock().getTime() + 2 * HOUR).getUTCDay();
    const closed = { ...ALWAYS_OPEN, openDays: [(evaluatedOn + 1) % 7] };
    expect((await manager.request('PUT', '/api/v1/workflow/calendar', { body: closed })).statusCode).toBe(
      200,
    );
    t.clock.advance(2 * HOUR);
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
    await evaluate();
    expect(about(await feed(), readerId, 'reader-silent')[0]).toMatchObject({ status: 'resolved' });
    expect(about(await feed(), readerId, 'unmapped-antenna')[0]).toMatchObject({ status: 'resolved' });
    expect(
      (await manager.request('PUT', '/api/v1/workflow/calendar', { body: ALWAYS_OPEN })).statusCode,
    ).toBe(200);
  });

  it('lets the feed’s people acknowledge, managers resolve with a note, and keeps repairs from designers', async () => {
    const { order } = await trackedOrderAt(bench, '2020-02-03');
    const repair = await fx.repair({ customerName: 'Otto Lilienthal' });
    await t.database.db.update(orders).set({ promisedDate: '2020-02-03' }).where(eq(orders.id, order.id));
    const { client: repairs } = await t.clientAs('manager');
    const epc = fx.epc();
    expect(
      (
        await repairs.request('POST', '/api/v1/tracking/repairs/assign-epc', {
          body: { repairId: repair.id, epcCode: epc },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await repairs.request('POST', '/api/v1/tracking/repairs/update-location', {
          body: {
            repairId: repair.id,
            epcCode: epc,
            departmentId: bench.department.id,
            stationId: bench.station.id,
          },
        })
      ).statusCode,
    ).toBe(200);
    t.clock.advance(25 * HOUR);
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
    await evaluate();

    const { client: designer } = await t.clientAs('designer');
    const seen = await feed(designer);
    expect(about(seen, order.id, 'job-overdue')).toHaveLength(1);
    expect(seen.some((alert) => alert.subject.id === repair.id)).toBe(false);
    expect(about(await feed(), repair.id, 'stuck-at-station')).toHaveLength(1);

    const [overdue] = about(seen, order.id, 'job-overdue');
    if (!overdue) throw new Error('no overdue alert');
    const acknowledged = await designer.request('POST', `/api/v1/alerts/${overdue.id}/acknowledge`);
    expect(acknowledged.statusCode).toBe(200);
    expect(ZAlertSchema.parse(data(acknowledged))).toMatchObject({ status: 'acknowledged' });
    expect((await designer.request('POST', `/api/v1/alerts/${overdue.id}/acknowledge`)).json()).toMatchObject(
      {
        code: 'CONFLICT',
      },
    );
    expect(
      (await designer.request('POST', `/api/v1/alerts/${overdue.id}/resolve`, { body: { note: 'x' } }))
        .statusCode,
    ).toBe(403);
    const noNote = await manager.request('POST', `/api/v1/alerts/${overdue.id}/resolve`, {
      body: { note: ' ' },
    });
    expect(noNote.statusCode).toBe(400);
    const resolved = await manager.request('POST', `/api/v1/alerts/${overdue.id}/resolve`, {
      body: { note: 'Called the customer: new date agreed.' },
    });
    expect(ZAlertSchema.parse(data(resolved))).toMatchObject({
      status: 'resolved',
      resolutionNote: 'Called the customer: new date agreed.',
      clearedAutomatically: false,
    });
    expect((await feed(manager, '?status=resolved')).some((alert) => alert.id === overdue.id)).toBe(true);
    expect((await feed(manager, '?status=open')).some((alert) => alert.id === overdue.id)).toBe(false);

    // Resolved by a person, the cause (still overdue) is settled: the next evaluations raise nothing new.
    await evaluate();
    await evaluate();
    expect(about(await feed(manager), order.id, 'job-overdue')).toHaveLength(1);
    // The cause goes away (a new promised date), then comes back: that is a new alert.
    await t.database.db.update(orders).set({ promisedDate: '2099-01-04' }).where(eq(orders.id, order.id));
    await evaluate();
    await t.database.db.update(orders).set({ promisedDate: '2020-03-02' }).where(eq(orders.id, order.id));
    await evaluate();
    const again = about(await feed(manager), order.id, 'job-overdue');
    expect(again.map((alert) => alert.status).sort()).toEqual(['open', 'resolved']);
  });

  it('switches a rule off: its alerts clear; a limit of zero is refused', async () => {
    const { order } = await trackedOrderAt(bench);
    t.clock.advance(30 * HOUR);
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
    await evaluate();
    expect(about(await feed(), order.id, 'stuck-at-station')[0]?.status).toBe('open');
    const rules = ZAlertRulesSchema.parse(data(await manager.request('GET', '/api/v1/alerts/rules')));
    expect(rules).toEqual(ALERT_RULE_DEFAULTS);
    const off = { ...rules, 'stuck-at-station': { ...rules['stuck-at-station'], enabled: false } };
    expect((await manager.request('PUT', '/api/v1/alerts/rules', { body: off })).statusCode).toBe(200);
    await evaluate();
    expect(about(await feed(), order.id, 'stuck-at-station')[0]?.status).toBe('resolved');

    const zero = { ...rules, 'stuck-at-station': { ...rules['stuck-at-station'], limit: 0 } };
    const refused = await manager.request('PUT', '/api/v1/alerts/rules', { body: zero });
    expect(refused.statusCode).toBe(400);
    expect((await manager.request('PUT', '/api/v1/alerts/rules', { body: rules })).statusCode).toBe(200);
  });

  it('puts each raised alert in managers’ bells, unless they turned that off, and marks notices read', async () => {
    const { client: quiet, user: quietUser } = await t.clientAs('manager');
    expect(
      (
        await quiet.request('PUT', '/api/v1/settings/notifications', {
          body: { alertNotices: false, emailAlerts: false },
        })
      ).statusCode,
    ).toBe(200);
    const before = ZNotificationListSchema.parse(data(await manager.request('GET', '/api/v1/notifications')));
    await trackedOrderAt(bench, '2020-03-02');
    await evaluate();
    const bell = ZNotificationListSchema.parse(data(await manager.request('GET', '/api/v1/notifications')));
    expect(bell.unread).toBeGreaterThan(before.unread);
    const notice = bell.items.find((item) => item.kind === 'alert' && item.readAt === null);
    expect(notice?.link).toMatch(/^\/orders\//);
    expect(
      announced.some((a) => a.name === 'system:notification' && a.rooms.includes(`user:${managerId}`)),
    ).toBe(true);
    expect(
      announced.some((a) => a.name === 'system:notification' && a.rooms.includes(`user:${quietUser.id}`)),
    ).toBe(false);
    const quietBell = ZNotificationListSchema.parse(
      data(await quiet.request('GET', '/api/v1/notifications')),
    );
    expect(quietBell.items.filter((item) => item.kind === 'alert')).toEqual([]);

    // E-mail alerts are on by default: each alert also waits in the outbox (no SMTP_URL here).
    const outbox = await t.app.loupe.mailer.outbox(200);
    expect(
      outbox.some((mail) => mail.to === managerEmail && mail.subject.endsWith(notice?.title ?? '?')),
    ).toBe(true);
    expect(
      outbox.find((mail) => mail.to === managerEmail && mail.subject.endsWith(notice?.title ?? '?'))?.text,
    ).toContain(notice?.link ?? '?');

    // The manager who turned e-mail alerts off gets none.
    expect(outbox.filter((mail) => mail.to === quietUser.email)).toEqual([]);

    if (!notice) throw new Error('no notice');
    // Another user's notice cannot be touched.
    expect((await quiet.request('POST', `/api/v1/notifications/${notice.id}/read`)).statusCode).toBe(404);
    expect((await manager.request('POST', `/api/v1/notifications/${notice.id}/read`)).statusCode).toBe(200);
    const one = ZNotificationListSchema.parse(data(await manager.request('GET', '/api/v1/notifications')));
    expect(one.unread).toBe(bell.unread - 1);
    expect((await manager.request('POST', '/api/v1/notifications/read-all')).statusCode).toBe(200);
    expect(
      ZNotificationListSchema.parse(data(await manager.request('GET', '/api/v1/notifications'))).unread,
    ).toBe(0);
  });

  it('tells an assignee of their new task in their bell', async () => {
    const { order } = await trackedOrderAt(bench);
    const { client: jeweller, user } = await t.clientAs('production');
    const assigned = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: order.id, assigneeId: user.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    await expect
      .poll(async () =>
        ZNotificationListSchema.parse(data(await jeweller.request('GET', '/api/v1/notifications'))).items.map(
          (item) => item.title,
        ),
      )
      .toContain(`New task: ${order.orderNumber}`);
    const notice = ZNotificationListSchema.parse(
      data(await jeweller.request('GET', '/api/v1/notifications')),
    ).items.find((item) => item.title === `New task: ${order.orderNumber}`);
    expect(notice?.link).toBe('/my-tasks');
  });
});

import { ZJobSummarySchema } from '@loupe/domain/jobs/job-views';
import {
  ZDepartmentWorkloadSchema,
  ZMyTasksSchema,
  ZWorkflowAssignmentSchema,
  ZWorkflowBoardSchema,
  ZWorkflowJobSchema,
  ZWorkflowStaffSchema,
} from '@loupe/domain/workflow/workflow-api';
import { type TWorkflowTemplate, ZWorkflowTemplateSchema } from '@loupe/domain/workflow/workflow-template';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/jobs.ts';
import { workflowAssignments } from '../src/db/schema/workflow.ts';
import type { TAnnouncement } from '../src/realtime/event-bus.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';
import {
  createWorkflowWorkshop,
  dataOf,
  type TPlace,
  type TWorkflowWorkshop,
  workflowPhase,
} from './support/workflow-workshop.ts';

const HOUR = 3_600_000;

/** Issue 12: phases that follow reads, assignments, nudges, the board, My Tasks and the tiles, over HTTP. */
describe.each(TEST_DATABASES)('workflow on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let manager: TTestClient;
  let managerEmail: string;
  let announced: TAnnouncement[];
  let places: Record<'casting' | 'bench' | 'polishing' | 'vendor', TPlace>;
  let shop: TWorkflowWorkshop;

  const data = dataOf;
  const phase = workflowPhase;
  const orderTemplate = (): Promise<TWorkflowTemplate> => shop.orderTemplate();
  const read = (orderId: string, epc: string, at: TPlace) => shop.read(orderId, epc, at);
  /** A tracked order at `station`, its tag read there by a reader. */
  const trackedOrder = (at: TPlace, promisedDate?: string) =>
    shop.trackedOrder(at, promisedDate ? { promisedDate } : {});

  async function card(orderId: string) {
    const response = await manager.request('GET', '/api/v1/workflow/board?kind=order');
    expect(response.statusCode).toBe(200);
    const board = ZWorkflowBoardSchema.parse(data(response));
    return board.columns.flatMap((column) => column.jobs).find((job) => job.id === orderId);
  }

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
    const signedIn = await t.clientAs('manager');
    manager = signedIn.client;
    managerEmail = signedIn.user.email;
    t.app.loupe.events.subscribe((announcement) => announced.push(announcement));
    shop = createWorkflowWorkshop({ t, fx, manager: () => manager });
    places = await shop.places({
      casting: { department: 'Casting', station: 'Casting machine' },
      bench: { department: 'Bench', station: 'Bench 1' },
      polishing: { department: 'Polishing', station: 'Polishing lathe' },
      vendor: { department: 'Vendor shelf', station: 'Dispatch' },
    });
    await shop.setOrderPhases([
      phase('casting', 'Casting', [places.casting.department.id]),
      phase('bench', 'Bench work', [places.bench.department.id]),
      phase('polishing', 'Polishing', [places.polishing.department.id]),
      phase('qa', 'Quality check', [], { completerRoles: ['qa'], needsSignOff: true, targetHours: 2 }),
    ]);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    announced = [];
    // Tests move the clock by hours; a fresh sign-in keeps the manager's token valid at the new time.
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
  });

  it('lists every workflow route in /api/openapi.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths).filter((path) =>
      path.startsWith('/api/v1/workflow'),
    );
    expect(paths.sort()).toEqual([
      '/api/v1/workflow/assignments',
      '/api/v1/workflow/assignments/{id}',
      '/api/v1/workflow/assignments/{id}/complete',
      '/api/v1/workflow/assignments/{id}/snooze',
      '/api/v1/workflow/board',
      '/api/v1/workflow/calendar',
      '/api/v1/workflow/departments/{id}',
      '/api/v1/workflow/jobs/{kind}/{id}/advance',
      '/api/v1/workflow/jobs/{kind}/{id}/nudge',
      '/api/v1/workflow/my-floor',
      '/api/v1/workflow/my-tasks',
      '/api/v1/workflow/people',
      '/api/v1/workflow/people/{id}/hours',
      '/api/v1/workflow/summary',
      '/api/v1/workflow/templates',
      '/api/v1/workflow/templates/{id}',
    ]);
  });

  it('refuses a template naming a department that does not exist, or two phases with one key', async () => {
    const template = await orderTemplate();
    const unknown = await manager.request('PUT', `/api/v1/workflow/templates/${template.id}`, {
      body: { phases: [phase('casting', 'Casting', ['DEPT-NOPE'])] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ field: 'phases', message: 'There is no department DEPT-NOPE.' }] },
    });
    const twice = await manager.request('PUT', `/api/v1/workflow/templates/${template.id}`, {
      body: { phases: [phase('casting', 'A', []), phase('casting', 'B', [])] },
    });
    expect(twice.statusCode).toBe(400);
    expect((await orderTemplate()).phases.map((p) => p.key)).toEqual(['casting', 'bench', 'polishing', 'qa']);
  });

  it('moves a job through its phases as its tag is read: ahead (skipping), and back as rework', async () => {
    const { order, epc } = await trackedOrder(places.casting);
    expect((await card(order.id))?.workflow).toMatchObject({ phaseKey: 'casting', reworkCount: 0 });

    await read(order.id, epc, places.vendor);
    expect((await card(order.id))?.workflow.phaseKey).toBe('casting');

    announced = [];
    await read(order.id, epc, places.polishing);
    expect((await card(order.id))?.workflow).toMatchObject({ phaseKey: 'polishing', phaseIndex: 2 });
    const completed = announced.filter((a) => a.name === 'workflow:phase-completed').map((a) => a.payload);
    expect(completed).toEqual([
      expect.objectContaining({ itemId: order.id, phase: 'casting', completedBy: null }),
      expect.objectContaining({ itemId: order.id, phase: 'bench', completedBy: null }),
    ]);

    await read(order.id, epc, places.bench);
    expect((await card(order.id))?.workflow).toMatchObject({ phaseKey: 'bench', reworkCount: 1 });

    const history = (await fx.changes('order', order.id)).filter(
      (change) => change.action === 'phase-changed',
    );
    expect(history.map((change) => change.changes)).toEqual([
      expect.objectContaining({
        phase: { from: 'Casting', to: 'Polishing' },
        reason: { from: null, to: 'Read at Polishing lathe' },
      }),
      expect.objectContaining({
        phase: { from: 'Polishing', to: 'Bench work' },
        rework: { from: false, to: true },
      }),
    ]);
  });

  it('moves every job of one batch of reads, a job read twice in it phase after phase', async () => {
    const first = await trackedOrder(places.casting);
    const second = await trackedOrder(places.casting);
    const third = await trackedOrder(places.casting);
    const marco = await t.clientAs('production', { firstName: 'Marco', lastName: 'Bellini' });
    const created = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: first.order.id, assigneeId: marco.user.id },
    });
    expect(created.statusCode).toBe(201);
    const assignment = ZWorkflowAssignmentSchema.parse(data(created));
    expect(assignment.phaseKey).toBe('casting');

    announced = [];
    const benchAt = new Date(t.clock().getTime() + 60_000);
    const polishingAt = new Date(t.clock().getTime() + 120_000);
    t.clock.advance(180_000);
    const at = (place: typeof places.bench) => ({
      departmentId: place.department.id,
      stationId: place.station.id,
      readerId: null,
      antenna: null,
    });
    const outcomes = await t.app.loupe.tracking.applyMoves([
      { epc: first.epc, ...at(places.bench), at: benchAt },
      { epc: second.epc, ...at(places.polishing), at: benchAt },
      { epc: third.epc, ...at(places.vendor), at: benchAt },
      { epc: first.epc, ...at(places.polishing), at: polishingAt },
    ]);
    expect(outcomes.map((outcome) => outcome.result)).toEqual(['moved', 'moved', 'moved', 'moved']);

    expect((await card(first.order.id))?.workflow).toMatchObject({ phaseKey: 'polishing', reworkCount: 0 });
    expect((await card(second.order.id))?.workflow).toMatchObject({ phaseKey: 'polishing', reworkCount: 0 });
    expect((await card(third.order.id))?.workflow.phaseKey).toBe('casting');
    const phaseChanges = async (orderId: string) =>
      (await fx.changes('order', orderId))
        .filter((change) => change.action === 'phase-changed')
        .map((change) => (change.changes as { phase?: unknown }).phase);
    expect(await phaseChanges(first.order.id)).toEqual([
      { from: 'Casting', to: 'Bench work' },
      { from: 'Bench work', to: 'Polishing' },
    ]);
    expect(await phaseChanges(second.order.id)).toEqual([{ from: 'Casting', to: 'Polishing' }]);
    expect(await phaseChanges(third.order.id)).toEqual([]);

    // Marco's casting assignment closed when the first read completed casting, not at the second.
    const [closed] = await t.database.db
      .select()
      .from(workflowAssignments)
      .where(eq(workflowAssignments.id, assignment.id));
    expect(closed).toMatchObject({ status: 'completed', completedAt: benchAt, completedBy: null });
    const completed = announced.filter((a) => a.name === 'workflow:phase-completed');
    expect(
      completed.map((a) => [
        (a.payload as { itemId: string }).itemId,
        (a.payload as { phase: string }).phase,
      ]),
    ).toEqual([
      [first.order.id, 'casting'],
      [second.order.id, 'casting'],
      [second.order.id, 'bench'],
      [first.order.id, 'bench'],
    ]);
    expect(completed[0]?.rooms).toContain(`user:${marco.user.id}`);
    expect(completed.slice(1).flatMap((a) => a.rooms)).not.toContain(`user:${marco.user.id}`);
  });

  it('assigns a phase with a due time from the promised date, hands it over, and the assignee completes it', async () => {
    const { order } = await trackedOrder(places.bench, '2030-06-14');
    const marco = await t.clientAs('production', { firstName: 'Marco', lastName: 'Bellini' });
    const hannah = await t.clientAs('production', { firstName: 'Hannah', lastName: 'Okafor' });

    const created = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: order.id, assigneeId: marco.user.id },
    });
    expect(created.statusCode).toBe(201);
    const assignment = ZWorkflowAssignmentSchema.parse(data(created));
    expect(assignment).toMatchObject({
      phaseKey: 'bench',
      assignee: { name: 'Marco Bellini' },
      status: 'open',
    });
    // Bench is due when the later phases' targets (polishing 8 h, QA 2 h) still fit before closing on the 14th.
    expect(assignment.dueAt).toBe('2030-06-13T15:00:00.000Z');
    const event = announced.find((a) => a.name === 'workflow:assignment-created');
    expect(event?.rooms).toContain(`user:${marco.user.id}`);

    const people = ZWorkflowStaffSchema.array().parse(
      data(await manager.request('GET', '/api/v1/workflow/people')),
    );
    expect(people.find((person) => person.id === marco.user.id)).toMatchObject({
      name: 'Marco Bellini',
      role: 'production',
      openAssignments: 1,
    });
    const mine = ZMyTasksSchema.parse(data(await marco.client.request('GET', '/api/v1/workflow/my-tasks')));
    expect(mine.assignments.map((a) => a.job.number)).toEqual([order.orderNumber]);

    const handed = await manager.request('PATCH', `/api/v1/workflow/assignments/${assignment.id}`, {
      body: { assigneeId: hannah.user.id },
    });
    expect(handed.statusCode).toBe(200);
    expect(
      ZMyTasksSchema.parse(data(await marco.client.request('GET', '/api/v1/workflow/my-tasks'))).assignments,
    ).toEqual([]);

    const stranger = await marco.client.request(
      'POST',
      `/api/v1/workflow/assignments/${assignment.id}/complete`,
    );
    expect(stranger.statusCode).toBe(403);
    const done = await hannah.client.request(
      'POST',
      `/api/v1/workflow/assignments/${assignment.id}/complete`,
    );
    expect(done.statusCode).toBe(200);
    expect(ZWorkflowAssignmentSchema.parse(data(done)).status).toBe('completed');
    expect((await card(order.id))?.workflow.phaseKey).toBe('polishing');
  });

  it('lets only managers, the assignee or a role the phase names complete it by hand', async () => {
    const { order } = await trackedOrder(places.casting);
    const qa = (await t.clientAs('qa')).client;
    const refused = await qa.request('POST', `/api/v1/workflow/jobs/order/${order.id}/advance`, { body: {} });
    expect(refused.statusCode).toBe(403);
    const production = (await t.clientAs('production')).client;
    const advanced = await production.request('POST', `/api/v1/workflow/jobs/order/${order.id}/advance`, {
      body: { note: 'cast and cleaned' },
    });
    expect(advanced.statusCode).toBe(200);
    expect(ZWorkflowJobSchema.parse(data(advanced)).workflow.phaseKey).toBe('bench');
    const badPhase = await manager.request('POST', `/api/v1/workflow/jobs/order/${order.id}/advance`, {
      body: { to: 'engraving' },
    });
    expect(badPhase.statusCode).toBe(400);
    const salesperson = (await t.clientAs('salesperson')).client;
    expect((await salesperson.request('GET', '/api/v1/workflow/board')).statusCode).toBe(403);
    const assignByProduction = await production.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: order.id, assigneeId: (await t.clientAs('production')).user.id },
    });
    expect(assignByProduction.statusCode).toBe(403);
  });

  // Issue 34 §5: salespeople created, reassigned and deleted assignments; anyone who could complete a phase
  // could also move a job to any other one. docs/security.md's access table says who may do what, and why.
  it('lets only managers give out, hand over or take back work, and move a job to another phase', async () => {
    const { order } = await trackedOrder(places.casting);
    const sales = (await t.clientAs('salesperson')).client;
    const operator = (await t.clientAs('operator')).client;
    const worker = await t.clientAs('production');
    for (const [name, client] of [
      ['salesperson', sales],
      ['operator', operator],
    ] as const) {
      const assigned = await client.request('POST', '/api/v1/workflow/assignments', {
        body: { kind: 'order', itemId: order.id, assigneeId: worker.user.id },
      });
      expect(assigned.statusCode, name).toBe(403);
      expect((await client.request('GET', '/api/v1/workflow/people')).statusCode, name).toBe(403);
    }
    const created = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: order.id, assigneeId: worker.user.id },
    });
    expect(created.statusCode).toBe(201);
    const assignment = ZWorkflowAssignmentSchema.parse(data(created));
    const path = `/api/v1/workflow/assignments/${assignment.id}`;
    expect((await sales.request('PATCH', path, { body: { assigneeId: worker.user.id } })).statusCode).toBe(
      403,
    );
    expect((await sales.request('DELETE', path)).statusCode).toBe(403);
    expect(
      (
        await sales.request('POST', `${path}/snooze`, {
          body: { until: '2035-01-01T00:00:00Z', reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);

    // The worker finishes their own phase, but does not skip the next ones.
    const skip = await worker.client.request('POST', `/api/v1/workflow/jobs/order/${order.id}/advance`, {
      body: { to: 'qa' },
    });
    expect(skip.statusCode).toBe(403);
    expect((await card(order.id))?.workflow.phaseKey).toBe('casting');
    const done = await worker.client.request('POST', `${path}/complete`);
    expect(done.statusCode).toBe(200);
    expect((await card(order.id))?.workflow.phaseKey).toBe('bench');
    const jumped = await manager.request('POST', `/api/v1/workflow/jobs/order/${order.id}/advance`, {
      body: { to: 'qa' },
    });
    expect(jumped.statusCode).toBe(200);
    expect(ZWorkflowJobSchema.parse(data(jumped)).workflow.phaseKey).toBe('qa');
  });

  it('gives a repair only to someone who can open repairs: My Tasks and the bell would hide it (issue 35)', async () => {
    const repair = await fx.repair();
    const inspector = await t.clientAs('qa');
    const refused = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'repair', itemId: repair.id, assigneeId: inspector.user.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('cannot open repairs');
    const worker = await t.clientAs('production');
    const given = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'repair', itemId: repair.id, assigneeId: worker.user.id },
    });
    expect(given.statusCode).toBe(201);
  });

  it('nudges an overdue assignee once per interval, then the managers too, and not while snoozed', async () => {
    const yesterday = new Date(t.clock().getTime() - 30 * HOUR).toISOString().slice(0, 10);
    const { order } = await trackedOrder(places.polishing, yesterday);
    const ben = await t.clientAs('production');
    const created = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: order.id, assigneeId: ben.user.id },
    });
    const assignment = ZWorkflowAssignmentSchema.parse(data(created));
    const nudgesFor = () =>
      announced.filter(
        (a) =>
          a.name === 'workflow:nudge-triggered' && (a.payload as { itemId?: string }).itemId === order.id,
      );

    // Given out on an overdue job, the work is not past its due time the moment it is given: the phase's
    // target from now in the assignee's hours, which is later than yesterday's plan.
    expect(Date.parse(assignment.dueAt ?? '')).toBeGreaterThan(t.clock().getTime());
    await t.app.loupe.workflow.sweepNudges();
    expect(nudgesFor()).toHaveLength(0);

    t.clock.set(new Date(Date.parse(assignment.dueAt ?? '') + 60_000));
    await t.app.loupe.workflow.sweepNudges();
    expect(nudgesFor()).toHaveLength(1);
    expect(nudgesFor()[0]?.rooms).toEqual([`user:${ben.user.id}`]);
    await t.app.loupe.workflow.sweepNudges();
    expect(nudgesFor()).toHaveLength(1);

    t.clock.advance(4 * HOUR + 60_000);
    await t.app.loupe.workflow.sweepNudges();
    expect(nudgesFor()).toHaveLength(2);
    expect(nudgesFor()[1]?.rooms.length).toBeGreaterThan(1);

    ben.client.idToken = (await t.signIn(ben.user.email)).IdToken;
    const snoozed = await ben.client.request('POST', `/api/v1/workflow/assignments/${assignment.id}/snooze`, {
      body: {
        until: new Date(t.clock().getTime() + 24 * HOUR).toISOString(),
        reason: 'Waiting for the stone',
      },
    });
    expect(snoozed.statusCode).toBe(200);
    t.clock.advance(5 * HOUR);
    await t.app.loupe.workflow.sweepNudges();
    expect(nudgesFor()).toHaveLength(2);
  });

  it("shows a department's stations with their queues and load, and what is on its way in", async () => {
    const { order } = await trackedOrder(places.bench);
    const { order: coming } = await trackedOrder(places.casting);
    await manager.request('POST', `/api/v1/workflow/jobs/order/${coming.id}/advance`, { body: {} });
    const response = await manager.request(
      'GET',
      `/api/v1/workflow/departments/${places.bench.department.id}`,
    );
    expect(response.statusCode).toBe(200);
    const workload = ZDepartmentWorkloadSchema.parse(data(response));
    expect(workload.department.id).toBe(places.bench.department.id);
    const station = workload.stations.find((s) => s.id === places.bench.station.id);
    expect(station?.jobs.map((job) => job.id)).toContain(order.id);
    expect(station?.loadHours).toBeGreaterThan(0);
    expect(workload.incoming.map((job) => job.id)).toContain(coming.id);
    expect(workload.incoming.map((job) => job.id)).not.toContain(order.id);
    expect((await manager.request('GET', '/api/v1/workflow/departments/DEPT-NOPE')).statusCode).toBe(404);
    const salesperson = (await t.clientAs('salesperson')).client;
    expect(
      (await salesperson.request('GET', `/api/v1/workflow/departments/${places.bench.department.id}`))
        .statusCode,
    ).toBe(403);
  });

  it('answers the board by phase with filters, and the dashboard tiles', async () => {
    const late = new Date(t.clock().getTime() - 48 * HOUR).toISOString().slice(0, 10);
    const { order } = await trackedOrder(places.bench, late);
    const overdue = ZWorkflowBoardSchema.parse(
      data(await manager.request('GET', '/api/v1/workflow/board?kind=order&view=overdue')),
    );
    expect(overdue.columns.map((column) => column.key).slice(0, 4)).toEqual([
      'casting',
      'bench',
      'polishing',
      'qa',
    ]);
    const lateCard = overdue.columns.flatMap((column) => column.jobs).find((job) => job.id === order.id);
    expect(lateCard).toMatchObject({
      state: { isOverdue: true, daysOverdue: 2 },
      location: { stationName: 'Bench 1' },
    });
    const onBoard = overdue.columns.flatMap((column) => column.jobs);
    expect(onBoard.every((job) => job.state.isOverdue)).toBe(true);

    const summary = ZJobSummarySchema.parse(data(await manager.request('GET', '/api/v1/workflow/summary')));
    // The tile counts what the board's filter opens.
    expect(summary.counts.overdue.order).toBe(onBoard.length);
    const production = (await t.clientAs('production')).client;
    expect((await production.request('GET', '/api/v1/workflow/summary')).statusCode).toBe(200);
  });

  it("tells the managers once per the phase's interval about a job past its target that nobody has", async () => {
    const template = await orderTemplate();
    const phases = template.phases.map((p) => (p.key === 'casting' ? { ...p, nudgeEveryHours: 1 } : p));
    expect(
      (await manager.request('PUT', `/api/v1/workflow/templates/${template.id}`, { body: { phases } }))
        .statusCode,
    ).toBe(200);
    const { order } = await trackedOrder(places.casting);
    const aboutIt = () =>
      announced.filter(
        (a) =>
          a.name === 'workflow:nudge-triggered' && (a.payload as { itemId?: string }).itemId === order.id,
      );
    await t.app.loupe.workflow.sweepNudges();
    expect(aboutIt()).toEqual([]);

    // A whole week: whatever day and hour the test starts, it holds every working day, so the job is past its
    // 8 working hours (three days from a Thursday evening held exactly 8 — not past).
    t.clock.advance(7 * 24 * HOUR);
    await t.app.loupe.workflow.sweepNudges();
    const first = aboutIt();
    expect(first.length).toBeGreaterThan(0);
    expect(
      first.every(
        (a) => a.rooms.length === 1 && a.rooms[0] === `user:${(a.payload as { userId: string }).userId}`,
      ),
    ).toBe(true);
    expect(first[0]?.payload).toMatchObject({ message: expect.stringContaining('nobody has it') });
    await t.app.loupe.workflow.sweepNudges();
    expect(aboutIt()).toHaveLength(first.length);

    t.clock.advance(HOUR + 60_000);
    await t.app.loupe.workflow.sweepNudges();
    expect(aboutIt()).toHaveLength(first.length * 2);
  });

  it("counts work without a promised date in the assignee's own hours, which only they and managers set", async () => {
    const { order } = await trackedOrder(places.casting);
    const grace = await t.clientAs('production');
    const other = (await t.clientAs('production')).client;
    const lateShift = { openDays: [0, 1, 2, 3, 4, 5, 6], opensAt: '20:00', closesAt: '23:00' };
    const path = `/api/v1/workflow/people/${grace.user.id}/hours`;
    expect((await other.request('PUT', path, { body: { hours: lateShift } })).statusCode).toBe(403);
    expect((await other.request('GET', path)).statusCode).toBe(403);
    expect(data(await grace.client.request('GET', path))).toBeNull();
    const refused = await grace.client.request('PUT', path, {
      body: { hours: { ...lateShift, closesAt: '19:00' } },
    });
    expect(refused.statusCode).toBe(400);
    expect((await grace.client.request('PUT', path, { body: { hours: lateShift } })).statusCode).toBe(200);
    expect(data(await manager.request('GET', path))).toEqual(lateShift);

    const created = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: order.id, assigneeId: grace.user.id },
    });
    const dueAt = new Date(ZWorkflowAssignmentSchema.parse(data(created)).dueAt ?? '');
    // Casting's 8 h target in 3-hour evenings (UTC): the due time falls at an evening hour, days later.
    expect(dueAt.getUTCHours()).toBeGreaterThanOrEqual(20);
    expect(dueAt.getUTCHours()).toBeLessThanOrEqual(23);
    expect(dueAt.getTime() - t.clock().getTime()).toBeGreaterThan(2 * 24 * HOUR);
    expect((await manager.request('PUT', path, { body: { hours: null } })).statusCode).toBe(200);
    expect(data(await grace.client.request('GET', path))).toBeNull();
  });

  it('gives a product type a workflow of its own, which its orders follow until it is removed', async () => {
    const created = await manager.request('POST', '/api/v1/catalog/product-types', {
      body: { name: `Signet ${crypto.randomUUID().slice(0, 6)}` },
    });
    expect(created.statusCode).toBe(201);
    const productTypeId = (data(created) as { id: string }).id;
    const added = await manager.request('POST', '/api/v1/workflow/templates', { body: { productTypeId } });
    expect(added.statusCode).toBe(201);
    const own = ZWorkflowTemplateSchema.parse(data(added));
    expect(own.phases.map((p) => p.key)).toEqual((await orderTemplate()).phases.map((p) => p.key));
    expect(
      (await manager.request('POST', '/api/v1/workflow/templates', { body: { productTypeId } })).statusCode,
    ).toBe(409);
    const saved = await manager.request('PUT', `/api/v1/workflow/templates/${own.id}`, {
      body: {
        phases: [
          phase('engraving', 'Hand engraving', [places.bench.department.id]),
          phase('qa', 'Quality check', []),
        ],
      },
    });
    expect(saved.statusCode).toBe(200);

    const { order } = await trackedOrder(places.bench);
    await t.database.db.update(orders).set({ productTypeId }).where(eq(orders.id, order.id));
    expect((await card(order.id))?.workflow).toMatchObject({ phaseKey: 'engraving', phaseCount: 2 });

    expect(
      (await manager.request('DELETE', `/api/v1/workflow/templates/${(await orderTemplate()).id}`))
        .statusCode,
    ).toBe(409);
    expect((await manager.request('DELETE', `/api/v1/workflow/templates/${own.id}`)).statusCode).toBe(200);
    // Back on the default workflow, where its last read put it.
    expect((await card(order.id))?.workflow.phaseKey).toBe('bench');
  });

  // Last: it changes the calendar every due time above counts in.
  it('keeps the working calendar managers set, and counts due times in it', async () => {
    const calendar = {
      timeZone: 'America/New_York',
      openDays: [1, 2, 3, 4, 5, 6],
      opensAt: '10:00',
      closesAt: '18:00',
      closedDates: ['2030-06-14'],
    };
    const salesperson = (await t.clientAs('salesperson')).client;
    expect(
      (await salesperson.request('PUT', '/api/v1/workflow/calendar', { body: calendar })).statusCode,
    ).toBe(403);
    const bad = await manager.request('PUT', '/api/v1/workflow/calendar', {
      body: { ...calendar, timeZone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    // Node's Intl still knows US/Pacific-New; the database, where the analytics convert dates, does not.
    const dropped = await manager.request('PUT', '/api/v1/workflow/calendar', {
      body: { ...calendar, timeZone: 'US/Pacific-New' },
    });
    expect(dropped.statusCode, dropped.body).toBe(400);
    expect(dropped.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ field: 'body.timeZone', message: 'Choose a time zone such as Europe/London' }] },
    });
    expect(data(await manager.request('GET', '/api/v1/workflow/calendar'))).toMatchObject({
      timeZone: 'UTC',
    });
    expect((await manager.request('PUT', '/api/v1/workflow/calendar', { body: calendar })).statusCode).toBe(
      200,
    );
    expect(data(await salesperson.request('GET', '/api/v1/workflow/calendar'))).toEqual(calendar);

    const { order } = await trackedOrder(places.polishing, '2030-06-14');
    const ben = await t.clientAs('production');
    const created = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: order.id, assigneeId: ben.user.id },
    });
    // Friday the 14th is closed: QA (2 h) ends Thursday at 18:00 New York time, polishing 2 h before it.
    expect(ZWorkflowAssignmentSchema.parse(data(created)).dueAt).toBe('2030-06-13T20:00:00.000Z');
  });
});

/**
 * Issue 32 §3: workflow templates follow the registry. A workshop that opens the board before it makes its
 * departments gets default phases with no departments; the departments made afterwards join their phases,
 * so reads there move jobs, and a job's status moves with its phase.
 */
describe.each(TEST_DATABASES)('templates that follow the registry on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;

  const data = (response: { json(): unknown }) => (response.json() as { data: unknown }).data;

  async function orderTemplate(): Promise<TWorkflowTemplate> {
    const templates = ZWorkflowTemplateSchema.array().parse(
      data(await admin.request('GET', '/api/v1/workflow/templates')),
    );
    const template = templates.find(
      (candidate) => candidate.kind === 'order' && candidate.productTypeId === null,
    );
    if (!template) throw new Error('no default order template');
    return template;
  }

  const departmentsOf = async (key: string) =>
    (await orderTemplate()).phases.find((phase) => phase.key === key)?.departmentIds ?? [];

  async function department(name: string, station: string) {
    const made = await admin.request('POST', '/api/v1/departments', { body: { name } });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = data(made) as { id: string };
    const stationMade = await admin.request('POST', `/api/v1/departments/${id}/stations`, {
      body: { name: station },
    });
    expect(stationMade.statusCode, stationMade.body).toBe(201);
    return { departmentId: id, stationId: (data(stationMade) as { id: string }).id };
  }

  beforeAll(async () => {
    t = await createTestApp({ database });
    admin = (await t.clientAs('admin')).client;
  });
  afterAll(() => t.close());

  it('places departments made after the templates, renamed or removed, and reads there move jobs and status', async () => {
    // The board is opened first: the default templates are made while there is no department.
    expect((await admin.request('GET', '/api/v1/workflow/board?kind=order')).statusCode).toBe(200);
    expect((await orderTemplate()).phases.every((phase) => phase.departmentIds.length === 0)).toBe(true);

    const sketch = await department('Design studio', 'Sketch table');
    const cad = await department('CAD', 'CAD workstation');
    const casting = await department('Casting room', 'Casting machine');
    const engraving = await department('Engraving', 'Engraving bench');
    expect(await departmentsOf('design')).toEqual([sketch.departmentId]);
    expect(await departmentsOf('cad')).toEqual([cad.departmentId]);
    expect(await departmentsOf('casting')).toEqual([casting.departmentId]);
    // A department whose name belongs to no phase waits for a manager to place it.
    expect(
      (await orderTemplate()).phases.some((phase) => phase.departmentIds.includes(engraving.departmentId)),
    ).toBe(false);

    // Read at the sketch table and then at CAD (ORD-00246 of the issue): the status leaves "new".
    const fx = createTrackingFixtures(t.database.db, t.clock);
    const order = await fx.order({ customerName: 'Lin Wei', status: 'new' });
    const epcCode = fx.epc();
    expect(
      (await admin.request('POST', '/api/v1/tracking/assign-epc', { body: { orderId: order.id, epcCode } }))
        .statusCode,
    ).toBe(200);
    const readAt = async (place: { departmentId: string; stationId: string }) => {
      t.clock.advance(60_000);
      const moved = await admin.request('POST', '/api/v1/tracking/orders/update-location', {
        body: { orderId: order.id, epcCode, ...place },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const detail = data(await admin.request('GET', `/api/v1/orders/${order.id}`)) as { status: string };
      const board = ZWorkflowBoardSchema.parse(
        data(await admin.request('GET', '/api/v1/workflow/board?kind=order')),
      );
      const card = board.columns.flatMap((column) => column.jobs).find((job) => job.id === order.id);
      return { status: detail.status, phase: card?.workflow.phaseKey };
    };
    expect(await readAt(sketch)).toEqual({ status: 'in_design', phase: 'design' });
    expect(await readAt(cad)).toEqual({ status: 'in_design', phase: 'cad' });
    expect(await readAt(casting)).toEqual({ status: 'in_production', phase: 'casting' });
    // A read in a department no phase names changes neither.
    expect(await readAt(engraving)).toEqual({ status: 'in_production', phase: 'casting' });

    // Renamed into a phase's words, an unplaced department joins it; removed, it leaves.
    const renamed = await admin.request('PATCH', `/api/v1/departments/${engraving.departmentId}`, {
      body: { name: 'Polishing and engraving' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await departmentsOf('polishing')).toEqual([engraving.departmentId]);
    const removed = await admin.request('DELETE', `/api/v1/departments/${cad.departmentId}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await departmentsOf('cad')).toEqual([]);
  });

  it('keeps what a manager saved: a department made before the save and left out stays out at the next start', async () => {
    const bench = await department('Bench room', 'Bench 1');
    expect(await departmentsOf('bench')).toEqual([bench.departmentId]);
    const template = await orderTemplate();
    const phases = template.phases.map((phase) =>
      phase.key === 'bench' ? { ...phase, departmentIds: [] } : phase,
    );
    const saved = await admin.request('PUT', `/api/v1/workflow/templates/${template.id}`, {
      body: { phases },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.loupe.workflow.followRegistry();
    expect(await departmentsOf('bench')).toEqual([]);
  });
});

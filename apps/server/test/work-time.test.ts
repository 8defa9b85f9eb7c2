import { ZNotificationListSchema } from '@loupe/domain/alerts/alerts';
import { ZStationScreenSchema } from '@loupe/domain/tv/tv-displays';
import {
  WORK_TIME_NOTES,
  WORK_UNDO_WINDOW_MS,
  ZJobLabourSchema,
  ZMyWorkTimeSchema,
  ZStationWorkSchema,
  ZWorkActionResultSchema,
} from '@loupe/domain/workflow/work-time';
import { ZWorkflowAssignmentSchema, ZWorkflowBoardSchema } from '@loupe/domain/workflow/workflow-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { workflowAssignments, workSessions } from '../src/db/schema/workflow.ts';
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

const MINUTE = 60_000;

/** Issue 37 §3: timers on assigned steps from My Tasks, undo, the read-stop and the closing-stop, over HTTP. */
describe.each(TEST_DATABASES)('work time on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let manager: TTestClient;
  let managerEmail: string;
  let places: Record<'bench' | 'bench2' | 'polishing', TPlace>;

  let shop: TWorkflowWorkshop;
  const data = dataOf;

  /** Whose each client is: tests move the clock by hours, so each request signs in again at the new time. */
  const emails = new Map<TTestClient, string>();

  async function signInAgain(client: TTestClient, email = emails.get(client)) {
    if (email === undefined) throw new Error('a client of nobody known');
    client.idToken = (await t.signIn(email)).IdToken;
  }

  /** A person of `role` and a client signed in as them. */
  async function person(role: 'production' | 'salesperson', firstName: string) {
    const signedIn = await t.clientAs(role, { firstName, lastName: 'Bench' });
    emails.set(signedIn.client, signedIn.user.email);
    return { ...signedIn, email: signedIn.user.email };
  }

  /** A tracked order read at the bench, its bench step given to `assigneeId`. */
  async function assignedOrder(assigneeId: string) {
    const { order, epc } = await shop.trackedOrder(places.bench, { customerName: 'Grace Hopper' });
    const created = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: order.id, assigneeId, phaseKey: 'bench' },
    });
    expect(created.statusCode).toBe(201);
    return { order, epc, assignment: ZWorkflowAssignmentSchema.parse(data(created)) };
  }

  const read = (orderId: string, epc: string, at: TPlace) => shop.read(orderId, epc, at);

  const tap = async (client: TTestClient, action: string, assignmentId: string, body: object = {}) => {
    await signInAgain(client);
    return client.request('POST', `/api/v1/work-time/assignments/${assignmentId}/${action}`, { body });
  };

  async function tapOk(client: TTestClient, action: string, assignmentId: string, body: object = {}) {
    const response = await tap(client, action, assignmentId, body);
    expect(response.statusCode, response.body).toBe(200);
    return ZWorkActionResultSchema.parse(data(response));
  }

  async function labour(orderId: string) {
    await signInAgain(manager);
    const response = await manager.request('GET', `/api/v1/work-time/jobs/order/${orderId}`);
    expect(response.statusCode).toBe(200);
    return ZJobLabourSchema.parse(data(response));
  }

  async function mine(client: TTestClient) {
    await signInAgain(client);
    const response = await client.request('GET', '/api/v1/work-time/mine');
    expect(response.statusCode).toBe(200);
    return ZMyWorkTimeSchema.parse(data(response));
  }

  async function phaseOf(orderId: string) {
    await signInAgain(manager);
    const response = await manager.request('GET', '/api/v1/workflow/board?kind=order');
    const board = ZWorkflowBoardSchema.parse(data(response));
    return board.columns.flatMap((column) => column.jobs).find((job) => job.id === orderId)?.workflow
      .phaseKey;
  }

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
    const signedIn = await t.clientAs('manager');
    manager = signedIn.client;
    managerEmail = signedIn.user.email;
    emails.set(manager, managerEmail);
    shop = createWorkflowWorkshop({
      t,
      fx,
      manager: () => manager,
      beforeRequest: () => signInAgain(manager, managerEmail),
    });
    places = await shop.places({
      bench: { department: 'Bench', station: 'Bench 1' },
      bench2: { department: 'Bench', station: 'Bench 2' },
      polishing: { department: 'Polishing', station: 'Polishing lathe' },
    });
    await shop.setOrderPhases([
      workflowPhase('bench', 'Bench work', [places.bench.department.id]),
      workflowPhase('polishing', 'Polishing', [places.polishing.department.id]),
    ]);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Tests move the clock; a fresh sign-in keeps the manager's token valid at the new time.
    await signInAgain(manager, managerEmail);
  });

  it('starts, pauses and finishes a step from My Tasks; labour per step shows on the job', async () => {
    const marco = await person('production', 'Marco');
    const { order, assignment } = await assignedOrder(marco.user.id);

    const started = await tapOk(marco.client, 'start', assignment.id);
    expect(started).toMatchObject({ action: 'start', message: `Started ${order.orderNumber}.` });
    expect(started.running).toMatchObject({ assignmentId: assignment.id, stationName: 'Bench 1' });
    expect(Date.parse(started.undoUntil) - t.clock().getTime()).toBe(WORK_UNDO_WINDOW_MS);

    t.clock.advance(20 * MINUTE);
    const paused = await tapOk(marco.client, 'pause', assignment.id);
    expect(paused).toMatchObject({ action: 'pause', running: null });
    expect((await mine(marco.client)).byAssignment).toEqual([
      {
        assignmentId: assignment.id,
        seconds: 20 * 60,
        hasStarted: true,
        isRunning: false,
        stoppedNote: null,
      },
    ]);

    t.clock.advance(60 * MINUTE);
    await tapOk(marco.client, 'start', assignment.id);
    t.clock.advance(25 * MINUTE);
    await signInAgain(marco.client, marco.email);
    await signInAgain(manager, managerEmail);
    const done = await tapOk(marco.client, 'done', assignment.id);
    expect(done).toMatchObject({ action: 'done', running: null });
    expect(await phaseOf(order.id)).toBe('polishing');

    const job = await labour(order.id);
    expect(job.rows).toEqual([
      {
        phaseKey: 'bench',
        phaseName: 'Bench work',
        person: { id: marco.user.id, name: 'Marco Bench' },
        seconds: 45 * 60,
        isRunning: false,
      },
    ]);
    expect(job.totalSeconds).toBe(45 * 60);
    expect(job.sessions.map((session) => session.endReason)).toEqual(['paused', 'done']);
  });

  it('runs one timer per person: starting a second step pauses the first and says so', async () => {
    const ana = await person('production', 'Ana');
    const first = await assignedOrder(ana.user.id);
    const second = await assignedOrder(ana.user.id);
    await tapOk(ana.client, 'start', first.assignment.id);
    t.clock.advance(5 * MINUTE);
    const switched = await tapOk(ana.client, 'start', second.assignment.id);
    expect(switched.message).toBe(
      `Started ${second.order.orderNumber}. Paused ${first.order.orderNumber}: one timer runs at a time.`,
    );
    const running = await t.database.db
      .select()
      .from(workSessions)
      .where(eq(workSessions.userId, ana.user.id));
    expect(running.filter((session) => session.endedAt === null).map((s) => s.assignmentId)).toEqual([
      second.assignment.id,
    ]);
    expect(running.find((s) => s.assignmentId === first.assignment.id)?.endReason).toBe('switched');

    // Undoing the switch: the second timer never was, the first runs again.
    const undone = await ana.client.request('POST', `/api/v1/work-time/actions/${switched.actionId}/undo`);
    expect(undone.statusCode).toBe(200);
    expect((await mine(ana.client)).running?.assignmentId).toBe(first.assignment.id);
    expect((await labour(second.order.id)).sessions).toEqual([]);
  });

  it('undoes exactly one tap within its window, and refuses it after with a stable code', async () => {
    const lea = await person('production', 'Lea');
    const { order, assignment } = await assignedOrder(lea.user.id);
    await tapOk(lea.client, 'start', assignment.id);
    t.clock.advance(10 * MINUTE);
    const paused = await tapOk(lea.client, 'pause', assignment.id);
    t.clock.advance(5_000);
    expect(
      (await lea.client.request('POST', `/api/v1/work-time/actions/${paused.actionId}/undo`)).statusCode,
    ).toBe(200);
    expect((await mine(lea.client)).running?.assignmentId).toBe(assignment.id);
    // Undone once is enough.
    const again = await lea.client.request('POST', `/api/v1/work-time/actions/${paused.actionId}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'WORK_UNDO_EXPIRED' });

    // Done, undone: the assignment is open again, the job back at the bench, the timer running.
    const done = await tapOk(lea.client, 'done', assignment.id);
    expect(await phaseOf(order.id)).toBe('polishing');
    t.clock.advance(3_000);
    const undoDone = await lea.client.request('POST', `/api/v1/work-time/actions/${done.actionId}/undo`);
    expect(undoDone.statusCode, undoDone.body).toBe(200);
    expect(await phaseOf(order.id)).toBe('bench');
    const [row] = await t.database.db
      .select()
      .from(workflowAssignments)
      .where(eq(workflowAssignments.id, assignment.id));
    expect(row?.status).toBe('open');
    expect((await mine(lea.client)).running?.assignmentId).toBe(assignment.id);

    // Past the window, an undo is refused and nothing changes.
    const pausedLate = await tapOk(lea.client, 'pause', assignment.id);
    t.clock.advance(WORK_UNDO_WINDOW_MS + 1_000);
    const late = await lea.client.request('POST', `/api/v1/work-time/actions/${pausedLate.actionId}/undo`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'WORK_UNDO_EXPIRED' });
    expect((await mine(lea.client)).running).toBeNull();
  });

  it('hands a step back to the managers’ queue with a note, and an undo gives it back', async () => {
    const tom = await person('production', 'Tom');
    const { order, assignment } = await assignedOrder(tom.user.id);
    await tapOk(tom.client, 'start', assignment.id);
    t.clock.advance(7 * MINUTE);
    const handed = await tapOk(tom.client, 'hand-back', assignment.id, { note: 'Stone is chipped' });
    expect(handed.message).toBe(`${order.orderNumber} handed back.`);
    const [row] = await t.database.db
      .select()
      .from(workflowAssignments)
      .where(eq(workflowAssignments.id, assignment.id));
    expect(row?.status).toBe('cancelled');
    const session = (await labour(order.id)).sessions[0];
    expect(session).toMatchObject({ endReason: 'handed-back', note: 'Handed back: Stone is chipped' });
    const undone = await tom.client.request('POST', `/api/v1/work-time/actions/${handed.actionId}/undo`);
    expect(undone.statusCode).toBe(200);
    expect((await mine(tom.client)).byAssignment.map((a) => a.assignmentId)).toEqual([assignment.id]);
  });

  it('lets only the assignee or a manager work a timer: others get 403 WORK_NOT_YOURS', async () => {
    const owner = await person('production', 'Owner');
    const other = await person('production', 'Other');
    const { assignment } = await assignedOrder(owner.user.id);
    for (const action of ['start', 'pause', 'done', 'hand-back']) {
      const refused = await tap(other.client, action, assignment.id);
      expect(refused.statusCode, action).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'WORK_NOT_YOURS' });
    }
    // A manager may, on the assignee's behalf: it is the assignee's timer that runs.
    const started = await tapOk(manager, 'start', assignment.id);
    expect(started.running?.person.id).toBe(owner.user.id);
    // Someone else may not undo the manager's tap either.
    const undo = await other.client.request('POST', `/api/v1/work-time/actions/${started.actionId}/undo`);
    expect(undo.statusCode).toBe(403);
    expect(undo.json()).toMatchObject({ code: 'WORK_NOT_YOURS' });
    await tapOk(owner.client, 'pause', assignment.id);
  });

  it('stops a running timer when the job is read at another station, with a note', async () => {
    const ivy = await person('production', 'Ivy');
    const { order, epc, assignment } = await assignedOrder(ivy.user.id);
    await tapOk(ivy.client, 'start', assignment.id);
    t.clock.advance(30 * MINUTE);
    await read(order.id, epc, places.polishing);
    const session = (await labour(order.id)).sessions[0];
    expect(session).toMatchObject({
      endReason: 'read-elsewhere',
      note: WORK_TIME_NOTES.readAt('Polishing lathe'),
      seconds: 31 * 60,
    });
  });

  it('leaves a timer running when the job is read where it was started, and stops it at the next station', async () => {
    const ned = await person('production', 'Ned');
    const { order, epc, assignment } = await assignedOrder(ned.user.id);
    // Started at the kiosk of Bench 2 while the job's tag was last read at Bench 1.
    const started = await tapOk(ned.client, 'start', assignment.id, { stationId: places.bench2.station.id });
    expect(started.running?.stationName).toBe('Bench 2');
    await read(order.id, epc, places.bench2);
    expect((await mine(ned.client)).running?.assignmentId).toBe(assignment.id);
    await read(order.id, epc, places.bench);
    await signInAgain(ned.client);
    expect((await mine(ned.client)).running).toBeNull();
    expect((await labour(order.id)).sessions[0]).toMatchObject({
      endReason: 'read-elsewhere',
      note: 'Stopped: read at Bench 1',
    });
    expect((await mine(ned.client)).byAssignment[0]?.stoppedNote).toBe('Stopped: read at Bench 1');
  });

  it('stops a timer when its phase is completed from the board, with a note', async () => {
    const una = await person('production', 'Una');
    const { order, assignment } = await assignedOrder(una.user.id);
    await tapOk(una.client, 'start', assignment.id);
    t.clock.advance(12 * MINUTE);
    const advanced = await manager.request('POST', `/api/v1/workflow/jobs/order/${order.id}/advance`, {
      body: {},
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    await vi.waitFor(async () => {
      expect((await labour(order.id)).sessions[0]).toMatchObject({
        endReason: 'phase-finished',
        note: WORK_TIME_NOTES.phaseCompleted,
        seconds: 12 * 60,
      });
    });
    expect((await mine(una.client)).running).toBeNull();
  });

  it('stops every timer of a cancelled job at that moment, and leaves Done’s own stop alone', async () => {
    const vic = await person('production', 'Vic');
    const cancelled = await assignedOrder(vic.user.id);
    await tapOk(vic.client, 'start', cancelled.assignment.id);
    t.clock.advance(8 * MINUTE);
    await signInAgain(manager);
    const patched = await manager.request('PATCH', `/api/v1/orders/${cancelled.order.id}`, {
      body: { status: 'cancelled' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await vi.waitFor(async () => {
      const [session] = await t.database.db
        .select()
        .from(workSessions)
        .where(eq(workSessions.itemId, cancelled.order.id));
      expect(session).toMatchObject({ endReason: 'phase-finished', note: 'Stopped: job cancelled' });
      expect(session?.endedAt?.getTime()).toBe(t.clock().getTime());
    });

    // Done completes the phase too: its timer ends as "done", once, and an undo brings it back.
    const finished = await assignedOrder(vic.user.id);
    await tapOk(vic.client, 'start', finished.assignment.id);
    t.clock.advance(4 * MINUTE);
    await tapOk(vic.client, 'done', finished.assignment.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await labour(finished.order.id)).sessions.map((session) => session.endReason)).toEqual(['done']);
  });

  it('stops the timers of jobs finished together (a batch of moves), and only on the jobs that finished', async () => {
    const xia = await person('production', 'Xia');
    const yan = await person('production', 'Yan');
    const zed = await person('production', 'Zed');
    const first = await assignedOrder(xia.user.id);
    const second = await assignedOrder(yan.user.id);
    const stillOpen = await assignedOrder(zed.user.id);
    // One running timer a person: three people, one job each.
    await tapOk(xia.client, 'start', first.assignment.id);
    await tapOk(yan.client, 'start', second.assignment.id);
    await tapOk(zed.client, 'start', stillOpen.assignment.id);
    t.clock.advance(6 * MINUTE);
    const at = t.clock().toISOString();
    // Announced in one turn of the event loop, as a batch of reads does: two jobs finished, one still open.
    const publish = (order: { id: string; orderNumber: string }, status: string) =>
      t.app.loupe.events.publish('order:status-changed', {
        orderId: order.id,
        orderNumber: order.orderNumber,
        status,
        previousStatus: 'in_production',
        timestamp: at,
      });
    publish(first.order, 'cancelled');
    publish(stillOpen.order, 'in_production');
    publish(second.order, 'cancelled');
    const sessionsOf = (itemId: string) =>
      t.database.db.select().from(workSessions).where(eq(workSessions.itemId, itemId));
    await vi.waitFor(async () => {
      for (const job of [first, second]) {
        const sessions = await sessionsOf(job.order.id);
        expect(sessions).toEqual([
          expect.objectContaining({ endReason: 'phase-finished', note: 'Stopped: job cancelled' }),
        ]);
        expect(sessions[0]?.endedAt?.toISOString()).toBe(at);
      }
    });
    expect(await sessionsOf(stillOpen.order.id)).toEqual([expect.objectContaining({ endedAt: null })]);
  });

  it('lists the pieces at a station for its kiosk: my step on each and who works on it now', async () => {
    const wes = await person('production', 'Wes');
    const { order, assignment } = await assignedOrder(wes.user.id);
    const other = await shop.trackedOrder(places.bench);
    const started = await tapOk(wes.client, 'start', assignment.id, { stationId: places.bench.station.id });
    t.clock.advance(3 * MINUTE);
    await signInAgain(wes.client);
    const response = await wes.client.request('GET', `/api/v1/work-time/stations/${places.bench.station.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const work = ZStationWorkSchema.parse(data(response));
    const piece = work.pieces.find((p) => p.itemId === order.id);
    expect(piece).toMatchObject({
      number: order.orderNumber,
      mine: { assignmentId: assignment.id, phaseName: 'Bench work', seconds: 180, isRunning: true },
      running: [{ person: { id: wes.user.id, name: 'Wes Bench' }, startedAt: started.running?.startedAt }],
    });
    expect(work.pieces.find((p) => p.itemId === other.order.id)).toMatchObject({ mine: null, running: [] });

    // The station's TV carries the same running timer, in its screen's read model.
    await signInAgain(manager);
    const screen = ZStationScreenSchema.parse(
      data(await manager.request('GET', `/api/v1/stations/${places.bench.station.id}/screen`)),
    );
    expect(screen.timers.filter((timer) => timer.itemId === order.id)).toEqual([
      {
        kind: 'order',
        itemId: order.id,
        personName: 'Wes Bench',
        phaseName: 'Bench work',
        startedAt: started.running?.startedAt,
      },
    ]);
    expect(screen.station.departmentId).toBe(places.bench.department.id);
    await tapOk(wes.client, 'pause', assignment.id);

    const unknown = await wes.client.request('GET', '/api/v1/work-time/stations/NO-SUCH-STATION');
    expect(unknown.statusCode).toBe(404);
  });

  it('stops timers at the working calendar’s closing time and tells their person', async () => {
    const calendar = await manager.request('PUT', '/api/v1/workflow/calendar', {
      body: {
        timeZone: 'Europe/London',
        openDays: [1, 2, 3, 4, 5],
        opensAt: '09:00',
        closesAt: '17:30',
        closedDates: [],
      },
    });
    expect(calendar.statusCode).toBe(200);
    t.clock.set(new Date('2026-12-01T15:00:00Z'));
    const notify = t.app.loupe.notifications.notify;
    // Timers earlier tests left running started on other days: this sweep stops them at their closings.
    await t.app.loupe.workTime.stopAtClosing(notify);
    await signInAgain(manager, managerEmail);
    const kim = await person('production', 'Kim');
    const { order, assignment } = await assignedOrder(kim.user.id);
    await tapOk(kim.client, 'start', assignment.id);

    // Before closing the sweep leaves it alone.
    t.clock.set(new Date('2026-12-01T17:00:00Z'));
    expect(await t.app.loupe.workTime.stopAtClosing(notify)).toBe(0);

    // The sweep runs late at night: the timer ends at closing, not when the sweep noticed.
    t.clock.set(new Date('2026-12-01T22:00:00Z'));
    expect(await t.app.loupe.workTime.stopAtClosing(notify)).toBe(1);
    expect(await t.app.loupe.workTime.stopAtClosing(notify)).toBe(0);
    await signInAgain(manager, managerEmail);
    const session = (await labour(order.id)).sessions[0];
    expect(session).toMatchObject({
      endReason: 'closing',
      note: 'Stopped at closing',
      endedAt: '2026-12-01T17:30:00.000Z',
    });

    // Next morning: the bell says so, and My Tasks shows the note on the step.
    t.clock.set(new Date('2026-12-02T08:45:00Z'));
    await signInAgain(kim.client, kim.email);
    const bell = ZNotificationListSchema.parse(
      data(await kim.client.request('GET', '/api/v1/notifications')),
    );
    expect(bell.items.filter((item) => item.title === 'Your timer stopped at closing')).toEqual([
      expect.objectContaining({
        message: `${order.orderNumber} (Bench work) was still running at closing; it stopped then. Start it again when you carry on.`,
        link: '/my-tasks',
      }),
    ]);
    expect((await mine(kim.client)).byAssignment[0]?.stoppedNote).toBe('Stopped at closing');
  });
});

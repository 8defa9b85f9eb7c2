import { ZAlertSchema } from '@loupe/domain/alerts/alerts';
import { ZPredictionsSchema, ZWorkflowAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import {
  JOB_KINDS,
  JOB_VIEWS,
  type TJobKind,
  type TJobView,
  ZJobSummarySchema,
} from '@loupe/domain/jobs/job-views';
import { ZOffsiteItemSchema, ZTrackingStatsSchema } from '@loupe/domain/tracking/tracking-api';
import { ZStationScreenSchema } from '@loupe/domain/tv/tv-displays';
import {
  type TWorkflowJob,
  ZDepartmentWorkloadSchema,
  ZWorkflowBoardSchema,
} from '@loupe/domain/workflow/workflow-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ASSISTANT_WORKSHOP_NOW,
  createAssistantWorkshop,
  type TAssistantWorkshop,
} from './support/assistant-workshop.ts';
import { TEST_DATABASES } from './support/databases.ts';
import type { TTestClient } from './support/test-app.ts';

const DAY = 86_400_000;
const dayFrom = (days: number) =>
  new Date(ASSISTANT_WORKSHOP_NOW.getTime() + days * DAY).toISOString().slice(0, 10);

/**
 * Issue 32 §6: one truth about a job. A workshop with reads, deliveries, rush jobs, offsite pieces and jobs
 * still in their first phase, and every count of it asked of every API that shows it: the dashboard's tiles,
 * the lists a tile opens, the board and its filter, analytics work in progress, the tracking counts, the
 * offsite list, the alerts, the station TVs and the manager's department view. They must all agree.
 */
describe.each(TEST_DATABASES)('one truth about a job on %s', (database) => {
  let w: TAssistantWorkshop;
  let manager: TTestClient;
  const extra: Record<string, { kind: TJobKind; id: string; number: string }> = {};

  async function data<T>(client: TTestClient, method: string, url: string, body?: unknown): Promise<T> {
    const response = await client.request(method, url, body === undefined ? {} : { body });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return (response.json() as { data: T }).data;
  }

  /** Every open job of a kind on the board (all its columns), optionally in one view. */
  async function boardCards(kind: TJobKind, view?: TJobView): Promise<TWorkflowJob[]> {
    const board = ZWorkflowBoardSchema.parse(
      await data(manager, 'GET', `/api/v1/workflow/board?kind=${kind}${view ? `&view=${view}` : ''}`),
    );
    return board.columns.flatMap((column) => column.jobs);
  }

  /** The ids of a list filtered by a view, every page of it. */
  async function listIds(kind: TJobKind, view: TJobView): Promise<string[]> {
    const page = z
      .object({
        items: z.array(z.object({ id: z.string() })),
        total: z.number(),
        nextCursor: z.string().nullable(),
      })
      .parse(await data(manager, 'GET', `/api/v1/${kind}s?view=${view}&limit=200`));
    expect(page.nextCursor).toBeNull();
    expect(page.items).toHaveLength(page.total);
    return page.items.map((item) => item.id);
  }

  const sorted = (ids: readonly string[]) => [...ids].sort();

  beforeAll(async () => {
    w = await createAssistantWorkshop({ database });
    manager = w.clients.manager;
    const admin = w.clients.admin;
    const bench = w.workshop.departments.find((department) => department.name === 'Bench');
    const casting = w.workshop.departments.find((department) => department.name === 'Casting');
    const customers = z
      .object({ items: z.array(z.object({ id: z.string() })) })
      .parse(await data(admin, 'GET', '/api/v1/customers?limit=5'));
    const customerId = customers.items[0]?.id ?? '';
    const newOrder = async (name: string, input: Record<string, unknown>) => {
      const order = z
        .object({ id: z.string(), orderNumber: z.string() })
        .parse(await data(admin, 'POST', '/api/v1/orders', { customerId, description: name, ...input }));
      extra[name] = { kind: 'order', id: order.id, number: order.orderNumber };
      return order;
    };
    const tagAndRead = async (orderId: string, departmentId: string, stationId: string) => {
      const epcCode = `E2801170000000000000${String(Object.keys(extra).length).padStart(4, '0')}`;
      await data(admin, 'POST', '/api/v1/tracking/assign-epc', { orderId, epcCode });
      await data(admin, 'POST', '/api/v1/tracking/orders/update-location', {
        orderId,
        epcCode,
        departmentId,
        stationId,
      });
      // Analytics counts the visit once its projection has followed the move (decision 026).
      await w.t.app.loupe.projections.caughtUp();
    };
    // In its first phase, never read: on the board and in work in progress, in the design phase.
    await newOrder('first phase, untagged', { promisedDate: dayFrom(20) });
    // Rush, promised for tomorrow and just started: rush, due this week, never overdue on its first day.
    const rush = await newOrder('rush, just started', { isRush: true, promisedDate: dayFrom(1) });
    if (casting?.stations[0]) await tagAndRead(rush.id, casting.id, casting.stations[0].id);
    // Past its promised date but ready for its customer: ready, not overdue.
    const ready = await newOrder('ready after its date', { promisedDate: dayFrom(-3) });
    for (const status of ['in_production', 'quality_check', 'ready']) {
      await data(admin, 'PATCH', `/api/v1/orders/${ready.id}`, { status });
    }
    // Delivered: in no count, its tag given back.
    const delivered = await newOrder('delivered', { promisedDate: dayFrom(-1) });
    if (bench?.stations[0]) await tagAndRead(delivered.id, bench.id, bench.stations[0].id);
    for (const status of ['in_production', 'quality_check', 'ready', 'delivered']) {
      await data(admin, 'PATCH', `/api/v1/orders/${delivered.id}`, { status });
    }
    await w.t.app.loupe.alerts.evaluate();
  });

  afterAll(async () => {
    await w?.close();
  });

  it('counts each view the same on the tiles, the lists they open and the board', async () => {
    const summary = ZJobSummarySchema.parse(await data(manager, 'GET', '/api/v1/workflow/summary'));
    expect(summary.kinds).toEqual(['order', 'repair']);
    const nonEmpty: string[] = [];
    for (const view of JOB_VIEWS) {
      for (const kind of JOB_KINDS) {
        const listed = await listIds(kind, view);
        const onBoard = (await boardCards(kind, view)).map((card) => card.id);
        expect(sorted(listed), `${kind}s in ${view}`).toEqual(sorted(onBoard));
        expect(summary.counts[view][kind], `${kind}s in ${view}`).toBe(listed.length);
        if (listed.length > 0) nonEmpty.push(`${view}/${kind}`);
      }
    }
    // The workshop exercises the views, not only empty ones.
    for (const view of ['overdue', 'due-this-week', 'rush', 'ready-for-pickup', 'offsite'] as const) {
      expect(
        nonEmpty.some((entry) => entry.startsWith(`${view}/`)),
        view,
      ).toBe(true);
    }
  });

  it('puts each job in the views its own record says, with rules a person would check by hand', async () => {
    const cards = [...(await boardCards('order')), ...(await boardCards('repair'))];
    const card = (name: string) => cards.find((candidate) => candidate.id === extra[name]?.id);
    expect(card('first phase, untagged')).toMatchObject({
      status: 'new',
      location: null,
      workflow: { phaseKey: 'design', phaseIndex: 0 },
      state: { isOverdue: false, due: 'later' },
    });
    expect(card('rush, just started')).toMatchObject({
      status: 'in_production',
      workflow: { phaseKey: 'casting' },
      state: { isRush: true, isOverdue: false, isOverPhaseTarget: false, due: 'week' },
    });
    expect(card('ready after its date')).toMatchObject({
      status: 'ready',
      state: { isOverdue: false, isInWork: false, due: 'none' },
    });
    expect(card('delivered')).toBeUndefined();
    // Every card past its promised day (in the workshop's zone) and still in work is overdue, and only those.
    const today = ASSISTANT_WORKSHOP_NOW.toISOString().slice(0, 10);
    for (const job of cards) {
      const pastPromise = job.promisedDate !== null && job.promisedDate < today && job.status !== 'ready';
      expect(job.state.isOverdue, job.number).toBe(pastPromise);
    }
  });

  it('shows in analytics work in progress now exactly the jobs the board shows, by phase', async () => {
    const analytics = ZWorkflowAnalyticsSchema.parse(
      await data(manager, 'GET', '/api/v1/analytics/workflow'),
    );
    const now = analytics.wip.at(-1);
    const byPhase = new Map<string, number>();
    for (const job of [...(await boardCards('order')), ...(await boardCards('repair'))]) {
      byPhase.set(job.workflow.phaseKey, (byPhase.get(job.workflow.phaseKey) ?? 0) + 1);
    }
    expect(Object.fromEntries(Object.entries(now?.counts ?? {}).filter(([, count]) => count > 0))).toEqual(
      Object.fromEntries(byPhase),
    );
    // No job of today is without a phase: a job not read yet is in its first phase, as on the board.
    expect(now?.counts[''] ?? 0).toBe(0);
  });

  it('counts tracked and offsite pieces the same in the tracking counts, the offsite list and the tiles', async () => {
    const stats = ZTrackingStatsSchema.parse(await data(manager, 'GET', '/api/v1/tracking/stats'));
    const offsite = z.array(ZOffsiteItemSchema).parse(await data(manager, 'GET', '/api/v1/tracking/offsite'));
    const summary = ZJobSummarySchema.parse(await data(manager, 'GET', '/api/v1/workflow/summary'));
    const cards = { order: await boardCards('order'), repair: await boardCards('repair') };
    expect(stats.offsiteOrders).toBe(summary.counts.offsite.order);
    expect(stats.offsiteRepairs).toBe(summary.counts.offsite.repair);
    expect(offsite.length).toBe(summary.counts.offsite.order + summary.counts.offsite.repair);
    expect(sorted(offsite.map((item) => item.itemId))).toEqual(
      sorted([...cards.order, ...cards.repair].filter((job) => job.state.isOffsite).map((job) => job.id)),
    );
    const tagged = (kind: TJobKind) => cards[kind].filter((job) => job.location !== null).length;
    expect(stats.activeOrders + stats.offsiteOrders + stats.returnedOrders).toBe(tagged('order'));
    expect((stats.activeRepairs ?? 0) + (stats.offsiteRepairs ?? 0) + (stats.returnedRepairs ?? 0)).toBe(
      tagged('repair'),
    );
    expect(stats.totalTracked).toBe(tagged('order') + tagged('repair'));
    // Offsite counts from when a piece was last seen.
    for (const item of offsite) {
      const job = [...cards.order, ...cards.repair].find((candidate) => candidate.id === item.itemId);
      expect(job?.state.offsiteSince, item.number).toBe(item.lastSeen);
    }
  });

  it('raises an alert for each overdue and each at-risk job, and only for those', async () => {
    const alerts = z.array(ZAlertSchema).parse(await data(manager, 'GET', '/api/v1/alerts?status=open'));
    const subjects = (rule: string) =>
      sorted(alerts.filter((alert) => alert.rule === rule).map((alert) => alert.subject.id));
    const cards = [...(await boardCards('order')), ...(await boardCards('repair'))];
    expect(subjects('job-overdue')).toEqual(
      sorted(cards.filter((job) => job.state.isOverdue).map((job) => job.id)),
    );
    expect(subjects('job-at-risk')).toEqual(
      sorted(cards.filter((job) => job.state.isAtRisk).map((job) => job.id)),
    );
    // Its words name where the piece is now.
    for (const alert of alerts.filter((candidate) => candidate.rule === 'job-overdue')) {
      const job = cards.find((candidate) => candidate.id === alert.subject.id);
      expect(alert.message).toContain(
        job?.location ? job.location.stationName : 'not read at any station yet',
      );
    }
  });

  it('shows at each station, on its TV and in the department view, the pieces the board places there', async () => {
    const cards = [...(await boardCards('order')), ...(await boardCards('repair'))];
    for (const department of w.workshop.departments) {
      const workload = ZDepartmentWorkloadSchema.parse(
        await data(manager, 'GET', `/api/v1/workflow/departments/${department.id}`),
      );
      for (const station of department.stations) {
        const here = cards.filter(
          (job) => job.location?.stationId === station.id && job.location.trackingStatus !== 'offsite',
        );
        const screen = ZStationScreenSchema.parse(
          await data(manager, 'GET', `/api/v1/stations/${station.id}/screen`),
        );
        expect(sorted(screen.here.map((piece) => piece.id)), station.name).toEqual(
          sorted(here.map((job) => job.id)),
        );
        const inWorkload = workload.stations.find((candidate) => candidate.id === station.id);
        expect(
          sorted((inWorkload?.jobs ?? []).filter((job) => !job.state.isOffsite).map((job) => job.id)),
        ).toEqual(sorted(here.map((job) => job.id)));
        expect(inWorkload?.overPhaseTarget).toBe(
          (inWorkload?.jobs ?? []).filter((job) => job.state.isOverPhaseTarget).length,
        );
      }
    }
  });

  it('predicts every open job the board shows, and the order page says the same', async () => {
    const predictions = ZPredictionsSchema.parse(await data(manager, 'GET', '/api/v1/analytics/predictions'));
    const cards = [...(await boardCards('order')), ...(await boardCards('repair'))];
    const predicted = cards.filter((job) => job.prediction !== null);
    expect(sorted(Object.keys(predictions.predictions))).toEqual(sorted(predicted.map((job) => job.id)));
    const sample = predicted.find((job) => job.kind === 'order');
    if (!sample) throw new Error('no predicted order');
    const page = z
      .object({ state: z.object({ isAtRisk: z.boolean(), isOverdue: z.boolean() }) })
      .parse(await data(manager, 'GET', `/api/v1/orders/${sample.id}`));
    expect(page.state).toMatchObject({ isAtRisk: sample.state.isAtRisk, isOverdue: sample.state.isOverdue });
  });

  it("gives a delivered job's tag back: no tracking, no offsite, no station", async () => {
    const delivered = extra.delivered;
    const order = z
      .object({ status: z.string(), tracking: z.unknown().nullable(), state: z.unknown().nullable() })
      .parse(await data(manager, 'GET', `/api/v1/orders/${delivered?.id}`));
    expect(order).toMatchObject({ status: 'delivered', tracking: null, state: null });
  });
});

import { type TWorkflowTemplate, ZWorkflowTemplateSchema } from '@loupe/domain/workflow/workflow-template';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../../src/db/schema/jobs.ts';
import type { TTestApp, TTestClient } from './test-app.ts';
import type { TTrackingFixtures } from './tracking-fixtures.ts';

/**
 * The set-up the workflow and work-time suites share: a workshop's departments and stations, the default
 * order template given their phases, and tracked orders read at a station by a manager, over HTTP.
 */

/** A department and one of its stations: where a read puts a job. */
export type TPlace = { readonly department: { id: string }; readonly station: { id: string } };

/** The `data` of an API answer. */
export const dataOf = (response: { json(): unknown }) => (response.json() as { data: unknown }).data;

/** A phase of a template, finished by production, 8 hours' target, no sign-off unless `extra` says so. */
export const workflowPhase = (
  key: string,
  name: string,
  departmentIds: string[],
  extra: Record<string, unknown> = {},
) => ({
  key,
  name,
  departmentIds,
  targetHours: 8,
  completerRoles: ['production'],
  needsSignOff: false,
  ...extra,
});

export function createWorkflowWorkshop(options: {
  readonly t: TTestApp;
  readonly fx: TTrackingFixtures;
  readonly manager: () => TTestClient;
  /** Before each of the manager's requests (suites that move the clock by hours sign in again). */
  readonly beforeRequest?: () => Promise<void>;
  /** How far the clock moves before each read: reads need to be apart. */
  readonly readStepMs?: number;
}) {
  const { t, fx } = options;
  const ready = async () => {
    await options.beforeRequest?.();
    return options.manager();
  };

  /** Departments named `names` (with a suffix, so suites share a database), each with one named station. */
  async function places<K extends string>(stations: Record<K, { department: string; station: string }>) {
    const suffix = crypto.randomUUID().slice(0, 6);
    const made = new Map<string, { id: string }>();
    const result = {} as Record<K, TPlace>;
    for (const [key, place] of Object.entries(stations) as [K, { department: string; station: string }][]) {
      let department = made.get(place.department);
      if (!department) {
        department = await fx.department({ name: `${place.department} ${suffix}` });
        made.set(place.department, department);
      }
      result[key] = { department, station: await fx.station(department.id, { name: place.station }) };
    }
    return result;
  }

  async function orderTemplate(): Promise<TWorkflowTemplate> {
    const response = await (await ready()).request('GET', '/api/v1/workflow/templates');
    expect(response.statusCode).toBe(200);
    const template = ZWorkflowTemplateSchema.array()
      .parse(dataOf(response))
      .find((candidate) => candidate.kind === 'order' && candidate.productTypeId === null);
    if (!template) throw new Error('no default order template');
    return template;
  }

  /** Gives the default order template these phases. */
  async function setOrderPhases(phases: readonly ReturnType<typeof workflowPhase>[]) {
    const template = await orderTemplate();
    const saved = await (await ready()).request('PUT', `/api/v1/workflow/templates/${template.id}`, {
      body: { phases },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  /** A read of the order's tag at `at`, a little later than the last. */
  async function read(orderId: string, epc: string, at: TPlace) {
    t.clock.advance(options.readStepMs ?? 60_000);
    const moved = await (await ready()).request('POST', '/api/v1/tracking/orders/update-location', {
      body: { orderId, epcCode: epc, departmentId: at.department.id, stationId: at.station.id },
    });
    expect(moved.statusCode).toBe(200);
  }

  /** A tagged order (promised by `promisedDate`, when given) whose tag was read at `at`. */
  async function trackedOrder(
    at: TPlace,
    options: { readonly customerName?: string; readonly promisedDate?: string } = {},
  ) {
    // Created at the app's time: tests move its clock, and the order is in its first phase since it was created.
    const order = await fx.order({
      customerName: options.customerName ?? 'Ada Lovelace',
      createdAt: t.clock(),
    });
    if (options.promisedDate) {
      await t.database.db
        .update(orders)
        .set({ promisedDate: options.promisedDate })
        .where(eq(orders.id, order.id));
    }
    const epc = fx.epc();
    const assigned = await (await ready()).request('POST', '/api/v1/tracking/assign-epc', {
      body: { orderId: order.id, epcCode: epc, orderNumber: order.orderNumber },
    });
    expect(assigned.statusCode).toBe(200);
    await read(order.id, epc, at);
    return { order, epc };
  }

  return { places, orderTemplate, setOrderPhases, read, trackedOrder };
}

export type TWorkflowWorkshop = ReturnType<typeof createWorkflowWorkshop>;

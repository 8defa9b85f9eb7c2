import { epcHexOf, epcUriOf } from '@loupe/domain/integrations/epcis-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEpcisRepository } from '../src/modules/epcis/repository.ts';
import { createEpcisService } from '../src/modules/epcis/service.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { epcisSchemaErrors } from './support/epcis-schema.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';
import {
  createWorkflowWorkshop,
  type TPlace,
  type TWorkflowWorkshop,
  workflowPhase,
} from './support/workflow-workshop.ts';

const MINUTE = 60_000;
const PUBLIC_URL = 'https://loupe.example';

type TEvent = {
  type: string;
  eventID: string;
  eventTime: string;
  epcList: string[];
  action: string;
  bizStep: string;
  disposition: string;
  readPoint?: { id: string };
  bizLocation?: { id: string };
  ilmd?: Record<string, unknown>;
  'loupe:job': { kind: string; id: string; number: string };
};

/**
 * EPCIS 2.0 out of Loupe (issue 41): a job's life driven through the real API (tagging, reads at stations, the
 * workflow's phase changes, an offsite detection and the return, ready and delivered), then read back through
 * GET /epcis/events with each filter and by pages, and exported; every document passes GS1's JSON schema.
 */
describe.each(TEST_DATABASES)('EPCIS on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let shop: TWorkflowWorkshop;
  let manager: TTestClient;
  let places: Record<'bench' | 'qa' | 'counter', TPlace>;
  let order: { id: string; orderNumber: string };
  let epc: string;
  let repair: { id: string; repairNumber: string };
  let repairEpc: string;
  let startedAt: Date;

  const uri = (what: string, id: string) => `${PUBLIC_URL}/epcis/${what}/${encodeURIComponent(id)}`;

  async function query(params: Record<string, string>, client?: TTestClient) {
    const search = new URLSearchParams(params).toString();
    return (client ?? manager).request('GET', `/api/v1/epcis/events${search === '' ? '' : `?${search}`}`);
  }

  /** A query's events, checked against GS1's schema on the way. */
  async function events(params: Record<string, string>): Promise<TEvent[]> {
    const response = await query({ perPage: '500', ...params });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    const document = response.json();
    expect(epcisSchemaErrors(document)).toEqual([]);
    expect(document.type).toBe('EPCISQueryDocument');
    return document.epcisBody.queryResults.resultsBody.eventList as TEvent[];
  }

  const stepsOf = (list: TEvent[]) => list.map((event) => event.bizStep);

  beforeAll(async () => {
    t = await createTestApp({ database, env: { PUBLIC_URL } });
    fx = createTrackingFixtures(t.database.db, t.clock);
    const signedIn = await t.clientAs('manager');
    manager = signedIn.client;
    // The story moves the clock by tens of minutes: a fresh sign-in keeps the manager's token valid.
    const refresh = async () => {
      manager.idToken = (await t.signIn(signedIn.user.email)).IdToken;
    };
    shop = createWorkflowWorkshop({ t, fx, manager: () => manager, beforeRequest: refresh });
    places = await shop.places({
      bench: { department: 'Bench', station: 'Bench 1' },
      qa: { department: 'Quality', station: 'QA desk' },
      counter: { department: 'Front', station: 'Counter' },
    });
    await shop.setOrderPhases([
      workflowPhase('bench', 'Bench work', [places.bench.department.id]),
      workflowPhase('qa', 'Quality check', [places.qa.department.id]),
    ]);
    startedAt = t.clock();

    // An order: tagged and read at the bench, then at QA; out of the building, back at the bench; ready; delivered.
    const tracked = await shop.trackedOrder(places.bench, { customerName: 'Rosalind Franklin' });
    order = tracked.order;
    epc = tracked.epc;
    await shop.read(order.id, epc, places.qa);
    await t.app.loupe.tracking.detectOffsite(new Date(t.clock().getTime() + 31 * MINUTE));
    t.clock.advance(40 * MINUTE);
    await shop.read(order.id, epc, places.bench);
    await refresh();
    for (const status of ['quality_check', 'ready', 'delivered']) {
      t.clock.advance(MINUTE);
      const response = await manager.request('PATCH', `/api/v1/orders/${order.id}`, { body: { status } });
      expect(response.statusCode, response.body).toBe(200);
    }

    // A repair: tagged, read at the counter, through QA to picked up.
    repair = await fx.repair({ customerName: 'Chien-Shiung Wu', status: 'in_progress' });
    repairEpc = fx.epc();
    const assigned = await manager.request('POST', '/api/v1/tracking/repairs/assign-epc', {
      body: { repairId: repair.id, epcCode: repairEpc },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    t.clock.advance(MINUTE);
    const read = await manager.request('POST', '/api/v1/tracking/repairs/update-location', {
      body: {
        repairId: repair.id,
        epcCode: repairEpc,
        departmentId: places.counter.department.id,
        stationId: places.counter.station.id,
      },
    });
    expect(read.statusCode, read.body).toBe(200);
    for (const status of ['quality_check', 'ready', 'picked_up']) {
      t.clock.advance(MINUTE);
      const response = await manager.request('PATCH', `/api/v1/repairs/${repair.id}`, { body: { status } });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('tells a job’s life as EPCIS ObjectEvents, each event type valid against GS1’s schema', async () => {
    const orderEvents = await events({ MATCH_epc: epcUriOf(epc) });
    expect(stepsOf(orderEvents)).toEqual([
      'commissioning',
      'arriving',
      // Read at QA: the workflow moves the job to its quality phase.
      'arriving',
      'inspecting',
      'departing',
      // Read at the bench again: back from offsite, and back to bench work (rework).
      'arriving',
      'receiving',
      'assembling',
      // Status set to quality check by hand: the phase follows.
      'inspecting',
      'staging_outbound',
      'retail_selling',
      'decommissioning',
    ]);
    const commissioning = orderEvents[0];
    expect(commissioning).toMatchObject({
      type: 'ObjectEvent',
      action: 'ADD',
      disposition: 'active',
      epcList: [epcUriOf(epc)],
      ilmd: { 'loupe:jobKind': 'order', 'loupe:jobId': order.id, 'loupe:jobNumber': order.orderNumber },
    });
    expect(orderEvents.find((event) => event.bizStep === 'inspecting')).toMatchObject({
      readPoint: { id: uri('stations', places.qa.station.id) },
      bizLocation: { id: uri('departments', places.qa.department.id) },
    });
    expect(orderEvents.find((event) => event.bizStep === 'departing')?.disposition).toBe('in_transit');
    expect(orderEvents.at(-1)).toMatchObject({ action: 'DELETE', disposition: 'inactive' });
    for (const event of orderEvents) {
      expect(event['loupe:job']).toEqual({ kind: 'order', id: order.id, number: order.orderNumber });
      expect(event.eventID.startsWith(`${PUBLIC_URL}/epcis/events/`)).toBe(true);
      // Each event alone (with the context) passes the schema's single-event branch too.
      expect(
        epcisSchemaErrors({
          '@context': [
            'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
            { loupe: `${PUBLIC_URL}/epcis/vocabulary#` },
          ],
          ...event,
        }),
      ).toEqual([]);
    }
    const repairEvents = await events({ MATCH_anyEPC: epcUriOf(repairEpc) });
    expect(stepsOf(repairEvents)).toEqual([
      'commissioning',
      'arriving',
      'inspecting',
      'staging_outbound',
      'shipping',
      'decommissioning',
    ]);
    expect(repairEvents[4]?.disposition).toBe('completeness_verified');
    expect(epcHexOf(repairEvents[0]?.epcList[0] ?? '')).toBe(repairEpc);
  });

  it('filters by each standard parameter', async () => {
    const all = await events({});
    const ids = (list: TEvent[]) => list.map((event) => event.eventID);
    expect(all.length).toBeGreaterThanOrEqual(16);

    const middle = all[Math.floor(all.length / 2)]?.eventTime ?? '';
    const later = await events({ GE_eventTime: middle });
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((event) => event.eventTime >= middle)).toBe(true);
    const earlier = await events({ LT_eventTime: middle });
    expect(earlier.every((event) => event.eventTime < middle)).toBe(true);
    expect([...ids(earlier), ...ids(later)].sort()).toEqual(ids(all).sort());

    const arriving = await events({ EQ_bizStep: 'arriving|urn:epcglobal:cbv:bizstep:inspecting' });
    expect(new Set(stepsOf(arriving))).toEqual(new Set(['arriving', 'inspecting']));
    expect(arriving).toHaveLength(all.filter((e) => ['arriving', 'inspecting'].includes(e.bizStep)).length);

    const atQa = await events({ EQ_readPoint: uri('stations', places.qa.station.id) });
    expect(stepsOf(atQa)).toEqual(['arriving', 'inspecting', 'departing']);
    const inFront = await events({ EQ_bizLocation: uri('departments', places.counter.department.id) });
    expect(inFront.every((event) => event['loupe:job'].id === repair.id)).toBe(true);
    expect(inFront.map((event) => event.bizStep)).toEqual([
      'arriving',
      'inspecting',
      'staging_outbound',
      'shipping',
      'decommissioning',
    ]);

    // Identifiers that are not Loupe's match nothing; they are not errors.
    expect(await events({ MATCH_epc: 'urn:epc:id:sgtin:0614141.107346.2018' })).toEqual([]);
    expect(await events({ EQ_readPoint: 'urn:epc:id:sgln:0614141.00777.0' })).toEqual([]);
  });

  it('pages with nextPageToken and a Link rel="next", and answers the same event ids every time', async () => {
    const all = await events({});
    const seen: string[] = [];
    let next: string | null = '/api/v1/epcis/events?perPage=4';
    let pages = 0;
    while (next !== null) {
      const response = await manager.request('GET', next);
      expect(response.statusCode, response.body).toBe(200);
      const document = response.json();
      expect(epcisSchemaErrors(document)).toEqual([]);
      const list = document.epcisBody.queryResults.resultsBody.eventList as TEvent[];
      seen.push(...list.map((event) => event.eventID));
      const link = response.headers.link;
      next = typeof link === 'string' ? (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null) : null;
      if (next !== null) {
        expect(list).toHaveLength(4);
        expect(new URL(next, PUBLIC_URL).searchParams.get('nextPageToken')).toEqual(expect.any(String));
        expect(new URL(next, PUBLIC_URL).searchParams.get('perPage')).toBe('4');
      }
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(all.length / 4));
    expect(seen).toEqual(all.map((event) => event.eventID));
    expect((await events({})).map((event) => event.eventID)).toEqual(seen);
  });

  it('refuses a filter it does not know or a page token it did not make, with a stable code', async () => {
    const unknown = await query({ EQ_colour: 'blue' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const badTime = await query({ GE_eventTime: 'yesterday' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const token = await query({ nextPageToken: 'made-up' });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({
      code: 'EPCIS_QUERY_INVALID',
      details: { issues: [{ field: 'query.nextPageToken' }] },
    });
    const inverted = await query({
      GE_eventTime: '2026-01-02T00:00:00Z',
      LT_eventTime: '2026-01-01T00:00:00Z',
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json()).toMatchObject({ code: 'EPCIS_QUERY_INVALID' });
  });

  it('exports a job’s events or a time range’s as an EPCISDocument download', async () => {
    const response = await manager.request('GET', `/api/v1/epcis/documents?jobId=${order.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="loupe-epcis-${order.id}.jsonld"`,
    );
    const document = response.json();
    expect(epcisSchemaErrors(document)).toEqual([]);
    expect(document).toMatchObject({ type: 'EPCISDocument', schemaVersion: '2.0' });
    const list = document.epcisBody.eventList as TEvent[];
    expect(list).toHaveLength(12);
    expect(list.every((event) => event['loupe:job'].id === order.id)).toBe(true);

    const from = startedAt.toISOString();
    const to = new Date(t.clock().getTime() + MINUTE).toISOString();
    const range = await manager.request('GET', `/api/v1/epcis/documents?from=${from}&to=${to}`);
    expect(range.statusCode, range.body).toBe(200);
    expect(epcisSchemaErrors(range.json())).toEqual([]);
    expect(range.json().epcisBody.eventList.length).toBe((await events({})).length);

    const neither = await manager.request('GET', '/api/v1/epcis/documents');
    expect(neither.statusCode).toBe(400);
  });

  it('refuses an export larger than one document may hold, saying what to do instead', async () => {
    const small = createEpcisService({
      epcis: createEpcisRepository(t.database.db),
      clock: t.clock,
      publicUrl: PUBLIC_URL,
      exportMaxEvents: 6,
    });
    const actor = { id: crypto.randomUUID(), role: 'manager' as const };
    await expect(small.exportDocument(actor, { jobId: order.id })).rejects.toMatchObject({
      code: 'EPCIS_EXPORT_TOO_LARGE',
      status: 413,
      message: expect.stringContaining('More than 6 events'),
    });
    const document = await small.exportDocument(actor, { jobId: repair.id });
    expect(epcisSchemaErrors(document)).toEqual([]);
  });

  it('lists every EPCIS route in /api/openapi.json with its schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = (response.json() as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths;
    const routes = Object.entries(paths)
      .filter(([path]) => path.includes('/epcis'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(routes).toEqual([
      'GET /api/v1/epcis/documents',
      'GET /api/v1/epcis/events',
      'GET /api/v1/integrations/epcis-capture',
      'POST /api/v1/integrations/epcis-capture/test',
      'PUT /api/v1/integrations/epcis-capture',
    ]);
    expect(paths['/api/v1/epcis/events']?.get).toMatchObject({
      tags: ['epcis'],
      parameters: expect.arrayContaining([expect.objectContaining({ name: 'EQ_bizStep', in: 'query' })]),
    });
  });

  it('lets admins and managers read events, nobody else', async () => {
    const admin = (await t.clientAs('admin')).client;
    expect((await query({}, admin)).statusCode).toBe(200);
    for (const role of ['salesperson', 'designer', 'operator', 'production', 'qa'] as const) {
      const { client } = await t.clientAs(role);
      expect((await query({}, client)).statusCode, role).toBe(403);
      expect(
        (await client.request('GET', `/api/v1/epcis/documents?jobId=${order.id}`)).statusCode,
        role,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/epcis/events' })).statusCode).toBe(401);
  });
});

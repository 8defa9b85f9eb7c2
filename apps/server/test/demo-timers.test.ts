import { ZStationWorkSchema } from '@loupe/domain/workflow/work-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoTimers } from '../workshop/demo-work-time.ts';
import { LoupeClient } from '../workshop/loupe-client.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, TEST_PASSWORD, type TTestApp } from './support/test-app.ts';
import { createTrackingFixtures } from './support/tracking-fixtures.ts';
import { createWorkflowWorkshop, dataOf, workflowPhase } from './support/workflow-workshop.ts';

/** `npm run demo` starts a couple of timers (issue 37 §3), so the kiosk and the TV show them at once. */
describe.each(TEST_DATABASES)('the demo’s running timers on %s', (database) => {
  let t: TTestApp;
  let url = '';

  beforeAll(async () => {
    t = await createTestApp({ database });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('starts one timer per production person on assigned orders at one station, there', async () => {
    const manager = (await t.clientAs('manager')).client;
    const shop = createWorkflowWorkshop({
      t,
      fx: createTrackingFixtures(t.database.db, t.clock),
      manager: () => manager,
    });
    const places = await shop.places({ bench: { department: 'Bench', station: 'Bench 4' } });
    await shop.setOrderPhases([workflowPhase('bench', 'Bench work', [places.bench.department.id])]);
    const people = [
      await t.clientAs('production', { firstName: 'Hannah', lastName: 'Okafor' }),
      await t.clientAs('production', { firstName: 'Yuki', lastName: 'Tanaka' }),
    ];
    // Three orders at the bench: two for Hannah (one timer each person), one for Yuki.
    for (const assignee of [people[0], people[0], people[1]]) {
      const { order } = await shop.trackedOrder(places.bench);
      const given = await manager.request('POST', '/api/v1/workflow/assignments', {
        body: { kind: 'order', itemId: order.id, assigneeId: assignee?.user.id },
      });
      expect(given.statusCode).toBe(201);
    }
    const owner = await t.createUser({ role: 'admin', email: 'owner@demo-timers.test' });
    const admin = await LoupeClient.signIn(url, owner.email, TEST_PASSWORD);

    const started = await startDemoTimers(admin);
    expect(started).toHaveLength(2);
    expect(started.join(' ')).toContain('Hannah Okafor');
    expect(started.join(' ')).toContain('Yuki Tanaka');
    expect(started.every((line) => line.endsWith('at Bench 4'))).toBe(true);

    const work = ZStationWorkSchema.parse(
      dataOf(await manager.request('GET', `/api/v1/work-time/stations/${places.bench.station.id}`)),
    );
    const running = work.pieces.flatMap((piece) => piece.running.map((timer) => timer.person.name));
    expect(running.sort()).toEqual(['Hannah Okafor', 'Yuki Tanaka']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsJobSteps, analyticsJobs } from '../src/db/schema/analytics.ts';
import { workSessions } from '../src/db/schema/workflow.ts';
import { seedWorkSessions } from '../workshop/demo-work-time.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/** `npm run demo`'s work time (issue 37 §3): believable labour on the phases jobs went through. */
describe.each(TEST_DATABASES)('the demo’s work sessions on %s', (database) => {
  let t: TTestApp;
  const now = new Date('2026-11-20T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ database });
    await t.createUser({ role: 'production' });
    const jobs = [crypto.randomUUID(), crypto.randomUUID()];
    await t.database.db.insert(analyticsJobs).values(
      jobs.map((itemId, index) => ({
        itemKind: 'order',
        itemId,
        firstArrivalAt: new Date(`2026-11-0${index + 2}T09:00:00Z`),
        deliveredAt: new Date(`2026-11-1${index}T15:00:00Z`),
      })),
    );
    await t.database.db.insert(analyticsJobSteps).values(
      jobs.flatMap((itemId) => [
        { itemKind: 'order', itemId, stepKind: 'phase', stepKey: 'casting', minutes: 600, visits: 1 },
        { itemKind: 'order', itemId, stepKind: 'phase', stepKey: 'setting', minutes: 3_000, visits: 1 },
        { itemKind: 'order', itemId, stepKind: 'phase', stepKey: 'approval', minutes: 900, visits: 1 },
      ]),
    );
  });
  afterAll(() => t.close());

  it('times part of each worked phase, in sittings of at most four hours, all finished before now', async () => {
    const seeded = await seedWorkSessions(t.database.db, { now, seed: 1 });
    const rows = await t.database.db.select().from(workSessions);
    expect(seeded.sessions).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(0);
    // Customer approval is nobody's bench work.
    expect(rows.some((row) => row.phaseKey === 'approval')).toBe(false);
    for (const row of rows) {
      const minutes = ((row.endedAt?.getTime() ?? Number.NaN) - row.startedAt.getTime()) / 60_000;
      expect(minutes).toBeGreaterThan(0);
      expect(minutes).toBeLessThanOrEqual(240);
      expect(row.endedAt?.getTime()).toBeLessThan(now.getTime());
    }
    // A phase's labour is a part of its dwell, never more than half.
    const perJobPhase = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.itemId}:${row.phaseKey}`;
      const minutes = ((row.endedAt?.getTime() ?? 0) - row.startedAt.getTime()) / 60_000;
      perJobPhase.set(key, (perJobPhase.get(key) ?? 0) + minutes);
    }
    for (const [key, minutes] of perJobPhase) {
      const dwell = key.endsWith(':casting') ? 600 : 3_000;
      expect(minutes, key).toBeLessThanOrEqual(dwell / 2);
    }
  });
});

import { DEFAULT_LOCATION_ID } from '@loupe/domain/registry/departments';
import { countEndsAt, expectedSet, SAFE_COUNT_MESSAGES } from '@loupe/domain/safe-counts/safe-counts';
import { WORKING_CALENDAR_DEFAULTS } from '@loupe/domain/workflow/working-calendar';
import { eq } from 'drizzle-orm';
import type { TDatabase } from '../src/db/client.ts';
import { alerts } from '../src/db/schema/alerts.ts';
import { locationSafes, safeCounts } from '../src/db/schema/safe-counts.ts';
import { pieceOf } from '../src/modules/safe-counts/pieces.ts';
import { createSafeCountsRepository } from '../src/modules/safe-counts/repository.ts';
import type { LoupeClient } from './loupe-client.ts';
import type { TWorkshop } from './seed-workshop.ts';
import { DEMO_SAFE } from './workshop-plan.ts';

/**
 * The workshop's safe: a station of its own in QA, read by an antenna of its own, chosen as the location's
 * safe on the Safe Counts screen. Returns its station id.
 */
export async function createDemoSafe(admin: LoupeClient, workshop: TWorkshop): Promise<string> {
  const department = workshop.departments.find((row) => row.name === DEMO_SAFE.department);
  if (!department) throw new Error(`the workshop has no ${DEMO_SAFE.department} department`);
  const station = await admin.data<{ id: string }>('POST', `/departments/${department.id}/stations`, {
    name: DEMO_SAFE.station,
    antennaNumber: DEMO_SAFE.antenna,
  });
  await admin.request('PUT', `/readers/${DEMO_SAFE.readerId}/antennas/${DEMO_SAFE.antenna}`, {
    departmentId: department.id,
    stationId: station.id,
  });
  await admin.request('PUT', `/safe-counts/locations/${DEFAULT_LOCATION_ID}/safe`, { stationId: station.id });
  return station.id;
}

const DAY_MS = 86_400_000;

/** The last open weekday's closing before today, at the default calendar's closing time (UTC). */
function lastClosingBefore(now: Date): { date: string; at: Date } {
  const closes = WORKING_CALENDAR_DEFAULTS.closesAt;
  for (let back = 1; back <= 7; back += 1) {
    const day = new Date(now.getTime() - back * DAY_MS);
    if (!WORKING_CALENDAR_DEFAULTS.openDays.includes(day.getUTCDay())) continue;
    const date = day.toISOString().slice(0, 10);
    return { date, at: new Date(`${date}T${closes}:00Z`) };
  }
  throw new Error('no open day in the last week');
}

/**
 * The closing count for the demo (issue 37 §5): last working day's closing count at the workshop's safe, kept
 * as its report, that found every open piece in the safe but one — and that one's alert in the feed. Written
 * straight into the database while Loupe is stopped; the safe itself (a station with its antenna) was made
 * through the API before.
 */
export async function seedClosingCount(
  db: TDatabase,
  options: { readonly now: Date; readonly locationId?: string },
): Promise<{ expected: number; missing: string | null }> {
  const repo = createSafeCountsRepository(db);
  const locationId = options.locationId ?? DEFAULT_LOCATION_ID;
  const [safe] = await db.select().from(locationSafes).where(eq(locationSafes.locationId, locationId));
  const location = (await repo.locations()).find((row) => row.id === locationId);
  if (!safe || !location?.safeStationName) return { expected: 0, missing: null };
  const expected = expectedSet(
    (await repo.candidates()).map((job) => ({ ...job, isOffsite: job.trackingStatus === 'offsite' })),
    locationId,
  ).map(pieceOf);
  if (expected.length === 0) return { expected: 0, missing: null };
  const closing = lastClosingBefore(options.now);
  const endsAt = countEndsAt(closing.at);
  // The piece left out: one still at a bench (its envelope not in the safe), the others read in the safe.
  const missing = expected[Math.floor(expected.length / 2)];
  if (missing === undefined) return { expected: 0, missing: null };
  const counted = expected
    .filter((piece) => piece !== missing)
    .map((piece, index) => ({
      ...piece,
      lastStationName: location.safeStationName,
      lastReadAt: new Date(closing.at.getTime() + 60_000 + (index % 240) * 1_000).toISOString(),
    }));
  const [count] = await db
    .insert(safeCounts)
    .values({
      locationId,
      locationName: location.name,
      safeStationId: safe.stationId,
      safeStationName: location.safeStationName,
      trigger: 'closing',
      status: 'finished',
      closingDate: closing.date,
      startedAt: closing.at,
      endsAt,
      finishedAt: endsAt,
      expected,
      counted,
      missing: [missing],
      extra: [],
    })
    .returning();
  if (!count) throw new Error('the demo count was not kept');
  await db.insert(alerts).values({
    rule: 'safe-count-missing',
    causeKey: `safe-count-missing:${count.id}:${missing.kind}:${missing.id}`,
    severity: 'high',
    title: SAFE_COUNT_MESSAGES.alertTitle(missing.number),
    message: SAFE_COUNT_MESSAGES.alertMessage(missing.number, location.name, missing.lastStationName),
    subjectKind: missing.kind,
    subjectId: missing.id,
    subjectLabel: missing.number,
    raisedAt: endsAt,
  });
  return { expected: expected.length, missing: missing.number };
}

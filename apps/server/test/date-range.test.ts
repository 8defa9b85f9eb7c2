import { DATE_RANGE_MESSAGE } from '@loupe/domain/api/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Issue 20 §6: a date a person or a reader sends lies between 2000-01-01 and 2100-12-31; anything else is
 * refused with VALIDATION_FAILED naming the field and the range, before it reaches a service.
 */
describe.each(TEST_DATABASES)('dates within a sensible range on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  beforeAll(async () => {
    t = await createTestApp({ database });
    admin = (await t.clientAs('admin')).client;
  });
  afterAll(() => t.close());

  const cases = [
    ['POST', '/api/v1/orders', { customerId: SOME_ID, promisedDate: '1999-12-31' }, 'body.promisedDate'],
    ['PATCH', `/api/v1/orders/${SOME_ID}`, { promisedDate: '2101-01-01' }, 'body.promisedDate'],
    [
      'POST',
      '/api/v1/repairs',
      { customerId: SOME_ID, itemDescription: 'Ring', repairTypes: ['sizing'], promisedDate: '0205-06-01' },
      'body.promisedDate',
    ],
    ['PATCH', `/api/v1/repairs/${SOME_ID}`, { promisedDate: '9999-12-31' }, 'body.promisedDate'],
    [
      'POST',
      '/api/v1/tracking/orders/update-location',
      {
        orderId: SOME_ID,
        epcCode: 'E2801160',
        departmentId: 'DEPT001',
        stationId: 'STATION000001',
        timestamp: '1970-01-01T00:00:00Z',
      },
      'body.timestamp',
    ],
    [
      'POST',
      '/api/v1/tracking/stations/STATION000001/scans',
      { epc: 'E2801160', scannedAt: '2101-01-01T00:00:00Z' },
      'body.scannedAt',
    ],
    [
      'POST',
      `/api/v1/workflow/assignments/${SOME_ID}/snooze`,
      { until: '2200-01-01T00:00:00Z', reason: 'Waiting for stones' },
      'body.until',
    ],
    [
      'PUT',
      '/api/v1/workflow/calendar',
      {
        timeZone: 'Europe/London',
        openDays: [1, 2, 3, 4, 5],
        opensAt: '09:00',
        closesAt: '17:00',
        closedDates: ['1999-12-25'],
      },
      'body.closedDates.0',
    ],
  ] as const;

  it.each(cases)('%s %s refuses an out-of-range date in %j', async (method, url, body, field) => {
    const response = await admin.request(method, url, { body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `${field}: ${DATE_RANGE_MESSAGE}`,
      details: { issues: [{ field, message: DATE_RANGE_MESSAGE }] },
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  hasFailedTooLong,
  nextWebhookAttemptAt,
  WEBHOOK_DATA_SCHEMAS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookEventsOf,
  webhookRetryDelayMs,
  webhookSignedContent,
  webhookTimestampOf,
} from './webhooks';

const AT = '2026-11-28T10:00:00.000Z';
const order = {
  orderId: 'o1',
  orderNumber: 'ORD-1',
  status: 'ready',
  previousStatus: 'quality_check',
  timestamp: AT,
};
const repair = {
  repairId: 'r1',
  repairNumber: 'REP-1',
  status: 'picked_up',
  previousStatus: 'ready',
  timestamp: AT,
};
const moved = {
  orderId: 'o1',
  orderNumber: 'ORD-1',
  epc: 'E28011700000020000000001',
  fromDepartmentId: null,
  fromStationId: null,
  departmentId: 'd1',
  departmentName: 'Casting',
  stationId: 's1',
  stationName: 'Bench 1',
  timestamp: AT,
};

describe('the signed content (Standard Webhooks)', () => {
  it('is id, whole seconds and body, joined by dots', () => {
    const at = new Date('2026-11-28T10:00:00.900Z');
    expect(webhookTimestampOf(at)).toBe(Date.parse('2026-11-28T10:00:00Z') / 1000);
    expect(webhookSignedContent({ id: 'msg_1', timestamp: webhookTimestampOf(at), body: '{"a":1}' })).toBe(
      `msg_1.${Date.parse('2026-11-28T10:00:00Z') / 1000}.{"a":1}`,
    );
  });
});

describe('the retry schedule', () => {
  it('waits 10 s, doubling, at most 4 h', () => {
    expect([1, 2, 3, 4].map(webhookRetryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(webhookRetryDelayMs(30)).toBe(4 * 3_600_000);
    expect(() => webhookRetryDelayMs(0)).toThrow(RangeError);
  });

  it('retries for 24 h: the last attempt at 24 h exactly, then gives up', () => {
    const createdAt = new Date(AT);
    let now = createdAt;
    let attempts = 0;
    const times: number[] = [];
    for (;;) {
      attempts += 1;
      const next = nextWebhookAttemptAt({ createdAt, attempts, now });
      if (next === null) break;
      expect(next.getTime()).toBeGreaterThan(now.getTime());
      times.push(next.getTime() - createdAt.getTime());
      now = next;
    }
    expect(times.at(-1)).toBe(WEBHOOK_RETRY_WINDOW_MS);
    expect(now.getTime() - createdAt.getTime()).toBe(WEBHOOK_RETRY_WINDOW_MS);
    // 10 s doubling to 4 h (11 waits), then 4 h waits up to the day.
    expect(attempts).toBeGreaterThan(12);
    expect(attempts).toBeLessThan(25);
  });

  it('disables a subscription after 24 h of failures, not before', () => {
    const since = new Date(AT);
    expect(hasFailedTooLong(null, new Date('2030-01-01'))).toBe(false);
    expect(hasFailedTooLong(since, new Date(since.getTime() + WEBHOOK_RETRY_WINDOW_MS - 1))).toBe(false);
    expect(hasFailedTooLong(since, new Date(since.getTime() + WEBHOOK_RETRY_WINDOW_MS))).toBe(true);
  });
});

describe('webhookEventsOf', () => {
  it.each([
    ['order:created', { ...order, status: 'new' }, ['order.created']],
    ['repair:created', { ...repair, status: 'received' }, ['repair.created']],
    ['order:moved', moved, ['order.moved']],
    [
      'repair:moved',
      { ...moved, orderId: undefined, orderNumber: undefined, repairId: 'r1', repairNumber: 'REP-1' },
      ['repair.moved'],
    ],
    ['order:status-changed', { ...order, status: 'in_production' }, ['order.status_changed']],
    ['order:status-changed', order, ['order.status_changed', 'order.ready_for_pickup']],
    ['order:status-changed', { ...order, status: 'delivered' }, ['order.status_changed', 'order.delivered']],
    [
      'repair:status-changed',
      { ...repair, status: 'ready' },
      ['repair.status_changed', 'repair.ready_for_pickup'],
    ],
    ['repair:status-changed', repair, ['repair.status_changed', 'repair.delivered']],
    [
      'tracking:offsite-detected',
      {
        itemType: 'order',
        itemId: 'o1',
        number: 'ORD-1',
        epc: 'E28011700000020000000001',
        lastSeen: AT,
        detectedAt: AT,
        isExpectedOffsite: false,
      },
      ['job.offsite'],
    ],
    [
      'system:alert',
      { id: 'a1', severity: 'high', title: 'T', message: 'M', timestamp: AT, status: 'open' },
      ['alert.raised'],
    ],
    [
      'system:alert',
      { id: 'a1', severity: 'high', title: 'T', message: 'M', timestamp: AT, status: 'resolved' },
      [],
    ],
    [
      'design:request-changed',
      {
        requestId: 'q',
        orderId: 'o1',
        orderNumber: 'ORD-1',
        status: 'approved',
        summary: 'Approved',
        timestamp: AT,
      },
      ['design.approved'],
    ],
    [
      'design:request-changed',
      {
        requestId: 'q',
        orderId: 'o1',
        orderNumber: 'ORD-1',
        status: 'in-progress',
        summary: 'x',
        timestamp: AT,
      },
      [],
    ],
    ['order:updated', { ...order, status: 'new' }, []],
    ['user:created', { userId: 'u' }, []],
    ['order:created', { nonsense: true }, []],
  ] as const)('maps %s (%#) to its webhook events', (name, payload, types) => {
    const events = webhookEventsOf(name, payload);
    expect(events.map((event) => event.type)).toEqual(types);
    for (const event of events) {
      expect(event.data).toBe(payload);
      expect(WEBHOOK_DATA_SCHEMAS[event.type].safeParse(event.data).success).toBe(true);
    }
  });

  it('gives every event type a data schema', () => {
    for (const type of WEBHOOK_EVENT_TYPES) expect(WEBHOOK_DATA_SCHEMAS[type]).toBeDefined();
  });
});

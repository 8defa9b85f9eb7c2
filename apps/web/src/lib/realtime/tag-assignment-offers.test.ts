import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeClient } from './realtime-client';
import { TAG_OFFER_MAX_AGE_MS, TagAssignmentOffers, tagAssignmentOffersOf } from './tag-assignment-offers';

type TListener = (payload: unknown) => void;

/** The part of a live connection the store listens to; the test sends its events. */
function fakeSource() {
  const listeners = new Map<string, Set<TListener>>();
  return {
    on: (name: string, listener: TListener) => {
      const set = listeners.get(name) ?? new Set<TListener>();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
    emit(name: string, payload: unknown) {
      for (const listener of listeners.get(name) ?? []) listener(payload);
    },
    count: (name: string) => listeners.get(name)?.size ?? 0,
  };
}

const START = Date.parse('2025-06-15T12:00:00.000Z');
const EPC = 'E28011606000020800000001';

function tagRead(overrides: Record<string, unknown> = {}) {
  return {
    epc: EPC,
    readerId: 'intake-1',
    antenna: 2,
    timestamp: new Date(Date.now()).toISOString(),
    isTagAssignment: true,
    ...overrides,
  };
}

describe('TagAssignmentOffers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  function setup() {
    const source = fakeSource();
    const log = vi.fn();
    // Events are parsed by the store, so the fake hands over unknown payloads.
    const offers = new TagAssignmentOffers(source as unknown as Pick<RealtimeClient, 'on'>, { log });
    const changes = vi.fn();
    offers.subscribe(changes);
    return { source, offers, changes, log };
  }

  it('offers a tag read at a tag-assignment antenna, and only such reads', () => {
    const { source, offers, changes } = setup();
    source.emit('rfid:tag-read', tagRead({ isTagAssignment: undefined, departmentId: 'DEPT001' }));
    expect(offers.current()).toBeNull();
    expect(changes).not.toHaveBeenCalled();
    source.emit('rfid:tag-read', tagRead());
    expect(offers.current()).toEqual({ epc: EPC, readerId: 'intake-1', antenna: 2, placedAt: START });
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('keeps only the most recent read; an older one arriving late changes nothing', () => {
    const { source, offers } = setup();
    source.emit('rfid:tag-read', tagRead());
    vi.advanceTimersByTime(5_000);
    source.emit('rfid:tag-read', tagRead({ epc: 'E2801160AAAA', timestamp: new Date().toISOString() }));
    source.emit(
      'rfid:tag-read',
      tagRead({ epc: 'E2801160BBBB', timestamp: new Date(START + 1_000).toISOString() }),
    );
    expect(offers.current()?.epc).toBe('E2801160AAAA');
  });

  it('withdraws the offer two minutes after the read', () => {
    const { source, offers, changes } = setup();
    source.emit('rfid:tag-read', tagRead());
    vi.advanceTimersByTime(TAG_OFFER_MAX_AGE_MS - 1);
    expect(offers.current()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(offers.current()).toBeNull();
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('ignores a read already two minutes old, and counts a read stamped in the future from now', () => {
    const { source, offers } = setup();
    source.emit(
      'rfid:tag-read',
      tagRead({ timestamp: new Date(START - TAG_OFFER_MAX_AGE_MS).toISOString() }),
    );
    expect(offers.current()).toBeNull();
    source.emit('rfid:tag-read', tagRead({ timestamp: new Date(START + 3_600_000).toISOString() }));
    expect(offers.current()?.placedAt).toBe(START);
    vi.advanceTimersByTime(TAG_OFFER_MAX_AGE_MS);
    expect(offers.current()).toBeNull();
  });

  it('offers a tag no more once it is assigned, here or on another screen', () => {
    const { source, offers } = setup();
    source.emit('rfid:tag-read', tagRead());
    offers.consume('E2801160FFFF');
    expect(offers.current()?.epc).toBe(EPC);
    offers.consume(EPC);
    expect(offers.current()).toBeNull();

    const other = 'E28011606000020800000002';
    source.emit('rfid:tag-read', tagRead({ epc: other }));
    expect(offers.current()?.epc).toBe(other);
    source.emit('order:tracking:started', {
      orderId: 'o1',
      orderNumber: 'ORD-00042',
      epc: other,
      timestamp: new Date().toISOString(),
    });
    expect(offers.current()).toBeNull();
  });

  it('does not offer a tag some item already carries', () => {
    const { source, offers, changes } = setup();
    source.emit('rfid:tag-read', tagRead({ assignedTo: { itemType: 'order', number: 'ORD-00042' } }));
    expect(offers.current()).toBeNull();
    expect(changes).not.toHaveBeenCalled();
  });

  it('does not offer a tag assigned from here again when it is read again within two minutes', () => {
    const { source, offers } = setup();
    source.emit('rfid:tag-read', tagRead());
    offers.consume(EPC);

    // The envelope still lies on the intake antenna: the reader sends it again every few seconds.
    vi.advanceTimersByTime(5_000);
    source.emit('rfid:tag-read', tagRead({ timestamp: new Date().toISOString() }));
    expect(offers.current()).toBeNull();
    vi.advanceTimersByTime(TAG_OFFER_MAX_AGE_MS - 5_001);
    source.emit('rfid:tag-read', tagRead({ timestamp: new Date().toISOString() }));
    expect(offers.current()).toBeNull();

    // Two minutes on, a read of it is news again (the server marks a tag still on an item with assignedTo).
    vi.advanceTimersByTime(1);
    source.emit('rfid:tag-read', tagRead({ timestamp: new Date().toISOString() }));
    expect(offers.current()?.epc).toBe(EPC);
  });

  it('does not offer a tag announced as tracked again when it is read again', () => {
    const { source, offers } = setup();
    source.emit('order:tracking:started', {
      orderId: 'o1',
      orderNumber: 'ORD-00042',
      epc: EPC,
      timestamp: new Date().toISOString(),
    });
    vi.advanceTimersByTime(3_000);
    source.emit('rfid:tag-read', tagRead({ timestamp: new Date().toISOString() }));
    expect(offers.current()).toBeNull();
  });

  it('logs an unreadable event and keeps the offer', () => {
    const { source, offers, log } = setup();
    source.emit('rfid:tag-read', tagRead());
    source.emit('rfid:tag-read', { epc: 'not normalized', isTagAssignment: true });
    expect(offers.current()?.epc).toBe(EPC);
    expect(log).toHaveBeenCalledWith('Ignored an unreadable rfid:tag-read event', expect.any(String));
  });

  it('stops listening when disposed', () => {
    const { source, offers } = setup();
    expect(source.count('rfid:tag-read')).toBe(1);
    offers.dispose();
    expect(source.count('rfid:tag-read')).toBe(0);
    expect(source.count('order:tracking:started')).toBe(0);
  });

  it('makes a fresh store for a connection whose store was disposed', () => {
    const source = fakeSource();
    const client = source as unknown as Pick<RealtimeClient, 'on'>;
    const first = tagAssignmentOffersOf(client);
    expect(tagAssignmentOffersOf(client)).toBe(first);
    first.dispose();
    const second = tagAssignmentOffersOf(client);
    expect(second).not.toBe(first);
    source.emit('rfid:tag-read', tagRead());
    expect(second.current()?.epc).toBe(EPC);
    second.dispose();
  });
});

import {
  roomName,
  type TServerToClientEventName,
  type TServerToClientPayload,
} from '@loupe/domain/realtime/events';
import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TItemRef, TTrackingRepository } from './repository.ts';

/** Announcements wait here until the transaction has committed (docs/architecture.md). */
export type TPending = (() => void)[];

// Room names come from the domain's roomName, the one place that spells them (spec §7).
export const itemRoom = (item: { kind: TTrackedItemKind; id: string }) =>
  roomName({ kind: item.kind, id: item.id });
export const departmentRoom = (id: string) => roomName({ kind: 'department', id });

export type TAnnouncerOptions = {
  readonly tracking: TTransactional<TTrackingRepository>;
  readonly events: TEventBus;
  readonly logger?: Pick<FastifyBaseLogger, 'error'> | undefined;
};

/** Transactions of the tracking module and the events they announce once committed. */
export function createAnnouncer(options: TAnnouncerOptions) {
  const { tracking, events, logger } = options;

  /** Runs `work` in a transaction, then publishes what it queued; a failed transaction publishes nothing. */
  async function inTransaction<T>(
    work: (repo: TTrackingRepository, pending: TPending, tx: TDatabase) => Promise<T>,
  ): Promise<T> {
    const pending: TPending = [];
    const result = await tracking.withTransaction((repo, tx) => work(repo, pending, tx));
    for (const announce of pending) {
      try {
        announce();
      } catch (error) {
        // The change is committed; a failing listener must not turn it into an error for the caller.
        logger?.error({ err: error }, 'tracking: announcing a change failed');
      }
    }
    return result;
  }

  /** Queues one announcement; each is published on its own, so one failing listener cannot hide the next. */
  function queue<K extends TServerToClientEventName>(
    pending: TPending,
    name: K,
    payload: TServerToClientPayload<K>,
    rooms: readonly string[],
  ): void {
    pending.push(() => events.publish(name, payload, { rooms }));
  }

  /** `order:updated` or `repair:updated`: the item's tracking changed in a way no dedicated event names. */
  function announceItemChanged(pending: TPending, item: TItemRef, at: Date): void {
    const timestamp = at.toISOString();
    const rooms = [itemRoom(item)];
    if (item.kind === 'order') {
      queue(
        pending,
        'order:updated',
        { orderId: item.id, orderNumber: item.number, status: item.status, timestamp },
        rooms,
      );
    } else {
      queue(
        pending,
        'repair:updated',
        { repairId: item.id, repairNumber: item.number, status: item.status, timestamp },
        rooms,
      );
    }
  }

  /** Spec §4: tracking started (a tag put on) or stopped (taken off, or moved to another job). */
  function announceTracking(
    pending: TPending,
    change: 'started' | 'stopped',
    item: TItemRef,
    epc: string,
    at: Date,
  ): void {
    const timestamp = at.toISOString();
    const rooms = [itemRoom(item)];
    if (item.kind === 'order') {
      const payload = { orderId: item.id, orderNumber: item.number, epc, timestamp };
      queue(
        pending,
        change === 'started' ? 'order:tracking:started' : 'order:tracking:stopped',
        payload,
        rooms,
      );
    } else {
      const payload = { repairId: item.id, repairNumber: item.number, epc, timestamp };
      queue(
        pending,
        change === 'started' ? 'repair:tracking:started' : 'repair:tracking:stopped',
        payload,
        rooms,
      );
    }
  }

  function announceReturned(pending: TPending, item: TItemRef, epc: string, at: Date, rooms: string[]): void {
    queue(
      pending,
      'tracking:returned-from-offsite',
      { itemType: item.kind, itemId: item.id, number: item.number, epc, returnedAt: at.toISOString() },
      rooms,
    );
  }

  return { inTransaction, queue, announceItemChanged, announceTracking, announceReturned };
}

export type TAnnouncer = ReturnType<typeof createAnnouncer>;

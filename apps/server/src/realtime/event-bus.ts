import { EventEmitter } from 'node:events';
import type { TServerToClientEventName, TServerToClientPayload } from '@loupe/domain/realtime/events';

/**
 * Where services announce what changed (docs/architecture.md): the registry, orders, repairs and tracking
 * publish here, after their transaction committed; the realtime layer forwards each event to the sockets
 * allowed to see it. Local by default; with REDIS_URL the realtime layer spreads it across instances.
 */
export type TAnnouncement<K extends TServerToClientEventName = TServerToClientEventName> = {
  readonly name: K;
  readonly payload: TServerToClientPayload<K>;
  /** Rooms (spec §7) besides the broadcast, e.g. `department:DEPT001`, `order:{id}`. */
  readonly rooms: readonly string[];
};

export type TEventBus = {
  publish<K extends TServerToClientEventName>(
    name: K,
    payload: TServerToClientPayload<K>,
    options?: { rooms?: readonly string[] },
  ): void;
  subscribe(listener: (announcement: TAnnouncement) => void): () => void;
};

export function createEventBus(): TEventBus {
  const emitter = new EventEmitter();
  // Every open screen's socket layer listens; none is a leak.
  emitter.setMaxListeners(0);
  return {
    publish(name, payload, options = {}) {
      const announcement: TAnnouncement = { name, payload, rooms: options.rooms ?? [] } as TAnnouncement;
      emitter.emit('announcement', announcement);
    },
    subscribe(listener) {
      emitter.on('announcement', listener);
      return () => emitter.off('announcement', listener);
    },
  };
}

import { parseServerToClientEvent } from '@loupe/domain/realtime/events';
import type { RealtimeClient } from './realtime-client';

/** How long a tag placed on a tag-assignment antenna is offered (issue 6 §3: "the tag just placed"). */
export const TAG_OFFER_MAX_AGE_MS = 120_000;

/** A tag just read at a tag-assignment antenna: what an open order or repair screen offers to assign. */
export type TTagOffer = {
  readonly epc: string;
  readonly readerId: string;
  readonly antenna: number;
  /** When it was read (ms since the epoch), never later than when it arrived. */
  readonly placedAt: number;
};

export type TTagAssignmentOffersOptions = {
  readonly now?: () => number;
  readonly maxAgeMs?: number;
  readonly log?: (message: string, details?: unknown) => void;
};

type TEventSource = Pick<RealtimeClient, 'on'>;

/**
 * The most recent tag-assignment read of the last two minutes, from the live 'rfid:tag-read' events. One
 * store per connection, so that a tag placed before the order screen opened is offered there too, and
 * one assigned anywhere is offered no more.
 */
export class TagAssignmentOffers {
  readonly #source: TEventSource;
  readonly #now: () => number;
  readonly #maxAgeMs: number;
  readonly #listeners = new Set<() => void>();
  readonly #stop: (() => void)[];
  /**
   * EPCs assigned from this browser or announced as tracked, with when: an envelope left lying on the intake
   * antenna is read again every few seconds, and those fresh reads must not offer its tag again.
   */
  readonly #assignedAt = new Map<string, number>();
  #offer: TTagOffer | null = null;
  #expiry: ReturnType<typeof setTimeout> | null = null;

  constructor(source: TEventSource, options: TTagAssignmentOffersOptions = {}) {
    this.#source = source;
    this.#now = options.now ?? Date.now;
    this.#maxAgeMs = options.maxAgeMs ?? TAG_OFFER_MAX_AGE_MS;
    const log = options.log ?? ((message, details) => console.warn(message, details));
    this.#stop = [
      source.on('rfid:tag-read', (payload) => {
        const parsed = parseServerToClientEvent('rfid:tag-read', payload);
        if (!parsed.ok) {
          log('Ignored an unreadable rfid:tag-read event', parsed.message);
          return;
        }
        const { isTagAssignment, assignedTo, epc, readerId, antenna, timestamp } = parsed.payload;
        // A tag some item already carries is not free to assign (the server says which item).
        if (isTagAssignment === true && assignedTo === undefined) {
          this.#offerTag({ epc, readerId, antenna, timestamp });
        }
      }),
      // Tagged by someone else meanwhile: no longer "just placed" for anyone.
      source.on('order:tracking:started', (payload) => {
        const parsed = parseServerToClientEvent('order:tracking:started', payload);
        if (parsed.ok) this.consume(parsed.payload.epc);
      }),
    ];
  }

  /** The tag to offer now, or null. The same object until it changes (a useSyncExternalStore snapshot). */
  current(): TTagOffer | null {
    return this.#offer;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The tag was assigned: it is offered no more, nor by the reads of it in the next two minutes. */
  consume(epc: string): void {
    const now = this.#now();
    this.#forgetAssignedBefore(now - this.#maxAgeMs);
    this.#assignedAt.set(epc, now);
    if (this.#offer?.epc === epc) this.#set(null);
  }

  /** Stops listening; the next tagAssignmentOffersOf(client) makes a fresh store. */
  dispose(): void {
    for (const stop of this.#stop) stop();
    this.#set(null);
    this.#listeners.clear();
    this.#assignedAt.clear();
    if (storesByClient.get(this.#source) === this) storesByClient.delete(this.#source);
  }

  #forgetAssignedBefore(time: number): void {
    for (const [epc, assignedAt] of this.#assignedAt) {
      if (assignedAt <= time) this.#assignedAt.delete(epc);
    }
  }

  #offerTag(read: { epc: string; readerId: string; antenna: number; timestamp: string }): void {
    const now = this.#now();
    this.#forgetAssignedBefore(now - this.#maxAgeMs);
    if (this.#assignedAt.has(read.epc)) return;
    // A reader's clock ahead of ours must not keep a tag on offer longer.
    const placedAt = Math.min(Date.parse(read.timestamp), now);
    if (now - placedAt >= this.#maxAgeMs) return;
    // Reads of one batch may arrive out of order: an older read never replaces a newer one.
    if (this.#offer && this.#offer.placedAt > placedAt) return;
    this.#set({ epc: read.epc, readerId: read.readerId, antenna: read.antenna, placedAt });
  }

  #set(offer: TTagOffer | null): void {
    if (this.#expiry) clearTimeout(this.#expiry);
    this.#expiry = null;
    if (offer) {
      this.#expiry = setTimeout(() => this.#set(null), offer.placedAt + this.#maxAgeMs - this.#now());
    }
    if (offer === this.#offer) return;
    this.#offer = offer;
    for (const listener of this.#listeners) listener();
  }
}

const storesByClient = new WeakMap<TEventSource, TagAssignmentOffers>();

/**
 * The offers of one live connection, created on first use and kept until disposed (the realtime provider
 * disposes them with the connection) or as long as the connection object.
 */
export function tagAssignmentOffersOf(client: TEventSource): TagAssignmentOffers {
  let store = storesByClient.get(client);
  if (!store) {
    store = new TagAssignmentOffers(client);
    storesByClient.set(client, store);
  }
  return store;
}

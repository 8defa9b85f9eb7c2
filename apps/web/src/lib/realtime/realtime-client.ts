import { WEBSOCKET } from '@loupe/domain/config/constants';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  TClientToServerEventName,
  TClientToServerPayload,
  TConnectionFailed,
  TRealtimeConnectionState,
  TServerToClientEventName,
  TServerToClientPayload,
} from '@loupe/domain/realtime/events';
import type { Socket, io as TIo } from 'socket.io-client';
import { loadOnce } from '../load-once';

/**
 * The realtime connection of spec §7 and §9: websocket only, authenticated with the id token (fetched again
 * for every reconnect, so a refreshed token is used), 5 reconnects 3 s apart and then 'failed', a ping every
 * 30 s, and messages sent while disconnected queued (at most 100, the oldest dropped) and sent on connect.
 */
export type TRealtimeClientOptions = {
  /** The page's origin by default; tests point it at a test server. */
  readonly url?: string;
  readonly getIdToken: () => Promise<string | null>;
  readonly now?: () => Date;
  /** Spec §8: connect failures are logged. */
  readonly log?: (message: string, details?: unknown) => void;
  /** The spec's intervals (WEBSOCKET); tests shorten them instead of waiting half a minute. */
  readonly heartbeatMs?: number;
  readonly reconnectDelayMs?: number;
};

type TListener = (payload: unknown) => void;

/** How long `request` waits for the server's acknowledgement by default. */
export const REALTIME_REQUEST_TIMEOUT_MS = 10_000;

/** Why a request got no answer: never sent (no connection), connection lost while waiting, or too slow. */
export const REALTIME_REQUEST_FAILURES = ['not-connected', 'disconnected', 'timeout'] as const;
export type TRealtimeRequestFailure = (typeof REALTIME_REQUEST_FAILURES)[number];

/** A request that got no acknowledgement; the message is for the user. */
export class RealtimeRequestError extends Error {
  override readonly name = 'RealtimeRequestError';
  readonly reason: TRealtimeRequestFailure;

  constructor(reason: TRealtimeRequestFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * socket.io's client (some 20 KiB gzipped) loads when the first connection opens, not with the signed-in
 * shell: a signed-in page renders first and connects a moment later (issue 35 §4).
 */
const loadSocketIo = loadOnce<typeof TIo>(() => import('socket.io-client').then((module) => module.io));

type TAckEmit = (name: string, payload: unknown, ack: (error: Error | null, answer: unknown) => void) => void;

export class RealtimeClient {
  readonly #options: TRealtimeClientOptions;
  #socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
  #state: TRealtimeConnectionState = 'disconnected';
  #failure: TConnectionFailed | null = null;
  #heartbeat: ReturnType<typeof setInterval> | null = null;
  #retry: ReturnType<typeof setTimeout> | null = null;
  /** Handshakes the server refused in a row (an expired or revoked token): retried here, see connect_error. */
  #refusals = 0;
  /** connect() was called and disconnect() has not been since: the socket opens once its code is loaded. */
  #isWanted = false;
  readonly #queue: { name: TClientToServerEventName; payload: unknown }[] = [];
  /** Rooms the open screens follow, with how many of them follow each (spec §7 subscribe/unsubscribe). */
  readonly #rooms = new Map<string, number>();
  readonly #stateListeners = new Set<() => void>();
  readonly #reconnectListeners = new Set<() => void>();
  readonly #eventListeners = new Map<string, Set<TListener>>();

  constructor(options: TRealtimeClientOptions) {
    this.#options = options;
  }

  get state(): TRealtimeConnectionState {
    return this.#state;
  }

  /** Set once the reconnect attempts ran out (spec §8: the message and the attempt count). */
  get failure(): TConnectionFailed | null {
    return this.#failure;
  }

  get queuedCount(): number {
    return this.#queue.length;
  }

  connect(): void {
    if (this.#socket || this.#isWanted) return;
    this.#isWanted = true;
    loadSocketIo().then(
      (io) => {
        if (this.#isWanted && !this.#socket) this.#open(io);
      },
      (error: unknown) => {
        this.#options.log?.('realtime: could not load the live connection', error);
        this.#isWanted = false;
        this.#fail();
      },
    );
  }

  #open(io: typeof TIo): void {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(this.#options.url ?? '', {
      path: '/socket.io',
      transports: [...WEBSOCKET.transports],
      reconnectionAttempts: WEBSOCKET.reconnectAttempts,
      reconnectionDelay: this.#options.reconnectDelayMs ?? WEBSOCKET.reconnectDelayMs,
      reconnectionDelayMax: this.#options.reconnectDelayMs ?? WEBSOCKET.reconnectDelayMs,
      randomizationFactor: 0,
      auth: (send) => {
        void this.#options.getIdToken().then(
          (token) => send({ token }),
          () => send({ token: null }),
        );
      },
    });
    this.#socket = socket;
    this.#failure = null;

    socket.on('connect', () => {
      this.#refusals = 0;
      const isReconnect = this.#state === 'reconnecting';
      this.#setState('connected');
      // A new connection is in no room yet (the server forgets them with the old one): join them again.
      for (const room of this.#rooms.keys()) this.#emit('subscribe', { room });
      this.#flush();
      this.#startHeartbeat();
      if (isReconnect) for (const listener of this.#reconnectListeners) listener();
    });
    socket.on('disconnect', (reason) => {
      this.#stopHeartbeat();
      // The server ended it (signed out elsewhere, account disabled): no automatic reconnect follows.
      this.#setState(reason === 'io server disconnect' ? 'disconnected' : 'reconnecting');
    });
    socket.on('connect_error', (error) => {
      this.#options.log?.('realtime: connect failed', { message: error.message });
      if (this.#state === 'failed') return;
      this.#setState('reconnecting');
      // Unreachable: socket.io's manager retries by itself (reconnect_failed below). Refused by the server:
      // socket.io gives up at once, so retry here the same number of times, with a freshly fetched token.
      if (socket.active) return;
      this.#refusals += 1;
      if (this.#refusals > WEBSOCKET.reconnectAttempts) {
        this.#fail();
        return;
      }
      this.#retry = setTimeout(
        () => socket.connect(),
        this.#options.reconnectDelayMs ?? WEBSOCKET.reconnectDelayMs,
      );
    });
    socket.io.on('reconnect_failed', () => this.#fail());
    socket.onAny((name: string, payload: unknown) => {
      for (const listener of this.#eventListeners.get(name) ?? []) listener(payload);
      for (const listener of this.#eventListeners.get('*') ?? []) listener({ name, payload });
    });
  }

  disconnect(): void {
    this.#isWanted = false;
    this.#stopHeartbeat();
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    this.#refusals = 0;
    this.#socket?.removeAllListeners();
    this.#socket?.io.removeAllListeners();
    this.#socket?.disconnect();
    this.#socket = null;
    this.#queue.length = 0;
    this.#setState('disconnected');
  }

  /** Sends now when connected, otherwise queues (at most WEBSOCKET.queueSize; the oldest goes first). */
  send<K extends TClientToServerEventName>(name: K, payload: TClientToServerPayload<K>): void {
    if (this.#socket?.connected) {
      this.#emit(name, payload);
      return;
    }
    this.#queue.push({ name, payload });
    if (this.#queue.length > WEBSOCKET.queueSize) this.#queue.shift();
  }

  /**
   * Follows a room (spec §7: `department:{id}`, `order:{id}`, `repair:{id}`) while a screen shows it: subscribes
   * now or on connect, again after every reconnect, and unsubscribes when the last screen following it lets
   * go (the answer). The server decides who may join what; a refusal only means no room events.
   */
  follow(room: string): () => void {
    const count = this.#rooms.get(room) ?? 0;
    this.#rooms.set(room, count + 1);
    if (count === 0 && this.#socket?.connected) this.#emit('subscribe', { room });
    let isFollowing = true;
    return () => {
      if (!isFollowing) return;
      isFollowing = false;
      const left = (this.#rooms.get(room) ?? 1) - 1;
      if (left > 0) {
        this.#rooms.set(room, left);
        return;
      }
      this.#rooms.delete(room);
      if (this.#socket?.connected) this.#emit('unsubscribe', { room });
    };
  }

  /** The rooms followed now, for the tests and the status line. */
  get rooms(): readonly string[] {
    return [...this.#rooms.keys()];
  }

  /**
   * Sends now and resolves with the server's acknowledgement (unparsed: the caller knows its shape). Never
   * queued: an answer that would come after a reconnect is no answer to what the user just did. Rejects with
   * a RealtimeRequestError when not connected, when the connection drops, or after `timeoutMs`.
   */
  request<K extends TClientToServerEventName>(
    name: K,
    payload: TClientToServerPayload<K>,
    { timeoutMs = REALTIME_REQUEST_TIMEOUT_MS }: { readonly timeoutMs?: number } = {},
  ): Promise<unknown> {
    const socket = this.#socket;
    if (!socket?.connected) {
      return Promise.reject(
        new RealtimeRequestError('not-connected', 'Not connected to the live server, so nothing was sent.'),
      );
    }
    return new Promise((resolve, reject) => {
      const timed = socket.timeout(timeoutMs);
      // The event map types payloads only; acknowledgements are this method's business.
      (timed.emit as unknown as TAckEmit).call(timed, name, payload, (error, answer) => {
        if (!error) {
          resolve(answer);
          return;
        }
        // socket.io answers a timed-out emit with "operation has timed out", a closed one otherwise.
        reject(
          socket.connected
            ? new RealtimeRequestError('timeout', `The server did not answer within ${timeoutMs / 1000} s.`)
            : new RealtimeRequestError(
                'disconnected',
                'The live connection was lost before the server answered.',
              ),
        );
      });
    });
  }

  on<K extends TServerToClientEventName>(
    name: K,
    listener: (payload: TServerToClientPayload<K>) => void,
  ): () => void {
    return this.#addListener(name, listener as TListener);
  }

  /** Every event, for cache invalidation. */
  onAny(listener: (event: { name: string; payload: unknown }) => void): () => void {
    return this.#addListener('*', listener as TListener);
  }

  /** Back after a lost connection: events sent meanwhile were missed, so what is on screen may be stale. */
  onReconnect(listener: () => void): () => void {
    this.#reconnectListeners.add(listener);
    return () => this.#reconnectListeners.delete(listener);
  }

  onStateChange(listener: () => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  #addListener(name: string, listener: TListener): () => void {
    const listeners = this.#eventListeners.get(name) ?? new Set<TListener>();
    listeners.add(listener);
    this.#eventListeners.set(name, listeners);
    return () => listeners.delete(listener);
  }

  #emit(name: TClientToServerEventName, payload: unknown): void {
    (this.#socket?.emit as ((name: string, payload: unknown) => void) | undefined)?.call(
      this.#socket,
      name,
      payload,
    );
  }

  #flush(): void {
    for (const message of this.#queue.splice(0)) this.#emit(message.name, message.payload);
  }

  #startHeartbeat(): void {
    this.#stopHeartbeat();
    const now = this.#options.now ?? (() => new Date());
    this.#heartbeat = setInterval(
      () => this.send('ping', { timestamp: now().toISOString() }),
      this.#options.heartbeatMs ?? WEBSOCKET.heartbeatIntervalMs,
    );
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }

  #fail(): void {
    this.#failure = {
      message: 'The live connection could not be restored.',
      attempts: WEBSOCKET.reconnectAttempts,
    };
    this.#setState('failed');
  }

  #setState(state: TRealtimeConnectionState): void {
    if (this.#state === state) return;
    this.#state = state;
    for (const listener of this.#stateListeners) listener();
  }
}

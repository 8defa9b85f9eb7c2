import type { Server as HttpServer } from 'node:http';
import {
  REPAIR_VIEWER_ROLES,
  RFID_SIMULATOR_ROLES,
  TAG_ASSIGNER_ROLES,
} from '@loupe/domain/auth/permissions';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { AppError, ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { ROUTE_ACCESS } from '@loupe/domain/navigation/sidebar';
import type {
  TRefreshAnswer,
  TTestScanAnswer,
  TTestScanSummary,
} from '@loupe/domain/realtime/acknowledgements';
import {
  type ClientToServerEvents,
  parseClientToServerEvent,
  parseRoom,
  type ServerToClientEvents,
  type TRefreshDataType,
  type TRoom,
  tvDisplayRoom,
  tvStationRoom,
  userRoom,
} from '@loupe/domain/realtime/events';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { TClock } from '../lib/clock.ts';
import type { TCurrentUser } from '../modules/auth/current-user.ts';
import type { TTvDevice } from '../modules/tv/service.ts';
import type { TAnnouncement, TEventBus } from './event-bus.ts';

/** Spec §9: the client heartbeats every 30 s; a connection silent for twice that is gone. */
const HEARTBEAT_MS = 30_000;
/** How often open sockets are checked against revoked sessions and disabled accounts. */
const REVALIDATE_MS = 30_000;

/** A person's socket carries `user`; a paired station TV's carries `device` and nothing else. */
type TSocketData = { user?: TCurrentUser; device?: TTvDevice };
type TLoupeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, TSocketData>;
type TIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, TSocketData>;

export type TRealtimeOptions = {
  readonly httpServer: HttpServer;
  readonly events: TEventBus;
  /** The same id-token check as the HTTP API (AUTH_MODE local or cognito). */
  readonly authenticateToken: (token: string | null) => Promise<TCurrentUser>;
  /** Station TVs (issue 14): their device credential, and a heartbeat that keeps them "online". */
  readonly tvDevices?: {
    authenticate(token: string | null): Promise<TTvDevice>;
    seen(device: TTvDevice): Promise<void>;
  };
  /**
   * The user behind an open socket as the database has them now (a changed role included), or null when
   * they may no longer be signed in (session revoked, account disabled or deleted).
   */
  readonly currentUser: (user: TCurrentUser) => Promise<TCurrentUser | null>;
  /** `rfid:test-scan` (spec §7): a read typed by an admin or manager, through the same pipeline as readers'. */
  readonly onTestScan: (scan: {
    readerId: string;
    antenna: number;
    epc: string;
  }) => Promise<TTestScanSummary>;
  /** `request:refresh` (spec §7): the data of one kind, checked against the user's permissions. */
  readonly onRefresh: (user: TCurrentUser, dataType: TRefreshDataType) => Promise<unknown>;
  readonly redisUrl?: string | undefined;
  readonly clock: TClock;
  readonly logger: FastifyBaseLogger;
  /** Shorter periods for tests. */
  readonly revalidateMs?: number;
};

export type TRealtime = {
  readonly io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, TSocketData>;
  /** Ends the sockets of one user at once (their account was disabled or deleted). */
  disconnectUser(userId: string): void;
  close(): Promise<void>;
};

const roleRoom = (role: TRole) => `role:${role}`;

/** Who may join a room (spec §7 rooms): repairs only for those who may see repairs (spec §2, §6). */
export function canJoinRoom(user: Pick<TCurrentUser, 'role'>, room: TRoom): boolean {
  if (room.kind === 'repair') return (REPAIR_VIEWER_ROLES as readonly TRole[]).includes(user.role);
  return true;
}

/**
 * Which sockets an announcement reaches. Repair news goes only to the roles that may see repairs; raw tag
 * reads, which arrive by the hundred, only to admins and managers and to the sockets that subscribed to
 * the department, order or repair; everything else to every signed-in user.
 */
export function audienceOf(announcement: TAnnouncement): {
  roles: readonly TRole[];
  rooms: readonly string[];
} {
  const { name, payload, rooms } = announcement;
  const aboutRepair =
    name.startsWith('repair:') ||
    (typeof payload === 'object' &&
      payload !== null &&
      'itemType' in payload &&
      payload.itemType === 'repair');
  if (name === 'rfid:tag-read') {
    // A tag placed on the intake antenna is offered on open order and repair screens: those who tag items.
    const isTagAssignment =
      typeof payload === 'object' &&
      payload !== null &&
      'isTagAssignment' in payload &&
      payload.isTagAssignment;
    return { roles: isTagAssignment ? TAG_ASSIGNER_ROLES : ['admin', 'manager'], rooms };
  }
  if (name === 'tv:screen-changed') return { roles: [], rooms };
  // A notice is one person's: their own room only (issue 15 §3).
  if (name === 'system:notification') return { roles: [], rooms };
  if (name === 'system:alert') {
    // The alerts feed's people (spec §2); an alert about a repair only to those of them who see repairs.
    const viewers = ROUTE_ACCESS['/alerts'] as readonly TRole[];
    return {
      roles: aboutRepair ? viewers.filter((role) => REPAIR_VIEWER_ROLES.includes(role)) : viewers,
      rooms,
    };
  }
  // Settings › TV Displays follows its displays live; the display itself hears it in its own room.
  if (name === 'tv:display-changed') return { roles: ['admin', 'manager'], rooms };
  if (name.startsWith('workflow:')) {
    // The board's people and whoever the event names (their user rooms); never a repair to a department room.
    const named = aboutRepair ? rooms.filter((room) => !room.startsWith('department:')) : rooms;
    return { roles: ['admin', 'manager'], rooms: named };
  }
  // The closing count's screen (issue 37 §5): admins and managers only.
  if (name.startsWith('safe-count:')) return { roles: ['admin', 'manager'], rooms: [] };
  if (name === 'work:timer-changed') {
    // A timer (issue 37 §3): the board's people, its person, the job's room and its station's TVs; a repair's
    // never to a department room.
    return { roles: ['admin', 'manager'], rooms: rooms.filter((room) => !room.startsWith('department:')) };
  }
  if (name.startsWith('design:')) {
    // The designer's workspace (spec §2: designer, admin) and the people the event names: the request's
    // designer and the order's salesperson, in their user rooms (issue 17 §3).
    return { roles: ['admin', 'designer'], rooms };
  }
  if (aboutRepair) {
    // Room subscribers of a repair passed the same check when they joined.
    return { roles: REPAIR_VIEWER_ROLES, rooms: rooms.filter((room) => !room.startsWith('department:')) };
  }
  return { roles: ROLES, rooms: [] };
}

/**
 * Socket.IO on the HTTP server's own port (spec §7: websocket transport only, authenticated with the id
 * token). Services announce on the event bus; this forwards each announcement to its audience. With
 * REDIS_URL the Redis adapter carries every emit to the sockets of the other instances too.
 */
export async function createRealtime(options: TRealtimeOptions): Promise<TRealtime> {
  const { events, logger } = options;
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, TSocketData>(
    options.httpServer,
    {
      path: '/socket.io',
      transports: ['websocket'],
      serveClient: false,
      pingInterval: HEARTBEAT_MS,
      pingTimeout: HEARTBEAT_MS,
    },
  );

  let redis: { publisher: { quit(): Promise<unknown> }; subscriber: { quit(): Promise<unknown> } } | null =
    null;
  if (options.redisUrl) {
    const publisher = createClient({ url: options.redisUrl });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) {
      client.on('error', (error: Error) =>
        logger.error({ err: error.message }, 'realtime: Redis connection error'),
      );
    }
    await Promise.all([publisher.connect(), subscriber.connect()]);
    io.adapter(createAdapter(publisher, subscriber));
    redis = { publisher, subscriber };
  }

  io.use(async (socket, next) => {
    const { deviceToken } = socket.handshake.auth;
    if (typeof deviceToken === 'string' && options.tvDevices) {
      try {
        const device = await options.tvDevices.authenticate(deviceToken);
        // A TV still showing its code has no station to follow yet.
        if (device.pairing !== null) throw new Error('not paired yet');
        socket.data.device = device;
        next();
      } catch {
        logger.info('realtime: a TV handshake was refused (not paired)');
        next(new Error('unauthorized'));
      }
      return;
    }
    const token = typeof socket.handshake.auth.token === 'string' ? socket.handshake.auth.token : null;
    try {
      const user = await options.authenticateToken(token);
      if (!user.emailVerified) throw new Error('e-mail not verified');
      socket.data.user = user;
      next();
    } catch (error) {
      // The client sees only that it was refused; the reason stays in the log, never the token.
      logger.info({ reason: (error as Error).message }, 'realtime: handshake refused');
      next(new Error('unauthorized'));
    }
  });

  const presence = createPresence(io, logger);

  io.on('connection', (socket: TLoupeSocket) => {
    const { device } = socket.data;
    if (device) {
      connectDevice(socket, device);
      return;
    }
    // Read at each message, never kept: revalidation updates it when an admin changes the role.
    const userOf = () => {
      if (!socket.data.user) throw new Error('a person’s socket without its user');
      return socket.data.user;
    };
    void socket.join([roleRoom(userOf().role), userRoom(userOf().id)]);
    presence.connected(socket, userOf().id);
    socket.on('disconnect', () => presence.disconnected(userOf().id));

    socket.on('ping', (payload) => {
      const parsed = parseClientToServerEvent('ping', payload);
      socket.emit('pong', {
        timestamp: parsed.ok ? parsed.payload.timestamp : options.clock().toISOString(),
      });
    });

    socket.on('subscribe', (payload, ack?: unknown) => {
      const answer = roomRequest(userOf(), payload, 'subscribe');
      if (answer.ok) void socket.join(answer.room);
      if (typeof ack === 'function') ack(answer);
    });

    socket.on('unsubscribe', (payload, ack?: unknown) => {
      const answer = roomRequest(userOf(), payload, 'unsubscribe');
      if (answer.ok) void socket.leave(answer.room);
      if (typeof ack === 'function') ack(answer);
    });

    socket.on('rfid:test-scan', (payload, ack?: unknown) => {
      const reply = (answer: TTestScanAnswer) => {
        if (typeof ack === 'function') ack(answer);
      };
      if (!(RFID_SIMULATOR_ROLES as readonly TRole[]).includes(userOf().role)) {
        reply({ ok: false, code: 'FORBIDDEN', message: 'Only admins and managers can send test scans.' });
        return;
      }
      const parsed = parseClientToServerEvent('rfid:test-scan', payload);
      if (!parsed.ok) {
        reply({ ok: false, code: 'VALIDATION_FAILED', message: parsed.message });
        return;
      }
      options.onTestScan(parsed.payload).then(
        (result) => reply({ ok: true, result }),
        (error: unknown) => reply({ ok: false, ...failureOf(error, 'rfid:test-scan') }),
      );
    });

    socket.on('request:refresh', (payload, ack?: unknown) => {
      // The client asks because it may have missed events (a reconnect): the answer carries the data.
      const reply = (answer: TRefreshAnswer) => {
        if (typeof ack === 'function') ack(answer);
      };
      const parsed = parseClientToServerEvent('request:refresh', payload);
      if (!parsed.ok) {
        reply({ ok: false, code: 'VALIDATION_FAILED', message: parsed.message });
        return;
      }
      const { dataType } = parsed.payload;
      options.onRefresh(userOf(), dataType).then(
        (data) => reply({ ok: true, dataType, data }),
        (error: unknown) => reply({ ok: false, ...failureOf(error, `request:refresh ${dataType}`) }),
      );
    });
  });

  /**
   * A station TV hears only its own rooms (its display and its station), never a role's broadcast; it may
   * ping, which also keeps it "online" in Settings, and nothing else.
   */
  function connectDevice(socket: TLoupeSocket, device: TTvDevice): void {
    const rooms = [tvDisplayRoom(device.displayId)];
    if (device.stationId !== null) rooms.push(tvStationRoom(device.stationId));
    void socket.join(rooms);
    socket.on('ping', (payload) => {
      const parsed = parseClientToServerEvent('ping', payload);
      socket.emit('pong', {
        timestamp: parsed.ok ? parsed.payload.timestamp : options.clock().toISOString(),
      });
      options.tvDevices?.seen(device).catch((error: unknown) => {
        logger.warn({ err: (error as Error).message }, 'realtime: could not mark a TV seen');
      });
    });
  }

  /** A refusal's code and message; what is not an AppError is logged and not shown (spec §8). */
  function failureOf(error: unknown, what: string): { code: string; message: string } {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    logger.error({ err: (error as Error).message }, `realtime: ${what} failed`);
    return { code: 'INTERNAL', message: ERROR_MESSAGES.generic };
  }

  /**
   * Checks this instance's open sockets of the users `filter` picks against the database: closes those who
   * may no longer be signed in, and moves those whose role changed to their new role's rooms.
   */
  async function revalidateSockets(filter: (user: TCurrentUser) => boolean): Promise<void> {
    for (const socket of io.sockets.sockets.values()) {
      const before = socket.data.user;
      if (!before || !filter(before)) continue;
      let current: TCurrentUser | null;
      try {
        current = await options.currentUser(before);
      } catch (error) {
        // A database hiccup must not throw everyone out: the next round checks again.
        logger.warn({ err: (error as Error).message }, 'realtime: could not revalidate a socket');
        continue;
      }
      if (current === null) {
        socket.disconnect(true);
        continue;
      }
      socket.data.user = current;
      if (current.role === before.role) continue;
      void socket.leave(roleRoom(before.role));
      void socket.join(roleRoom(current.role));
      for (const name of socket.rooms) {
        const room = parseRoom(name);
        if (room !== null && !canJoinRoom(current, room)) void socket.leave(name);
      }
    }
  }

  const unsubscribe = events.subscribe((announcement) => {
    if (announcement.name === 'user:updated' || announcement.name === 'user:deleted') {
      const { userId } = announcement.payload as { userId: string };
      void revalidateSockets((user) => user.id === userId);
    }
    const { roles, rooms } = audienceOf(announcement);
    const targets = [...roles.map(roleRoom), ...rooms];
    // One emit to all target rooms: a socket in several of them still receives the event once.
    (io.to(targets).emit as (name: string, payload: unknown) => boolean)(
      announcement.name,
      announcement.payload,
    );
    if (announcement.name === 'tv:display-changed') {
      const { displayId, revoked } = announcement.payload as { displayId: string; revoked: boolean };
      // After the event, on the same connection: the TV learns why before its socket closes.
      if (revoked) io.in(tvDisplayRoom(displayId)).disconnectSockets(true);
    }
  });

  // Disabling an account or signing out everywhere revokes sessions; their open sockets go too.
  const revalidation = setInterval(
    () => void revalidateSockets(() => true),
    options.revalidateMs ?? REVALIDATE_MS,
  );
  revalidation.unref();

  return {
    io,
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    async close() {
      clearInterval(revalidation);
      unsubscribe();
      const counting = presence.close();
      // Not io.close(): that would close the HTTP server, which Fastify closes itself. Open websockets would
      // keep that close waiting, so they go first.
      io.disconnectSockets(true);
      io.engine.close();
      await counting;
      if (redis) {
        // The subscriber first: once it has quit no request of another instance arrives, and the answers to
        // those already here (the adapter publishes them without awaiting) are sent before the publisher
        // quits; the other way round they would reject, unhandled, with "The client is closed".
        await redis.subscriber.quit().catch(() => undefined);
        await new Promise((resolve) => setImmediate(resolve));
        await redis.publisher.quit().catch(() => undefined);
      }
    },
  };
}

/**
 * `user:online-count-changed` (spec §7): how many people have Loupe open. Counted over every instance
 * (`fetchSockets` asks the other instances through the Redis adapter, when there is one) and announced to
 * everyone when a person's first socket opens or their last one closes; a new socket is told the count
 * at once. One count at a time on an instance, so the announcements come in the order things happened.
 */
function createPresence(io: TIo, logger: FastifyBaseLogger) {
  let chain: Promise<void> = Promise.resolve();

  async function onlineCount(): Promise<number> {
    const sockets = await io.fetchSockets();
    return new Set(sockets.flatMap((socket) => (socket.data.user ? [socket.data.user.id] : []))).size;
  }

  let isClosed = false;

  function serially(work: () => Promise<void>): void {
    // Closing: sockets dropped by the shutdown are no news, and the adapter's Redis clients are going.
    if (isClosed) return;
    chain = chain.then(work).catch((error: unknown) => {
      logger.warn({ err: (error as Error).message }, 'realtime: could not count who is online');
    });
  }

  return {
    connected(socket: TLoupeSocket, userId: string): void {
      serially(async () => {
        const own = await io.in(userRoom(userId)).fetchSockets();
        const count = await onlineCount();
        if (own.length <= 1) io.to(ROLES.map(roleRoom)).emit('user:online-count-changed', { count });
        else socket.emit('user:online-count-changed', { count });
      });
    },
    /** Stops counting; the answer waits for a count in progress. */
    close(): Promise<void> {
      isClosed = true;
      return chain;
    },
    disconnected(userId: string): void {
      serially(async () => {
        const own = await io.in(userRoom(userId)).fetchSockets();
        if (own.length > 0) return;
        io.to(ROLES.map(roleRoom)).emit('user:online-count-changed', { count: await onlineCount() });
      });
    },
  };
}

type TRoomAnswer = { ok: true; room: string } | { ok: false; message: string };

function roomRequest(user: TCurrentUser, payload: unknown, event: 'subscribe' | 'unsubscribe'): TRoomAnswer {
  const parsed = parseClientToServerEvent(event, payload);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const room = parseRoom(parsed.payload.room);
  if (room === null) return { ok: false, message: 'Unknown room' };
  if (!canJoinRoom(user, room))
    return { ok: false, message: 'You do not have permission to follow this room.' };
  return { ok: true, room: parsed.payload.room };
}

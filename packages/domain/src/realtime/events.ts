import { z } from 'zod';
import { ZRoleSchema } from '../auth/roles';
import { DEPARTMENT_REGISTRY_EVENTS, ZDepartmentSchema } from '../registry/departments';
import { STATION_REGISTRY_EVENTS, ZStationSchema } from '../registry/stations';
import { ZEpcSchema, ZNormalizedEpcSchema } from '../rfid/epc';
import { ZTransferSchema } from '../transfers/transfers';
import { lazySchema } from '../validation/lazy-schema';
import { ZAntennaSchema, ZIdSchema, ZItemTypeSchema, ZTimestampSchema } from './event-fields';
import {
  ZOrderChangedPayloadSchema,
  ZOrderMovedPayloadSchema,
  ZOrderStatusChangedPayloadSchema,
  ZOrderTrackingStartedPayloadSchema,
  ZOrderTrackingStoppedPayloadSchema,
  ZRepairChangedPayloadSchema,
  ZRepairMovedPayloadSchema,
  ZRepairStatusChangedPayloadSchema,
  ZRepairTrackingPayloadSchema,
} from './job-events';

export { ZItemTypeSchema } from './event-fields';
// The order and repair payloads stand in job-events.ts; they are part of this module's API as before.
export * from './job-events';

/**
 * The realtime socket of spec §7 as one typed event map (docs/architecture.md: every socket payload is
 * parsed with a schema from here). Payload shapes are not in the spec; they are Loupe's own.
 */

/** Incoming event names, exactly as spec §7 lists them. */
export const INCOMING_EVENT_NAMES = [
  'rfid:tag-read',
  'rfid:reader-status',
  'tracking:location-update',
  'tracking:offsite-detected',
  'tracking:returned-from-offsite',
  'workflow:assignment-created',
  'workflow:phase-completed',
  'workflow:nudge-triggered',
  'order:created',
  'order:updated',
  'order:status-changed',
  'order:moved',
  'order:tracking:started',
  'repair:created',
  'repair:updated',
  'repair:status-changed',
  'system:notification',
  'system:alert',
  'user:created',
  'user:updated',
  'user:deleted',
  'user:online-count-changed',
  'pong',
] as const;
export type TIncomingEventName = (typeof INCOMING_EVENT_NAMES)[number];

/** The registry events of spec §4, announced over the same socket so every screen sees the same registry. */
export const REGISTRY_EVENT_NAMES = [...DEPARTMENT_REGISTRY_EVENTS, ...STATION_REGISTRY_EVENTS] as const;
export type TRegistryEventName = (typeof REGISTRY_EVENT_NAMES)[number];

/**
 * Loupe's own events for the station TVs (issue 14). A paired TV's socket is in no role room: it hears only
 * these, in rooms the server alone puts it in (tvStationRoom, tvDisplayRoom), never the spec's rooms.
 */
export const TV_EVENT_NAMES = ['tv:screen-changed', 'tv:display-changed'] as const;
export type TTvEventName = (typeof TV_EVENT_NAMES)[number];

/** Loupe's own: a design request changed (issue 17 §3); the workspace and the order re-read it. */
export const DESIGN_EVENT_NAMES = ['design:request-changed'] as const;
export type TDesignEventName = (typeof DESIGN_EVENT_NAMES)[number];

/** Loupe's own: a job's materials ledger or signatures changed (issue 37 §4); its page re-reads them. */
export const MATERIAL_EVENT_NAMES = ['materials:changed'] as const;
export type TMaterialEventName = (typeof MATERIAL_EVENT_NAMES)[number];
/** Loupe's own: a closing count started, counted a piece or finished (issue 37 §5); its screen re-reads it. */
export const SAFE_COUNT_EVENT_NAMES = ['safe-count:updated'] as const;
export type TSafeCountEventName = (typeof SAFE_COUNT_EVENT_NAMES)[number];
/** Loupe's own: a bag between locations changed, or a piece in it was packed or arrived (issue 39). */
export const TRANSFER_EVENT_NAMES = ['transfer:changed'] as const;
export type TTransferEventName = (typeof TRANSFER_EVENT_NAMES)[number];

/**
 * Loupe's own: a work timer started, paused, stopped or was undone (issue 37 §3). Announced after commit to the
 * person's own room, the job's room, the TVs of the job's station and the board's people.
 */
export const WORK_EVENT_NAMES = ['work:timer-changed'] as const;
export type TWorkEventName = (typeof WORK_EVENT_NAMES)[number];

/**
 * The tracking events of spec §4 that §7's list does not name: an order's tracking stopped, and a repair's
 * tracking started, stopped and its moves (the spec's "repair moved"). Announced after commit like the rest.
 */
export const TRACKING_LIFECYCLE_EVENT_NAMES = [
  'order:tracking:stopped',
  'repair:tracking:started',
  'repair:tracking:stopped',
  'repair:moved',
] as const;
export type TTrackingLifecycleEventName = (typeof TRACKING_LIFECYCLE_EVENT_NAMES)[number];
/** One person's sockets (every tab they have open); the server puts them there, no client subscribes. */
export const userRoom = (userId: string) => `user:${userId}`;
/** The TVs showing a station; a server-side room, not one a client may subscribe to. */
export const tvStationRoom = (stationId: string) => `tv-station:${stationId}`;
/** One paired display's sockets. */
export const tvDisplayRoom = (displayId: string) => `tv-display:${displayId}`;

/** Outgoing event names of spec §7. */
export const OUTGOING_EVENT_NAMES = [
  'ping',
  'subscribe',
  'unsubscribe',
  'request:refresh',
  'rfid:test-scan',
] as const;
export type TOutgoingEventName = (typeof OUTGOING_EVENT_NAMES)[number];

/** Spec §4 "Realtime connection"; failed comes after the maximum reconnect attempts. */
export const REALTIME_CONNECTION_STATES = ['connected', 'disconnected', 'reconnecting', 'failed'] as const;
export const ZRealtimeConnectionStateSchema = lazySchema(() => z.enum(REALTIME_CONNECTION_STATES));
export type TRealtimeConnectionState = z.infer<typeof ZRealtimeConnectionStateSchema>;

/** Spec §8: the connection-failed event carries the message and the attempt count. */
export const ZConnectionFailedSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    attempts: z.number().int().nonnegative(),
  }),
);
export type TConnectionFailed = z.infer<typeof ZConnectionFailedSchema>;

// Rooms (spec §7): department:{id}, order:{id}, repair:{id}.
export const ROOM_KINDS = ['department', 'order', 'repair'] as const;
export type TRoomKind = (typeof ROOM_KINDS)[number];
export type TRoom = { readonly kind: TRoomKind; readonly id: string };

const ROOM_PATTERN = /^(department|order|repair):([A-Za-z0-9_-]{1,100})$/;

function isRoomKind(value: string): value is TRoomKind {
  return (ROOM_KINDS as readonly string[]).includes(value);
}

export function parseRoom(room: string): TRoom | null {
  const match = ROOM_PATTERN.exec(room);
  const kind = match?.[1];
  const id = match?.[2];
  if (kind === undefined || id === undefined || !isRoomKind(kind)) return null;
  return { kind, id };
}

export function roomName(room: TRoom): string {
  return `${room.kind}:${room.id}`;
}

/** A room name of one of the three kinds; ids are letters, digits, '-' and '_'. */
export const ZRoomSchema = lazySchema(() =>
  z.string().refine((room) => parseRoom(room) !== null, { message: 'Unknown room' }),
);

const itemRef = {
  itemType: ZItemTypeSchema,
  itemId: ZIdSchema,
  number: lazySchema(() => z.string()),
  epc: ZNormalizedEpcSchema,
};

// ── Incoming payloads ──────────────────────────────────────────────────────────────────────────

export const ZRfidTagReadPayloadSchema = lazySchema(() =>
  z.object({
    epc: ZNormalizedEpcSchema,
    readerId: ZIdSchema,
    antenna: ZAntennaSchema,
    timestamp: ZTimestampSchema,
    rssi: z.number().optional(),
    departmentId: ZIdSchema.optional(),
    stationId: ZIdSchema.optional(),
    /** Read at a tag-assignment antenna: an open order or repair screen offers this tag (issue 6 §3). */
    isTagAssignment: z.boolean().optional(),
    /** A tag-assignment read of a tag some item already carries: not offered again. */
    assignedTo: z.object({ itemType: ZItemTypeSchema, number: z.string() }).optional(),
  }),
);

export const READER_STATUSES = ['online', 'offline', 'error'] as const;
export const ZRfidReaderStatusPayloadSchema = lazySchema(() =>
  z.object({
    readerId: ZIdSchema,
    readerName: z.string().optional(),
    status: z.enum(READER_STATUSES),
    timestamp: ZTimestampSchema,
    message: z.string().optional(),
  }),
);

export const ZTrackingLocationUpdatePayloadSchema = lazySchema(() =>
  z.object({
    ...itemRef,
    departmentId: ZIdSchema,
    departmentName: z.string(),
    stationId: ZIdSchema,
    stationName: z.string(),
    timestamp: ZTimestampSchema,
  }),
);

export const ZTrackingOffsiteDetectedPayloadSchema = lazySchema(() =>
  z.object({
    ...itemRef,
    lastSeen: ZTimestampSchema,
    detectedAt: ZTimestampSchema,
    isExpectedOffsite: z.boolean(),
  }),
);

export const ZTrackingReturnedFromOffsitePayloadSchema = lazySchema(() =>
  z.object({
    ...itemRef,
    returnedAt: ZTimestampSchema,
  }),
);

export const ZWorkflowAssignmentCreatedPayloadSchema = lazySchema(() =>
  z.object({
    assignmentId: ZIdSchema,
    itemType: ZItemTypeSchema,
    itemId: ZIdSchema,
    assigneeId: ZIdSchema,
    phase: z.string(),
    createdAt: ZTimestampSchema,
  }),
);

export const ZWorkflowPhaseCompletedPayloadSchema = lazySchema(() =>
  z.object({
    itemType: ZItemTypeSchema,
    itemId: ZIdSchema,
    phase: z.string(),
    completedBy: ZIdSchema.nullable(),
    completedAt: ZTimestampSchema,
  }),
);

export const ZWorkflowNudgeTriggeredPayloadSchema = lazySchema(() =>
  z.object({
    nudgeId: ZIdSchema,
    userId: ZIdSchema,
    message: z.string(),
    itemType: ZItemTypeSchema.optional(),
    itemId: ZIdSchema.optional(),
    triggeredAt: ZTimestampSchema,
  }),
);

export const NOTIFICATION_LEVELS = ['info', 'success', 'warning', 'error'] as const;
export const ZSystemNotificationPayloadSchema = lazySchema(() =>
  z.object({
    id: ZIdSchema,
    level: z.enum(NOTIFICATION_LEVELS),
    title: z.string(),
    message: z.string(),
    timestamp: ZTimestampSchema,
    /** Where the notice leads in the app (issue 15 §3). */
    link: z.string().optional(),
  }),
);

export const ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const ZSystemAlertPayloadSchema = lazySchema(() =>
  z.object({
    id: ZIdSchema,
    severity: z.enum(ALERT_SEVERITIES),
    title: z.string(),
    message: z.string(),
    departmentId: ZIdSchema.optional(),
    timestamp: ZTimestampSchema,
    /** Raised, acknowledged or resolved (issue 15): the feed follows each change. */
    status: z.enum(['open', 'acknowledged', 'resolved']).optional(),
    /** The job an alert is about: repair alerts reach only those who may see repairs. */
    itemType: ZItemTypeSchema.optional(),
  }),
);

export const ZUserChangedPayloadSchema = lazySchema(() =>
  z.object({
    userId: ZIdSchema,
    email: z.email(),
    firstName: z.string(),
    lastName: z.string(),
    role: ZRoleSchema,
  }),
);

export const ZUserDeletedPayloadSchema = lazySchema(() => z.object({ userId: ZIdSchema }));
export const ZUserOnlineCountChangedPayloadSchema = lazySchema(() =>
  z.object({ count: z.number().int().nonnegative() }),
);

/** Heartbeat (spec §7, §9 30 s): pong echoes the ping's timestamp so the client can measure latency. */
export const ZHeartbeatPayloadSchema = lazySchema(() => z.object({ timestamp: ZTimestampSchema }));

// Registry payloads.
export const ZDepartmentPayloadSchema = lazySchema(() => z.object({ department: ZDepartmentSchema }));
export const ZDepartmentDeletedPayloadSchema = lazySchema(() => z.object({ departmentId: ZIdSchema }));
export const ZDepartmentDataResetPayloadSchema = lazySchema(() =>
  z.object({ departments: z.array(ZDepartmentSchema) }),
);
export const ZStationPayloadSchema = lazySchema(() =>
  z.object({ departmentId: ZIdSchema, station: ZStationSchema }),
);
export const ZStationDeletedPayloadSchema = lazySchema(() =>
  z.object({ departmentId: ZIdSchema, stationId: ZIdSchema }),
);

// Design request payloads.
/** A job's materials changed; `itemType` keeps a repair's from those who do not see repairs. */
export const ZMaterialsChangedPayloadSchema = lazySchema(() =>
  z.object({
    itemType: z.enum(['order', 'repair']),
    itemId: ZIdSchema,
    timestamp: ZTimestampSchema,
  }),
);

export const ZDesignRequestChangedPayloadSchema = lazySchema(() =>
  z.object({
    requestId: ZIdSchema,
    orderId: ZIdSchema,
    orderNumber: z.string(),
    status: z.string(),
    /** What happened, in a few words: “Revision 2 approved by the customer”. */
    summary: z.string(),
    timestamp: ZTimestampSchema,
  }),
);

/** A count changed: the count screen and its report fetch it again. */
export const ZSafeCountUpdatedPayloadSchema = lazySchema(() =>
  z.object({
    countId: ZIdSchema,
    locationId: ZIdSchema,
    status: z.enum(['running', 'finished']),
  }),
);

/** A bag changed (packed, sent, a piece arrived, closed): the transfers screens and the location's day re-read it. */
export const ZTransferChangedPayloadSchema = lazySchema(() => z.object({ transfer: ZTransferSchema }));

// Station TV payloads.
/** A piece arrived at or left the station: its screen is fetched again. */
export const ZTvScreenChangedPayloadSchema = lazySchema(() =>
  z.object({ stationId: ZIdSchema, timestamp: ZTimestampSchema }),
);
/** A display was renamed, moved to another station or revoked (a revoked TV goes back to pairing). */
export const ZTvDisplayChangedPayloadSchema = lazySchema(() =>
  z.object({
    displayId: ZIdSchema,
    stationId: ZIdSchema.nullable(),
    revoked: z.boolean(),
  }),
);

// Work time payloads.
/** A timer on a job's step changed: `running` after a start (or an undone pause), else `stopped` and why. */
export const ZWorkTimerChangedPayloadSchema = lazySchema(() =>
  z.object({
    itemType: ZItemTypeSchema,
    itemId: ZIdSchema,
    phaseKey: z.string(),
    userId: ZIdSchema,
    state: z.enum(['running', 'stopped']),
    /** Why it stopped (paused, done, read-elsewhere, closing, phase-finished…), or 'undone'; null when started. */
    reason: z.string().nullable(),
    stationId: ZIdSchema.nullable(),
    timestamp: ZTimestampSchema,
  }),
);

/** Server → client: every spec §7 incoming name and every registry event, each with its payload schema. */
export const SERVER_TO_CLIENT_EVENT_SCHEMAS = {
  'rfid:tag-read': ZRfidTagReadPayloadSchema,
  'rfid:reader-status': ZRfidReaderStatusPayloadSchema,
  'tracking:location-update': ZTrackingLocationUpdatePayloadSchema,
  'tracking:offsite-detected': ZTrackingOffsiteDetectedPayloadSchema,
  'tracking:returned-from-offsite': ZTrackingReturnedFromOffsitePayloadSchema,
  'workflow:assignment-created': ZWorkflowAssignmentCreatedPayloadSchema,
  'workflow:phase-completed': ZWorkflowPhaseCompletedPayloadSchema,
  'workflow:nudge-triggered': ZWorkflowNudgeTriggeredPayloadSchema,
  'order:created': ZOrderChangedPayloadSchema,
  'order:updated': ZOrderChangedPayloadSchema,
  'order:status-changed': ZOrderStatusChangedPayloadSchema,
  'order:moved': ZOrderMovedPayloadSchema,
  'order:tracking:started': ZOrderTrackingStartedPayloadSchema,
  'order:tracking:stopped': ZOrderTrackingStoppedPayloadSchema,
  'repair:tracking:started': ZRepairTrackingPayloadSchema,
  'repair:tracking:stopped': ZRepairTrackingPayloadSchema,
  'repair:moved': ZRepairMovedPayloadSchema,
  'repair:created': ZRepairChangedPayloadSchema,
  'repair:updated': ZRepairChangedPayloadSchema,
  'repair:status-changed': ZRepairStatusChangedPayloadSchema,
  'system:notification': ZSystemNotificationPayloadSchema,
  'system:alert': ZSystemAlertPayloadSchema,
  'user:created': ZUserChangedPayloadSchema,
  'user:updated': ZUserChangedPayloadSchema,
  'user:deleted': ZUserDeletedPayloadSchema,
  'user:online-count-changed': ZUserOnlineCountChangedPayloadSchema,
  pong: ZHeartbeatPayloadSchema,
  'department:added': ZDepartmentPayloadSchema,
  'department:updated': ZDepartmentPayloadSchema,
  'department:deleted': ZDepartmentDeletedPayloadSchema,
  'department:data-reset': ZDepartmentDataResetPayloadSchema,
  'station:added': ZStationPayloadSchema,
  'station:updated': ZStationPayloadSchema,
  'station:deleted': ZStationDeletedPayloadSchema,
  'tv:screen-changed': ZTvScreenChangedPayloadSchema,
  'tv:display-changed': ZTvDisplayChangedPayloadSchema,
  'design:request-changed': ZDesignRequestChangedPayloadSchema,
  'materials:changed': ZMaterialsChangedPayloadSchema,
  'safe-count:updated': ZSafeCountUpdatedPayloadSchema,
  'transfer:changed': ZTransferChangedPayloadSchema,
  'work:timer-changed': ZWorkTimerChangedPayloadSchema,
} as const satisfies Record<
  | TIncomingEventName
  | TRegistryEventName
  | TTvEventName
  | TDesignEventName
  | TTrackingLifecycleEventName
  | TMaterialEventName
  | TSafeCountEventName
  | TTransferEventName
  | TWorkEventName,
  z.ZodType
>;

/** What request:refresh may ask for again. */
export const REFRESH_DATA_TYPES = ['tracking', 'orders', 'repairs', 'departments', 'users', 'stats'] as const;
export type TRefreshDataType = (typeof REFRESH_DATA_TYPES)[number];

/** Client → server (spec §7). */
export const CLIENT_TO_SERVER_EVENT_SCHEMAS = {
  ping: ZHeartbeatPayloadSchema,
  subscribe: lazySchema(() => z.object({ room: ZRoomSchema })),
  unsubscribe: lazySchema(() => z.object({ room: ZRoomSchema })),
  'request:refresh': lazySchema(() => z.object({ dataType: z.enum(REFRESH_DATA_TYPES) })),
  // A test scan types an EPC by hand, so it goes through the same normalization as a reader's.
  'rfid:test-scan': lazySchema(() =>
    z.object({ readerId: ZIdSchema, antenna: ZAntennaSchema, epc: ZEpcSchema }),
  ),
} as const satisfies Record<TOutgoingEventName, z.ZodType>;

type TServerSchemas = typeof SERVER_TO_CLIENT_EVENT_SCHEMAS;
type TClientSchemas = typeof CLIENT_TO_SERVER_EVENT_SCHEMAS;

export type TServerToClientEventName = keyof TServerSchemas;
export type TClientToServerEventName = keyof TClientSchemas;
export type TServerToClientPayload<K extends TServerToClientEventName> = z.output<TServerSchemas[K]>;
/** What a client may send: the schema's input (an EPC in any reader spelling); the server parses it. */
export type TClientToServerPayload<K extends TClientToServerEventName> = z.input<TClientSchemas[K]>;

/** For socket.io's generics: `new Server<ClientToServerEvents, ServerToClientEvents>()`, `Socket<…>`. */
export type ServerToClientEvents = {
  [K in TServerToClientEventName]: (payload: TServerToClientPayload<K>) => void;
};
export type ClientToServerEvents = {
  [K in TClientToServerEventName]: (payload: TClientToServerPayload<K>) => void;
};

// The same maps, typed per key, so that indexing with a generic name keeps the payload type.
const SERVER_SCHEMAS_BY_NAME: { [K in TServerToClientEventName]: z.ZodType<TServerToClientPayload<K>> } =
  SERVER_TO_CLIENT_EVENT_SCHEMAS;
const CLIENT_SCHEMAS_BY_NAME: { [K in TClientToServerEventName]: z.ZodType<z.output<TClientSchemas[K]>> } =
  CLIENT_TO_SERVER_EVENT_SCHEMAS;

export function isServerToClientEventName(name: string): name is TServerToClientEventName {
  return Object.hasOwn(SERVER_TO_CLIENT_EVENT_SCHEMAS, name);
}

export function isClientToServerEventName(name: string): name is TClientToServerEventName {
  return Object.hasOwn(CLIENT_TO_SERVER_EVENT_SCHEMAS, name);
}

export type TEventParseResult<T> =
  | { readonly ok: true; readonly payload: T }
  | { readonly ok: false; readonly message: string };

/** Parses one incoming payload with its event's schema; the message is for the log. */
export function parseServerToClientEvent<K extends TServerToClientEventName>(
  name: K,
  payload: unknown,
): TEventParseResult<TServerToClientPayload<K>> {
  return toResult(SERVER_SCHEMAS_BY_NAME[name].safeParse(payload));
}

/** Parses one payload a client sent; the server answers a failure without acting on it. */
export function parseClientToServerEvent<K extends TClientToServerEventName>(
  name: K,
  payload: unknown,
): TEventParseResult<z.output<TClientSchemas[K]>> {
  return toResult(CLIENT_SCHEMAS_BY_NAME[name].safeParse(payload));
}

function toResult<T>(parsed: z.ZodSafeParseResult<T>): TEventParseResult<T> {
  return parsed.success
    ? { ok: true, payload: parsed.data }
    : { ok: false, message: z.prettifyError(parsed.error) };
}

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Staff accounts. `id` is the token subject (`sub`) of the embedded pool. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Stored lower-cased: sign-in and lookups are case-insensitive on e-mail.
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  // The Cognito `name` attribute; the application user's name falls back to first + last name.
  name: text('name'),
  phone: text('phone'),
  role: text('role').notNull(),
  // Null for accounts that only sign in through a real Cognito pool.
  passwordHash: text('password_hash'),
  emailVerified: boolean('email_verified').notNull().default(false),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  // AUTH_MODE=cognito: the pool's subject this account is linked to.
  cognitoSub: text('cognito_sub').unique(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One sign-in = one session = one refresh-token family. Its id is the tokens' `origin_jti`, so revoking it
 * refuses the family's access and id tokens before they expire.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Refresh tokens, stored as SHA-256 digests. A token presented after it was rotated revokes its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** E-mail verification codes and password-reset tokens, stored as SHA-256 digests. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('one_time_codes_user_purpose_idx').on(table.userId, table.purpose)],
);

/**
 * A user's second factors (issue 20 §4). TOTP secrets are stored encrypted (lib/secret-box.ts); a secret
 * handed out by AssociateSoftwareToken waits in `totp_pending_secret` until VerifySoftwareToken proves it.
 */
export const userMfa = pgTable('user_mfa', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  // The last 30-second step a code was accepted for: a code is never accepted twice.
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  emailEnabled: boolean('email_enabled').notNull().default(false),
  // SOFTWARE_TOKEN_MFA or EMAIL_OTP; null: ask (SELECT_MFA_TYPE) when both are enabled.
  preferred: text('preferred'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Devices of the Cognito device protocol: a key handed out with a sign-in (NewDeviceMetadata), confirmed by
 * ConfirmDevice; a remembered device skips the second factor.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    deviceKey: text('device_key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    name: text('name'),
    salt: text('salt'),
    verifier: text('verifier'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastAuthenticatedAt: timestamp('last_authenticated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('user_devices_user_idx').on(table.userId)],
);

/** Every mail Loupe sends; without SMTP this table is where an operator reads codes. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorId: uuid('actor_id'),
    // What the action was about: a user id, or the e-mail a failed sign-in named.
    subject: text('subject'),
    ip: text('ip'),
    correlationId: text('correlation_id'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [index('audit_log_action_subject_at_idx').on(table.action, table.subject, table.at)],
);

/** Workshop-wide settings, one JSON document per section. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** RS256 signing keys of the embedded user pool: made on first start, shared by every instance. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: createdAt(),
});

// ── Workshop registry (issue 5) ──────────────────────────────────────────────────────────────────

/** A site of the workshop; the registry makes LOC001 (spec §3, §9) at start-up when it is missing. */
export const locations = pgTable('locations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spec §3 department; totalItems is derived from the stations, never stored. */
export const departments = pgTable(
  'departments',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    gradient: text('gradient').notNull(),
    iconName: text('icon_name').notNull(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    mqttTopic: text('mqtt_topic'),
    machineId: text('machine_id'),
    connectionStatus: text('connection_status').notNull().default('disconnected'),
    lastHeartbeat: timestamp('last_heartbeat', { withTimezone: true }),
    // Display order within the location.
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('departments_location_idx').on(table.locationId),
    uniqueIndex('departments_name_lower_idx').on(sql`lower(${table.name})`),
  ],
);

/** Spec §3 station; itemCount is derived from the tracked items standing at it. */
export const stations = pgTable(
  'stations',
  {
    id: text('id').primaryKey(),
    departmentId: text('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    antennaNumber: integer('antenna_number').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    signalStrength: integer('signal_strength'),
    jewelerName: text('jeweler_name'),
    specialization: text('specialization'),
    status: text('status'),
    // Display order inside the department: the spec's stationIndex.
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('stations_department_idx').on(table.departmentId),
    uniqueIndex('stations_department_name_lower_idx').on(table.departmentId, sql`lower(${table.name})`),
  ],
);

/** A fixed reader (or a keyboard-wedge station). Its HTTP ingest key is stored as a SHA-256 digest. */
export const readers = pgTable('readers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  apiKeyHash: text('api_key_hash').notNull().unique(),
  // The first characters of the key, so staff can tell keys apart without the key itself.
  apiKeyPrefix: text('api_key_prefix').notNull(),
  status: text('status').notNull().default('offline'),
  lastHeartbeat: timestamp('last_heartbeat', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Reader + antenna → department + station, or a tag-assignment antenna (spec §3 reader mapping). */
export const readerAntennas = pgTable(
  'reader_antennas',
  {
    readerId: text('reader_id')
      .notNull()
      .references(() => readers.id, { onDelete: 'cascade' }),
    antenna: integer('antenna').notNull(),
    departmentId: text('department_id').references(() => departments.id, { onDelete: 'set null' }),
    stationId: text('station_id').references(() => stations.id, { onDelete: 'set null' }),
    isTagAssignment: boolean('is_tag_assignment').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.readerId, table.antenna] })],
);

// ── Customers and catalog ───────────────────────────────────────────────────────────────────────

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    // Channels the customer agreed to be contacted on: 'email', 'phone', 'sms'.
    contactPreferences: jsonb('contact_preferences').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    notes: text('notes').notNull().default(''),
    // Lower-cased name, phone digits and e-mail, for one indexed search.
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('customers_name_idx').on(table.name)],
);

export const metalTypes = pgTable(
  'metal_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('metal_types_name_lower_idx').on(sql`lower(${table.name})`)],
);

export const productTypes = pgTable(
  'product_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('product_types_name_lower_idx').on(sql`lower(${table.name})`)],
);

export const designFolders = pgTable('design_folders', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  parentId: uuid('parent_id').references((): AnyPgColumn => designFolders.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const designs = pgTable(
  'designs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Free text, as a designer writes it: "1 × 1.2 ct oval diamond, 12 × 0.02 ct pavé" (issue 17 §1). */
    stones: text('stones').notNull().default(''),
    /** Short lower-case words the library filters by ("halo", "vintage"), each once (packages/domain normalizes). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    folderId: uuid('folder_id').references(() => designFolders.id, { onDelete: 'set null' }),
    productTypeId: uuid('product_type_id').references(() => productTypes.id, { onDelete: 'set null' }),
    metalTypeId: uuid('metal_type_id').references(() => metalTypes.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('designs_folder_idx').on(table.folderId)],
);

/** Uploaded images of orders, repairs and designs; the bytes live in the file store (DATA_DIR/uploads, or an S3-compatible bucket). */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerKind: text('owner_kind').notNull(),
    ownerId: uuid('owner_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('attachments_owner_idx').on(table.ownerKind, table.ownerId)],
);

// ── Orders and repairs ──────────────────────────────────────────────────────────────────────────

/** Readable numbers (ORD-00001, REP-00001) come from these sequences. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1 });
export const repairNumberSequence = pgSequence('repair_number_seq', { startWith: 1 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    productTypeId: uuid('product_type_id').references(() => productTypes.id, { onDelete: 'set null' }),
    metalTypeId: uuid('metal_type_id').references(() => metalTypes.id, { onDelete: 'set null' }),
    designId: uuid('design_id').references(() => designs.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    salespersonId: uuid('salesperson_id').references(() => users.id, { onDelete: 'set null' }),
    designerId: uuid('designer_id').references(() => users.id, { onDelete: 'set null' }),
    isRush: boolean('is_rush').notNull().default(false),
    promisedDate: date('promised_date', { mode: 'string' }),
    // Money in cents: no floating point near a customer's balance.
    priceCents: integer('price_cents').notNull().default(0),
    depositCents: integer('deposit_cents').notNull().default(0),
    status: text('status').notNull(),
    notes: text('notes').notNull().default(''),
    // Order number, customer name and description, lower-cased, for the list's search.
    searchText: text('search_text').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_created_idx').on(table.createdAt, table.id),
    index('orders_promised_idx').on(table.promisedDate, table.id),
    index('orders_status_idx').on(table.status),
    index('orders_customer_idx').on(table.customerId),
    // The list's sort by number goes by the number's digits, whatever the prefix (modules/jobs/item-list.ts).
    index('orders_number_digits_idx').on(
      sql`((substring(${table.orderNumber} from '[0-9]+$'))::bigint)`,
      table.id,
    ),
  ],
);

export const repairs = pgTable(
  'repairs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    repairNumber: text('repair_number').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    itemDescription: text('item_description').notNull(),
    repairTypes: jsonb('repair_types').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    conditionNotes: text('condition_notes').notNull().default(''),
    declaredValueCents: integer('declared_value_cents').notNull().default(0),
    estimateCents: integer('estimate_cents').notNull().default(0),
    promisedDate: date('promised_date', { mode: 'string' }),
    isRush: boolean('is_rush').notNull().default(false),
    status: text('status').notNull(),
    searchText: text('search_text').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('repairs_created_idx').on(table.createdAt, table.id),
    index('repairs_promised_idx').on(table.promisedDate, table.id),
    index('repairs_status_idx').on(table.status),
    index('repairs_customer_idx').on(table.customerId),
    index('repairs_number_digits_idx').on(
      sql`((substring(${table.repairNumber} from '[0-9]+$'))::bigint)`,
      table.id,
    ),
  ],
);

/** Every change of an order or repair: who, when, and each field's old and new value. */
export const itemChanges = pgTable(
  'item_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [index('item_changes_item_idx').on(table.itemKind, table.itemId, table.at)],
);

// ── Tracking ────────────────────────────────────────────────────────────────────────────────────

/**
 * The tracking state of a tagged order or repair (spec §3/§4). One EPC is on at most one item, orders and
 * repairs alike: assigning it elsewhere takes it off the holder first.
 */
export const trackedItems = pgTable(
  'tracked_items',
  {
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    epc: text('epc').notNull().unique(),
    // Client status: active, offsite or returned (the backend shape says 'tracking' for active).
    status: text('status').notNull().default('active'),
    currentDepartmentId: text('current_department_id').references(() => departments.id, {
      onDelete: 'restrict',
    }),
    currentStationId: text('current_station_id').references(() => stations.id, { onDelete: 'restrict' }),
    currentReaderId: text('current_reader_id'),
    currentAntenna: integer('current_antenna'),
    // When it arrived at the current station: the start of the next move's duration.
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    offsiteDetectedAt: timestamp('offsite_detected_at', { withTimezone: true }),
    offsiteReturnedAt: timestamp('offsite_returned_at', { withTimezone: true }),
    expectedOffsite: boolean('expected_offsite').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.itemKind, table.itemId] }),
    index('tracked_items_station_idx').on(table.currentStationId),
    index('tracked_items_department_idx').on(table.currentDepartmentId),
    index('tracked_items_status_idx').on(table.status),
  ],
);

/**
 * Arrivals of an order or repair at a station, kept after tracking stops so the timeline survives.
 * `durationMinutes` is the whole minutes spent at the location it left (spec §3). `readKey` makes applying
 * the same reader event twice a no-op.
 */
export const locationHistory = pgTable(
  'location_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    epc: text('epc').notNull(),
    departmentId: text('department_id').notNull(),
    departmentName: text('department_name').notNull(),
    departmentGradient: text('department_gradient').notNull(),
    stationId: text('station_id').notNull(),
    stationName: text('station_name').notNull(),
    readerId: text('reader_id'),
    antenna: integer('antenna'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    readKey: text('read_key').unique(),
  },
  (table) => [index('location_history_item_idx').on(table.itemKind, table.itemId, table.arrivedAt)],
);

// ── RFID ingestion (issue 6) ────────────────────────────────────────────────────────────────────

/**
 * Fresh reads Loupe could not place, per reader and antenna (issue 21 §5): of an antenna nobody mapped, or
 * of a tag no order or repair carries. Counted in the database, so the numbers /rfid-mapping shows are the
 * whole cluster's and survive a restart, with when it started and when it last happened.
 */
export const rfidUnresolvedReads = pgTable(
  'rfid_unresolved_reads',
  {
    reason: text('reason').notNull(),
    readerId: text('reader_id').notNull(),
    antenna: integer('antenna').notNull(),
    reads: bigint('reads', { mode: 'number' }).notNull().default(0),
    lastEpc: text('last_epc').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.reason, table.readerId, table.antenna] })],
);

/** The last refusal of a reader's MQTT connection or publish, for its installer to see (issue 21 §5). */
export const readerRejections = pgTable('reader_rejections', {
  readerId: text('reader_id').primaryKey(),
  reason: text('reason').notNull(),
  topic: text('topic'),
  count: integer('count').notNull().default(1),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
});

/**
 * Every fresh tag read Loupe acknowledged, recorded before the acknowledgement (HTTP 2xx, MQTT PUBACK).
 * The key is the read's identity (reader, antenna, EPC, time), so a redelivered read is recorded once;
 * repeats of it inside the dedupe window are counted on its row rather than stored one by one. Kept for
 * RFID_READ_RETENTION_DAYS; nothing references a read's row (location history keeps its own copy of the key).
 */
export const rfidReads = pgTable(
  'rfid_reads',
  {
    readKey: text('read_key').primaryKey(),
    readerId: text('reader_id').notNull(),
    antenna: integer('antenna').notNull(),
    epc: text('epc').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    rssi: doublePrecision('rssi'),
    repeats: integer('repeats').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rfid_reads_reader_antenna_idx').on(table.readerId, table.antenna, table.readAt),
    index('rfid_reads_epc_idx').on(table.epc, table.readAt),
    // The retention sweep deletes the oldest reads a batch at a time (RFID_READ_RETENTION_DAYS).
    index('rfid_reads_read_at_idx').on(table.readAt),
  ],
);

// ── Workflow (issue 12) ─────────────────────────────────────────────────────────────────────────

/**
 * The phases a job goes through: one default template per kind (product type null) and one per product type
 * that needs its own. Phases and repair-type steps are stored whole, validated by the domain's schemas.
 */
export const workflowTemplates = pgTable(
  'workflow_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    productTypeId: uuid('product_type_id').references(() => productTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phases: jsonb('phases').notNull(),
    repairTypeSteps: jsonb('repair_type_steps').notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('workflow_templates_kind_product_idx').on(
      table.kind,
      sql`coalesce(${table.productTypeId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

/** Where each job stands in its workflow; made when the job is created, moved by reads and by hand. */
export const jobWorkflows = pgTable(
  'job_workflows',
  {
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    phaseKey: text('phase_key').notNull(),
    phaseStartedAt: timestamp('phase_started_at', { withTimezone: true }).notNull(),
    reworkCount: integer('rework_count').notNull().default(0),
    // Set once the last phase is completed.
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // Nudges about the job itself (past its phase's target with nobody assigned), reset by each phase change.
    nudgeCount: integer('nudge_count').notNull().default(0),
    lastNudgedAt: timestamp('last_nudged_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.itemKind, table.itemId] }),
    index('job_workflows_phase_idx').on(table.itemKind, table.phaseKey),
  ],
);

/** A phase of a job given to a person, with its due time and the nudges it has had. */
export const workflowAssignments = pgTable(
  'workflow_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    phaseKey: text('phase_key').notNull(),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    // open, completed or cancelled
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    nudgeCount: integer('nudge_count').notNull().default(0),
    lastNudgedAt: timestamp('last_nudged_at', { withTimezone: true }),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    snoozeReason: text('snooze_reason'),
  },
  (table) => [
    index('workflow_assignments_assignee_idx').on(table.assigneeId, table.status),
    index('workflow_assignments_item_idx').on(table.itemKind, table.itemId, table.status),
    // One open assignment per job and phase: reassigning moves it, it does not add one.
    uniqueIndex('workflow_assignments_open_idx')
      .on(table.itemKind, table.itemId, table.phaseKey)
      .where(sql`${table.status} = 'open'`),
  ],
);

// ── Station TVs (issue 14) ───────────────────────────────────────────────────────────────────────

/**
 * A TV at /tv-setup, from the moment it asks for a pairing code. Until a manager claims the code it is
 * pending (`pairedAt` null, the code shown on screen); once claimed it is a display of one station. The
 * device's credential is stored only as a SHA-256 digest; revoking a display deletes its row.
 */
export const tvDevices = pgTable(
  'tv_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    // Cleared when claimed: a code works once.
    pairingCode: text('pairing_code'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    name: text('name'),
    stationId: text('station_id').references(() => stations.id, { onDelete: 'set null' }),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    pairedBy: uuid('paired_by').references(() => users.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('tv_devices_pairing_code_idx')
      .on(table.pairingCode)
      .where(sql`${table.pairingCode} is not null`),
    index('tv_devices_station_idx').on(table.stationId),
  ],
);

// ── Alerts and notifications (issue 15) ──────────────────────────────────────────────────────────

/**
 * An alert the server raised for one cause (`causeKey`: a rule and its job, reader or antenna). At most one
 * unresolved alert per cause; it is resolved by a person with a note, or cleared by the server when the
 * cause went away (`clearedAt`).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rule: text('rule').notNull(),
    causeKey: text('cause_key').notNull(),
    severity: text('severity').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectLabel: text('subject_label').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    // A person resolved it while its cause lasted: it is not raised again until the cause has gone (this time).
    causeEndedAt: timestamp('cause_ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('alerts_open_cause_idx').on(table.causeKey).where(sql`${table.resolvedAt} is null`),
    index('alerts_raised_idx').on(table.raisedAt),
  ],
);

/** A notice in one person's bell: an alert, an assignment, a nudge. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    // What raised it ('alert:{id}'): a notice whose cause cleared is withdrawn from the bells still unread.
    source: text('source'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.createdAt),
    index('notifications_source_idx').on(table.source),
  ],
);

/**
 * The daily digests sent: one row per user and workshop date, claimed before the mail goes out, so two
 * processes (or a restart) never send a user the same day's digest twice.
 */
export const digestsSent = pgTable(
  'digests_sent',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.date] })],
);

/**
 * Public tracking links (issue 15 §6): `/t/{token}` shows one job's stage to whoever holds it. The token is
 * looked up by its SHA-256 (`tokenHash`) and kept encrypted (`tokenSealed`, SECRET_KEY) so staff can show
 * the same link again; the database alone holds no usable link (docs/security.md, "Public links"). At most
 * one live link per job; a revoked one stays for the record and a new one may be issued.
 */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    tokenSealed: text('token_sealed').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('tracking_links_live_idx')
      .on(table.itemKind, table.itemId)
      .where(sql`${table.revokedAt} is null`),
  ],
);

/**
 * The customer-message outbox (issue 15 §5): one row per message and channel, rendered when queued. A periodic
 * sweep sends what is due (`status` queued, `nextAttemptAt` passed) and, on failure, waits longer each time
 * until MAX_DELIVERY_ATTEMPTS; `nextAttemptAt` also serves as a short lease while a sweep is sending it.
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobKind: text('job_kind').notNull(),
    jobId: uuid('job_id').notNull(),
    jobNumber: text('job_number').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    // The provider's id of a sent SMS (Twilio's `sid`), for support questions.
    providerId: text('provider_id'),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('customer_messages_due_idx').on(table.status, table.nextAttemptAt),
    index('customer_messages_job_idx').on(table.jobKind, table.jobId, table.createdAt),
    index('customer_messages_created_idx').on(table.createdAt),
  ],
);

/** One person's chat with the assistant (issue 16 §4): kept per user, renamed and deleted by them. */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('assistant_conversations_user_idx').on(table.userId, table.updatedAt)],
);

/** A question or an answer; an answer keeps its tables, citations, steps and actions as JSON. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    text: text('text').notNull(),
    answer: jsonb('answer'),
    createdAt: createdAt(),
  },
  (table) => [index('assistant_messages_conversation_idx').on(table.conversationId, table.createdAt)],
);

// ── Design requests (issue 17) ──────────────────────────────────────────────────────────────────────

/**
 * An order's design work: one request per order, worked by a designer through numbered revisions until the
 * customer approves one. `status` is one of DESIGN_REQUEST_STATUSES (packages/domain/src/designs).
 */
export const designRequests = pgTable(
  'design_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    designerId: uuid('designer_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('new'),
    brief: text('brief').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('design_requests_status_idx').on(table.status, table.updatedAt)],
);

/**
 * A numbered revision of a request: its files are attachments (owner kind `design-revision`); its approval
 * link a `tracking_links` row of item kind `design-revision` (docs/decisions/010). The customer's answer is
 * written once: `decision` is null until then.
 */
export const designRevisions = pgTable(
  'design_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => designRequests.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decision: text('decision'),
    decisionComment: text('decision_comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('design_revisions_number_idx').on(table.requestId, table.number)],
);

// ── Analytics facts (issue 13, docs/decisions/009-analytics-facts.md) ───────────────────────────────

/**
 * One finished visit of a job to a station: written in the transaction of the move that ends it, with what
 * the screens filter and group by copied in (location, phase, product type, salesperson), so that they never
 * scan location_history. `offsiteMinutes` is the part of the visit the piece spent offsite (a vendor leg).
 */
export const analyticsVisits = pgTable(
  'analytics_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    stationId: text('station_id').notNull(),
    departmentId: text('department_id').notNull(),
    locationId: text('location_id'),
    phaseKey: text('phase_key'),
    productTypeId: uuid('product_type_id'),
    salespersonId: uuid('salesperson_id'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
    offsiteMinutes: integer('offsite_minutes').notNull().default(0),
    // Back in a department the job had already left: a rework loop.
    isRework: boolean('is_rework').notNull().default(false),
  },
  (table) => [
    uniqueIndex('analytics_visits_item_idx').on(table.itemKind, table.itemId, table.arrivedAt),
    index('analytics_visits_left_idx').on(table.leftAt),
    index('analytics_visits_station_idx').on(table.stationId, table.leftAt),
    // One salesperson's visits by left_at: the partial days of a range, and the start's check that the rollups
    // keep salespeople (rebuildIfMissing in facts-repository.ts).
    index('analytics_visits_salesperson_idx').on(table.salespersonId, table.leftAt),
    // Work in progress at an instant: the visits whose span holds it, without scanning the others.
    index('analytics_visits_span_idx').using('gist', sql`tstzrange(${table.arrivedAt}, ${table.leftAt})`),
  ],
);

/**
 * Finished visits counted per UTC day they ended, kind, product type ('' for none), station, the visit's
 * department, location and salesperson ('' for none), and exact station minutes (offsite left out), with how
 * many of them were rework (docs/decisions/013-analytics-rollups.md): the per product type × station dwell
 * table takes its median and p90 from these counts, as exactly as percentile_cont over the visits. Visits are
 * never changed once written, so the counts only grow.
 */
export const analyticsStationDwellDays = pgTable(
  'analytics_station_dwell_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    productTypeId: text('product_type_id').notNull().default(''),
    stationId: text('station_id').notNull(),
    departmentId: text('department_id').notNull(),
    locationId: text('location_id').notNull().default(''),
    // The visit's salesperson ('' for none): the salesperson filter reads the rollup too.
    salespersonId: text('salesperson_id').notNull().default(''),
    minutes: integer('minutes').notNull(),
    visits: integer('visits').notNull().default(0),
    reworkVisits: integer('rework_visits').notNull().default(0),
  },
  (table) => [
    primaryKey({
      // The generated name would pass PostgreSQL's 63 characters.
      name: 'analytics_station_dwell_days_pk',
      columns: [
        table.day,
        table.itemKind,
        table.productTypeId,
        table.stationId,
        table.departmentId,
        table.locationId,
        table.salespersonId,
        table.minutes,
      ],
    }),
  ],
);

/**
 * analytics_station_dwell_days summed per UTC month (`month` its first day), kept alongside it: a range's whole
 * months read one row per distinct duration a month instead of one a day, so a year reads about twelve
 * times fewer rows; the days at either end still come from the day rollup.
 */
export const analyticsStationDwellMonths = pgTable(
  'analytics_station_dwell_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    productTypeId: text('product_type_id').notNull().default(''),
    stationId: text('station_id').notNull(),
    departmentId: text('department_id').notNull(),
    locationId: text('location_id').notNull().default(''),
    // The visit's salesperson ('' for none): the salesperson filter reads the rollup too.
    salespersonId: text('salesperson_id').notNull().default(''),
    minutes: integer('minutes').notNull(),
    visits: integer('visits').notNull().default(0),
    reworkVisits: integer('rework_visits').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'analytics_station_dwell_months_pk',
      columns: [
        table.month,
        table.itemKind,
        table.productTypeId,
        table.stationId,
        table.departmentId,
        table.locationId,
        table.salespersonId,
        table.minutes,
      ],
    }),
  ],
);

/**
 * Finished visits under way at each midnight of the zone in `analytics_wip_zone` (`day` 00:00 there, the visit
 * arrived at or before it and left after it), counted per kind, phase ('' for none), the visit's location ('' for
 * none), department, product type and salesperson ('' for none) (docs/decisions/013-analytics-rollups.md):
 * the workflow screen's work in progress at such a midnight reads these counts instead of searching the
 * visits' spans.
 */
export const analyticsWipDays = pgTable(
  'analytics_wip_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    phaseKey: text('phase_key').notNull().default(''),
    locationId: text('location_id').notNull().default(''),
    departmentId: text('department_id').notNull(),
    productTypeId: text('product_type_id').notNull().default(''),
    // The visit's salesperson ('' for none): the salesperson filter reads the rollup too.
    salespersonId: text('salesperson_id').notNull().default(''),
    jobs: integer('jobs').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'analytics_wip_days_pk',
      columns: [
        table.day,
        table.itemKind,
        table.phaseKey,
        table.locationId,
        table.departmentId,
        table.productTypeId,
        table.salespersonId,
      ],
    }),
  ],
);

/**
 * The time zone whose midnights `analytics_wip_days` counts at: the workshop's (Settings › general), so that
 * the workflow screen's week ends, local midnights, are rollup reads. One row; a change of the workshop's zone
 * refills the rollup for the new one (docs/decisions/013-analytics-rollups.md).
 */
export const analyticsWipZone = pgTable(
  'analytics_wip_zone',
  {
    id: boolean('id').primaryKey().default(true),
    timeZone: text('time_zone').notNull(),
  },
  (table) => [check('analytics_wip_zone_one_row', sql`${table.id}`)],
);

/**
 * Jobs first read and jobs delivered, counted per day of the zone in `analytics_wip_zone` (the workshop's),
 * kind, location ('' for none), product type and salesperson ('' for none)
 * (docs/decisions/013-analytics-rollups.md): the workflow screen's throughput per week reads these counts
 * instead of a year's jobs. Kept with the phase-time rollup; a count may stay at 0.
 */
export const analyticsJobDays = pgTable(
  'analytics_job_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    locationId: text('location_id').notNull().default(''),
    productTypeId: text('product_type_id').notNull().default(''),
    salespersonId: text('salesperson_id').notNull().default(''),
    started: integer('started').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'analytics_job_days_pk',
      columns: [table.day, table.itemKind, table.locationId, table.productTypeId, table.salespersonId],
    }),
  ],
);

/**
 * Delivered jobs with a promised date, counted per day of delivery in the zone of `analytics_wip_zone` (the
 * workshop's), kind, location ('' for none), product type, salesperson ('' for none) and days late (that
 * day less the promised one) (docs/decisions/013-analytics-rollups.md): the on-time screen's groups read these
 * counts instead of a year's jobs. Kept with `analytics_job_days`; a count may stay at 0.
 */
export const analyticsDeliveryDays = pgTable(
  'analytics_delivery_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    locationId: text('location_id').notNull().default(''),
    productTypeId: text('product_type_id').notNull().default(''),
    salespersonId: text('salesperson_id').notNull().default(''),
    daysLate: integer('days_late').notNull(),
    jobs: integer('jobs').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'analytics_delivery_days_pk',
      columns: [
        table.day,
        table.itemKind,
        table.locationId,
        table.productTypeId,
        table.salespersonId,
        table.daysLate,
      ],
    }),
  ],
);

/**
 * The steps of delivered jobs (phase, station and offsite minutes) counted per UTC day of delivery, step,
 * exact minutes, kind and location (docs/decisions/013-analytics-rollups.md): root cause's step medians over
 * the latest deliveries, for the whole workshop or one kind or location, read whole days here and only the
 * days at their ends from the steps. Kept with the phase-time rollup, by the delivery and by reads of a
 * delivered job; a count may stay at 0.
 */
export const analyticsStepDays = pgTable(
  'analytics_step_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    stepKind: text('step_kind').notNull(),
    stepKey: text('step_key').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
    itemKind: text('item_kind').notNull().default(''),
    // '' for a job never read (no location).
    locationId: text('location_id').notNull().default(''),
    jobs: integer('jobs').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'analytics_step_days_pk',
      columns: [table.day, table.stepKind, table.stepKey, table.minutes, table.itemKind, table.locationId],
    }),
  ],
);

/**
 * Phase times of delivered jobs counted per UTC day of delivery, kind, phase, location, salesperson and exact
 * whole minutes (a histogram, docs/decisions/013-analytics-rollups.md): the workflow screen's phase median and
 * p90 over a range read one row per distinct duration a day instead of one per job, and come out as exactly as
 * percentile_cont over the jobs. Kept by the delivery and by reads of a delivered job; a count may stay at 0.
 */
export const analyticsPhaseDays = pgTable(
  'analytics_phase_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    phaseKey: text('phase_key').notNull(),
    // The job's location (where it was first read, '' for none): the location filter reads the rollup too.
    locationId: text('location_id').notNull().default(''),
    // The job's salesperson ('' for none), as in analytics_jobs: the salesperson filter reads the rollup too.
    salespersonId: text('salesperson_id').notNull().default(''),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
    jobs: integer('jobs').notNull().default(0),
  },
  (table) => [
    // A unique index rather than a primary key: migrations add the location column before indexing it.
    uniqueIndex('analytics_phase_days_key_idx').on(
      table.day,
      table.itemKind,
      table.phaseKey,
      table.locationId,
      table.salespersonId,
      table.minutes,
    ),
  ],
);

/**
 * One row per job that has been read somewhere: its counters, kept as its visits are written, and its
 * delivery, stamped when its status becomes delivered (orders) or picked up (repairs).
 */
export const analyticsJobs = pgTable(
  'analytics_jobs',
  {
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    // Where it was first read.
    locationId: text('location_id'),
    productTypeId: uuid('product_type_id'),
    metalTypeId: uuid('metal_type_id'),
    salespersonId: uuid('salesperson_id'),
    promisedDate: date('promised_date', { mode: 'string' }),
    firstArrivalAt: timestamp('first_arrival_at', { withTimezone: true }),
    visits: integer('visits').notNull().default(0),
    reworkVisits: integer('rework_visits').notNull().default(0),
    dwellMinutes: bigint('dwell_minutes', { mode: 'number' }).notNull().default(0),
    offsiteMinutes: bigint('offsite_minutes', { mode: 'number' }).notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.itemKind, table.itemId] }),
    // With every column the delivered-job figures filter and count by: a range of deliveries is read from the
    // index alone (index-only scans), not from a heap page per job.
    index('analytics_jobs_delivered_idx').on(
      table.deliveredAt,
      table.itemKind,
      table.itemId,
      table.locationId,
      table.productTypeId,
      table.metalTypeId,
      table.salespersonId,
      table.promisedDate,
      table.firstArrivalAt,
      table.reworkVisits,
    ),
    index('analytics_jobs_first_arrival_idx').on(
      table.firstArrivalAt,
      table.itemKind,
      table.locationId,
      table.productTypeId,
      table.salespersonId,
    ),
    // Product type figures group a range's deliveries by kind, product type and metal: over a long range, read
    // in that order from the index alone instead of sorted (a year at 100,000 jobs: 57 → 28 ms).
    index('analytics_jobs_product_type_idx').on(
      table.itemKind,
      table.productTypeId,
      table.metalTypeId,
      table.deliveredAt,
      table.firstArrivalAt,
      table.reworkVisits,
      table.promisedDate,
      table.locationId,
      table.salespersonId,
    ),
  ],
);

/**
 * Minutes each job spent per phase, per station and per offsite leg (keyed by the station it left from):
 * what root cause compares with the median, and what predictions draw their durations from.
 */
export const analyticsJobSteps = pgTable(
  'analytics_job_steps',
  {
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    // phase, station or offsite
    stepKind: text('step_kind').notNull(),
    stepKey: text('step_key').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull().default(0),
    visits: integer('visits').notNull().default(0),
    // The job's analytics_jobs.delivered_at, copied so that root cause's medians read the steps of a range of
    // deliveries as one index range, not job by job.
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.itemKind, table.itemId, table.stepKind, table.stepKey] }),
    index('analytics_job_steps_key_idx').on(table.stepKind, table.stepKey),
    // Root cause's medians and late steps read thousands of jobs' steps: from the index alone, not a heap page
    // per step (a job's steps are spread over the table).
    index('analytics_job_steps_minutes_idx').on(
      table.itemKind,
      table.itemId,
      table.stepKind,
      table.stepKey,
      table.minutes,
    ),
    // Root cause's medians without a job filter: the steps of the latest deliveries, by kind, from the index alone.
    index('analytics_job_steps_delivered_idx')
      .on(table.stepKind, table.deliveredAt, table.stepKey, table.minutes)
      .where(sql`${table.deliveredAt} is not null`),
  ],
);

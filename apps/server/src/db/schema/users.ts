import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { locations } from './registry.ts';

// Staff accounts and their sign-in: sessions, refresh tokens, one-time codes, second factors, remembered
// devices, and the embedded user pool's signing keys.

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
  // Issue 39 §2: where this person works; their lists open filtered to it. Null: every location.
  homeLocationId: text('home_location_id').references(() => locations.id, { onDelete: 'set null' }),
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

/** RS256 signing keys of the embedded user pool: made on first start, shared by every instance. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: createdAt(),
});

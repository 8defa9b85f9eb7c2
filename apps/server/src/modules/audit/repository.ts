import { and, count, desc, eq, gt, max, type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { auditLog } from '../../db/schema/system.ts';

export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.password_changed',
  'auth.password_reset',
  'auth.email_verified',
  'auth.registered',
  'auth.refresh_token_reuse',
  'auth.sign_in_throttled',
  'auth.sign_in_unlocked',
  'auth.mfa_enabled',
  'auth.mfa_disabled',
  'auth.mfa_failed',
  'auth.mfa_reset',
  'auth.device_remembered',
  'users.created',
  'users.role_changed',
  'users.disabled',
  'users.enabled',
  'users.updated',
  'users.deleted',
  'settings.updated',
  'readers.created',
  'readers.api_key_rotated',
  'readers.deleted',
  'readers.llrp_configured',
  'tv.paired',
  'tv.pair_failed',
  'tv.updated',
  'tv.revoked',
  'tracking_link.created',
  'tracking_link.revoked',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export type TAuditEntry = {
  action: TAuditAction;
  /** The service's clock; the database's own time otherwise. */
  at?: Date;
  actorId?: string | null;
  subject?: string | null;
  ip?: string | null;
  correlationId?: string | null;
  /** Never a password, token or code. */
  details?: Record<string, unknown>;
};

/** Narrows audit rows to one address and/or one device (`details.device`; null: rows without a device). */
export type TAuditFilter = { readonly ip?: string; readonly device?: string | null };

function filterOf(filter: TAuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.ip !== undefined) conditions.push(eq(auditLog.ip, filter.ip));
  if (filter.device === null) conditions.push(sql`${auditLog.details}->>'device' is null`);
  else if (filter.device !== undefined)
    conditions.push(sql`${auditLog.details}->>'device' = ${filter.device}`);
  return conditions;
}

export function createAuditRepository(db: TDatabase) {
  return {
    async record(entry: TAuditEntry): Promise<void> {
      await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
    },

    /** How many rows of an action about a subject since a time, and when the latest was. */
    async tally(
      action: TAuditAction,
      subject: string,
      since: Date,
      filter: TAuditFilter = {},
    ): Promise<{ count: number; latest: Date | undefined }> {
      const [row] = await db
        .select({ value: count(), latest: max(auditLog.at) })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, action),
            eq(auditLog.subject, subject),
            gt(auditLog.at, since),
            ...filterOf(filter),
          ),
        );
      return { count: row?.value ?? 0, latest: row?.latest ?? undefined };
    },

    /** When an action about a subject last happened. */
    async latest(
      action: TAuditAction,
      subject: string,
      filter: TAuditFilter = {},
    ): Promise<Date | undefined> {
      const [row] = await db
        .select({ latest: max(auditLog.at) })
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.subject, subject), ...filterOf(filter)));
      return row?.latest ?? undefined;
    },

    async list(limit: number) {
      return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
    },
  };
}

export type TAuditRepository = ReturnType<typeof createAuditRepository>;

import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.password_changed',
  'auth.password_reset',
  'auth.email_verified',
  'auth.registered',
  'auth.refresh_token_reuse',
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
  'tv.paired',
  'tv.pair_failed',
  'tv.updated',
  'tv.revoked',
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

export function createAuditRepository(db: TDatabase) {
  return {
    async record(entry: TAuditEntry): Promise<void> {
      await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
    },

    async countSince(action: TAuditAction, subject: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.subject, subject), gt(auditLog.at, since)));
      return row?.value ?? 0;
    },

    async oldestSince(action: TAuditAction, subject: string, since: Date): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: auditLog.at })
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.subject, subject), gt(auditLog.at, since)))
        .orderBy(auditLog.at)
        .limit(1);
      return row?.at;
    },

    async list(limit: number) {
      return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
    },
  };
}

export type TAuditRepository = ReturnType<typeof createAuditRepository>;

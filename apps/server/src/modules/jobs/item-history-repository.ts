import type { TItemChange, TItemChangeAction } from '@loupe/domain/history/item-change';
import { ZItemChangeActionSchema, ZItemChangeSchema } from '@loupe/domain/history/item-change';
import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import { personName } from '@loupe/domain/users/user';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { itemChanges } from '../../db/schema/jobs.ts';
import { users } from '../../db/schema/users.ts';
import { cursorTimestamp } from '../../lib/keyset.ts';

export type TItemChangeEntry = {
  readonly itemKind: TTrackedItemKind;
  readonly itemId: string;
  readonly at: Date;
  readonly actorId: string | null;
  readonly action: TItemChangeAction;
  readonly changes: Record<string, { from: unknown; to: unknown }>;
};

/** The change history of orders and repairs (item_changes): who changed what, when. */
export function createItemHistoryRepository(db: TDatabase) {
  return {
    /** Written in the caller's transaction, with the change it records. */
    async record(entry: TItemChangeEntry): Promise<void> {
      await db.insert(itemChanges).values(entry);
    },

    /** Newest first; `after` continues below the last entry of the previous page. */
    async list(
      kind: TTrackedItemKind,
      itemId: string,
      options: { limit: number; after?: { value: string; id: string } | undefined },
    ): Promise<{ rows: (TItemChange & { cursorAt: string })[]; total: number }> {
      const ofItem = and(eq(itemChanges.itemKind, kind), eq(itemChanges.itemId, itemId));
      const after = options.after
        ? sql`(${itemChanges.at}, ${itemChanges.id}) < (${options.after.value}::timestamptz, ${options.after.id}::bigint)`
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            change: itemChanges,
            cursorAt: cursorTimestamp(itemChanges.at),
            actorEmail: users.email,
            actorName: users.name,
            actorFirstName: users.firstName,
            actorLastName: users.lastName,
            actorRole: users.role,
          })
          .from(itemChanges)
          .leftJoin(users, eq(users.id, itemChanges.actorId))
          .where(and(ofItem, after))
          .orderBy(desc(itemChanges.at), desc(itemChanges.id))
          .limit(options.limit + 1),
        db.select({ value: count() }).from(itemChanges).where(ofItem),
      ]);
      return {
        rows: rows.map((row) => {
          const { change } = row;
          const actor =
            change.actorId !== null && row.actorEmail !== null
              ? {
                  id: change.actorId,
                  name: personName({
                    email: row.actorEmail,
                    name: row.actorName,
                    firstName: row.actorFirstName ?? '',
                    lastName: row.actorLastName ?? '',
                  }),
                }
              : null;
          // Parsed: the tracking module writes here too, and an unknown action must not break the page.
          const parsed = ZItemChangeSchema.safeParse({
            id: change.id,
            at: change.at.toISOString(),
            action: ZItemChangeActionSchema.catch('updated').parse(change.action),
            actor,
            changes: change.changes,
          });
          const item: TItemChange = parsed.success
            ? parsed.data
            : { id: change.id, at: change.at.toISOString(), action: 'updated', actor, changes: {} };
          return { ...item, cursorAt: row.cursorAt };
        }),
        total: total?.value ?? 0,
      };
    },
  };
}

export type TItemHistoryRepository = ReturnType<typeof createItemHistoryRepository>;

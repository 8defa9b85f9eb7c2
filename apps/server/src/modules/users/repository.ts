import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { locations } from '../../db/schema/registry.ts';
import { users } from '../../db/schema/users.ts';

export type TUserRow = typeof users.$inferSelect;
export type TNewUser = typeof users.$inferInsert;

/** What a person's display name is made of (personName of @loupe/domain/users/user), with their id. */
export type TPersonNameRow = {
  id: string;
  name: string | null;
  firstName: string;
  lastName: string;
  email: string;
};

/** The people with these ids (nulls and repeats skipped), with what their display names are made of. */
export async function personsById(
  db: TDatabase,
  ids: readonly (string | null)[],
): Promise<Map<string, TPersonNameRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

export function createUsersRepository(db: TDatabase) {
  return {
    /** Issue 39: a home location must be one of the workshop's locations. */
    async locationExists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.id, id))
        .limit(1);
      return row !== undefined;
    },

    async findById(id: string): Promise<TUserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<TUserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
      return row;
    },

    async findByCognitoSub(sub: string): Promise<TUserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.cognitoSub, sub)).limit(1);
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(users);
      return row?.value ?? 0;
    },

    async countActiveAdmins(): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
      return row?.value ?? 0;
    },

    /** Inserts unless the e-mail is taken; returns undefined when it is. */
    async insert(user: TNewUser): Promise<TUserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values({ ...user, email: user.email.trim().toLowerCase() })
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row;
    },

    async update(
      id: string,
      changes: Partial<Omit<TNewUser, 'id' | 'createdAt'>>,
    ): Promise<TUserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    async list(options: {
      q?: string;
      limit: number;
      offset: number;
    }): Promise<{ items: TUserRow[]; total: number }> {
      const pattern = options.q ? `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = pattern
        ? or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))
        : undefined;
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.email))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ value: count() }).from(users).where(where),
      ]);
      return { items, total: total?.value ?? 0 };
    },
  };
}

export type TUsersRepository = ReturnType<typeof createUsersRepository>;

import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { userDevices, userMfa } from '../../db/schema/users.ts';

export type TUserMfaRow = typeof userMfa.$inferSelect;
export type TUserDeviceRow = typeof userDevices.$inferSelect;
export type TUserMfaChanges = Partial<Omit<TUserMfaRow, 'userId' | 'updatedAt'>>;

/** Second factors and remembered devices of the embedded pool (schema: user_mfa, user_devices). */
export function createMfaRepository(db: TDatabase) {
  return {
    async find(userId: string): Promise<TUserMfaRow | undefined> {
      const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
      return row;
    },

    async save(userId: string, changes: TUserMfaChanges, now: Date): Promise<TUserMfaRow> {
      const [row] = await db
        .insert(userMfa)
        .values({ userId, ...changes, updatedAt: now })
        .onConflictDoUpdate({ target: userMfa.userId, set: { ...changes, updatedAt: now } })
        .returning();
      if (!row) throw new Error('user_mfa upsert returned nothing');
      return row;
    },

    /**
     * Spends a TOTP step: true when no code of this step (or a later one) was accepted before. Atomic, so
     * one code typed twice, or sent twice at once, signs in once.
     */
    async claimTotpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(userMfa)
        .set({ totpLastStep: step })
        .where(
          and(eq(userMfa.userId, userId), or(isNull(userMfa.totpLastStep), lt(userMfa.totpLastStep, step))),
        )
        .returning({ userId: userMfa.userId });
      return rows.length === 1;
    },

    async issueDevice(input: { deviceKey: string; userId: string; groupKey: string }): Promise<void> {
      await db.insert(userDevices).values(input);
    },

    async findDevice(deviceKey: string, userId: string): Promise<TUserDeviceRow | undefined> {
      const [row] = await db
        .select()
        .from(userDevices)
        .where(and(eq(userDevices.deviceKey, deviceKey), eq(userDevices.userId, userId)))
        .limit(1);
      return row;
    },

    /** ConfirmDevice: the device's name and its SRP verifier, once. False when unknown or already confirmed. */
    async confirmDevice(input: {
      deviceKey: string;
      userId: string;
      name: string | null;
      salt: string | null;
      verifier: string | null;
      now: Date;
    }): Promise<boolean> {
      const rows = await db
        .update(userDevices)
        .set({
          name: input.name,
          salt: input.salt,
          verifier: input.verifier,
          confirmedAt: input.now,
          lastAuthenticatedAt: input.now,
        })
        .where(
          and(
            eq(userDevices.deviceKey, input.deviceKey),
            eq(userDevices.userId, input.userId),
            isNull(userDevices.confirmedAt),
          ),
        )
        .returning({ deviceKey: userDevices.deviceKey });
      return rows.length === 1;
    },

    async touchDevice(deviceKey: string, now: Date): Promise<void> {
      await db
        .update(userDevices)
        .set({ lastAuthenticatedAt: now })
        .where(eq(userDevices.deviceKey, deviceKey));
    },

    async rememberedDevices(userId: string): Promise<TUserDeviceRow[]> {
      return db
        .select()
        .from(userDevices)
        .where(and(eq(userDevices.userId, userId), isNotNull(userDevices.confirmedAt)));
    },

    /** Forgets every device of the user: the next sign-in asks for the second factor again. */
    async forgetDevices(userId: string): Promise<void> {
      await db.delete(userDevices).where(eq(userDevices.userId, userId));
    },
  };
}

export type TMfaRepository = ReturnType<typeof createMfaRepository>;

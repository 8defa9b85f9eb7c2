import { isAdmin } from '@loupe/domain/auth/permissions';
import { roleFromProfile, type TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import type { TManagedUser, TManagedUserChanges, TNewManagedUser } from '@loupe/domain/users/managed-user';
import { toApplicationUser } from '@loupe/domain/users/user';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TClock } from '../../lib/clock.ts';
import { fieldError, forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import { createMailDispatcher, type TRequestContext } from '../auth/service.ts';
import type { TMailer } from '../mail/mailer.ts';
import type { TSessionsRepository } from '../sessions/repository.ts';
import { assertAcceptablePassword, hashPassword } from './password.ts';
import type { TUserRow, TUsersRepository } from './repository.ts';

export const OUTBOX_LIMIT = 100;

/** The admin acting; `id` tells their own account apart. */
export type TAdminActor = TActor & { readonly id: string };

export type TUsersServiceOptions = {
  readonly config: TConfig;
  readonly users: TUsersRepository;
  readonly sessions: TSessionsRepository;
  readonly audit: TAuditRepository;
  readonly mailer: TMailer;
  readonly clock: TClock;
  readonly logger: FastifyBaseLogger;
  /** user:created, user:updated, user:deleted (spec §7); the realtime layer also drops a disabled user's sockets. */
  readonly events: TEventBus;
  /** Forgets a user's second factors and remembered devices (the identity service's mfa.ts). */
  readonly resetSecondFactors: (userId: string) => Promise<void>;
};

const userChangedPayload = (user: TUserRow) => ({
  userId: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: roleFromProfile(user.role),
});

export function toManagedUser(user: TUserRow): TManagedUser {
  const role = roleFromProfile(user.role);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: toApplicationUser({ ...user, role }, { name: user.name }).name,
    ...(user.phone ? { phone: user.phone } : {}),
    role,
    emailVerified: user.emailVerified,
    mustChangePassword: user.mustChangePassword,
    disabled: user.disabled,
    homeLocationId: user.homeLocationId,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

const isActiveAdmin = (user: TUserRow) => user.role === 'admin' && !user.disabled;

/** User administration (issue 3 item 6): admins only, and never a workshop without an active admin. */
export function createUsersService(options: TUsersServiceOptions) {
  const { config, users, sessions, audit, clock, events } = options;
  const mail = createMailDispatcher(options.mailer, options.logger);

  // The routes already admit admins only; the service checks again so no other caller can skip it.
  function assertAdmin(actor: TAdminActor): void {
    if (!isAdmin(actor)) throw forbidden('Only an administrator can manage users.');
  }

  async function findOrFail(id: string): Promise<TUserRow> {
    const user = await users.findById(id);
    if (!user) throw new AppError('NOT_FOUND', 'There is no user with this id.');
    return user;
  }

  /** A home location (issue 39) is one of the locations; null is every location. */
  async function homeLocationOrFail(id: string | null): Promise<string | null> {
    if (id !== null && !(await users.locationExists(id))) {
      throw fieldError('homeLocationId', 'This location does not exist.');
    }
    return id;
  }

  /** Refuses to leave the workshop without an active administrator. */
  async function assertAnotherActiveAdmin(target: TUserRow, action: string): Promise<void> {
    if (isActiveAdmin(target) && (await users.countActiveAdmins()) <= 1) {
      throw new AppError(
        'CONFLICT',
        `The last active administrator cannot be ${action}. Make another user an administrator first.`,
      );
    }
  }

  return {
    async list(actor: TAdminActor, query: { q?: string; limit: number; offset: number }) {
      assertAdmin(actor);
      const { items, total } = await users.list(query);
      return { items: items.map(toManagedUser), total };
    },

    /** A verified account that must choose its own password at first sign-in (NEW_PASSWORD_REQUIRED). */
    async create(
      actor: TAdminActor,
      input: TNewManagedUser,
      context: TRequestContext,
    ): Promise<TManagedUser> {
      assertAdmin(actor);
      assertAcceptablePassword(input.temporaryPassword, input.email);
      const homeLocationId = await homeLocationOrFail(input.homeLocationId ?? null);
      const user = await users.insert({
        homeLocationId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone ? input.phone : null,
        role: input.role,
        passwordHash: await hashPassword(input.temporaryPassword),
        emailVerified: true,
        mustChangePassword: true,
      });
      if (!user) throw new AppError('CONFLICT', 'An account with this e-mail address already exists.');
      await audit.record({
        action: 'users.created',
        at: clock(),
        actorId: actor.id,
        subject: user.id,
        ...context,
        details: { email: user.email, role: user.role },
      });
      // The temporary password never travels by mail: the administrator hands it over.
      mail.dispatch({
        to: user.email,
        subject: `Your ${config.COMPANY_NAME} account`,
        text:
          `Hello ${input.firstName},\n\nan administrator created a ${config.COMPANY_NAME} account for you.\n\n` +
          `Sign in at ${config.publicUrl}/login with this e-mail address and the temporary password your ` +
          'administrator gives you. You will then choose your own password.',
      });
      events.publish('user:created', userChangedPayload(user));
      return toManagedUser(user);
    },

    /** Role changes and disabling are audited; disabling ends every session of the user at once. */
    async update(
      actor: TAdminActor,
      id: string,
      changes: TManagedUserChanges,
      context: TRequestContext,
    ): Promise<TManagedUser> {
      assertAdmin(actor);
      const target = await findOrFail(id);
      const roleChanges = changes.role !== undefined && changes.role !== target.role;
      const demotes = roleChanges && target.role === 'admin';
      const disables = changes.disabled === true && !target.disabled;
      if (target.id === actor.id && (demotes || disables)) {
        throw new AppError(
          'CONFLICT',
          'You cannot demote or disable your own account. Ask another administrator to do it.',
        );
      }
      if (demotes || disables) await assertAnotherActiveAdmin(target, demotes ? 'demoted' : 'disabled');

      const profile = {
        ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
        ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
        ...(changes.phone !== undefined ? { phone: changes.phone === '' ? null : changes.phone } : {}),
        ...(changes.homeLocationId !== undefined && changes.homeLocationId !== target.homeLocationId
          ? { homeLocationId: await homeLocationOrFail(changes.homeLocationId) }
          : {}),
      };
      const enables = changes.disabled === false && target.disabled;
      const update = {
        ...profile,
        ...(roleChanges ? { role: changes.role } : {}),
        ...(disables || enables ? { disabled: disables } : {}),
      };
      if (Object.keys(update).length === 0) return toManagedUser(target);
      const updated = (await users.update(target.id, update)) ?? target;

      const now = clock();
      const entry = { at: now, actorId: actor.id, subject: target.id, ...context };
      if (disables) {
        await sessions.revokeAllForUser(target.id, 'account disabled', now);
        await audit.record({ ...entry, action: 'users.disabled' });
      }
      if (enables) await audit.record({ ...entry, action: 'users.enabled' });
      if (roleChanges) {
        await audit.record({
          ...entry,
          action: 'users.role_changed',
          details: { from: target.role, to: changes.role },
        });
      }
      if (Object.keys(profile).length > 0) {
        await audit.record({ ...entry, action: 'users.updated', details: { fields: Object.keys(profile) } });
      }
      events.publish('user:updated', userChangedPayload(updated));
      return toManagedUser(updated);
    },

    /** Deleting a user ends their sessions too (they cascade with the account). */
    async remove(actor: TAdminActor, id: string, context: TRequestContext): Promise<void> {
      assertAdmin(actor);
      const target = await findOrFail(id);
      if (target.id === actor.id) {
        throw new AppError(
          'CONFLICT',
          'You cannot delete your own account. Ask another administrator to do it.',
        );
      }
      await assertAnotherActiveAdmin(target, 'deleted');
      if (!(await users.delete(target.id))) throw new AppError('NOT_FOUND', 'There is no user with this id.');
      await audit.record({
        action: 'users.deleted',
        at: clock(),
        actorId: actor.id,
        subject: target.id,
        ...context,
        details: { email: target.email, role: target.role },
      });
      events.publish('user:deleted', { userId: target.id });
    },

    /**
     * Lifts every slow-down of the account's sign-ins at once (issue 20 §2): failures before this no longer
     * count, from any address or device (the identity service's sign-in-throttle.ts reads this audit row).
     */
    async unlockSignIn(actor: TAdminActor, id: string, context: TRequestContext): Promise<void> {
      assertAdmin(actor);
      const target = await findOrFail(id);
      await audit.record({
        action: 'auth.sign_in_unlocked',
        at: clock(),
        actorId: actor.id,
        subject: target.email.trim().toLowerCase(),
        ...context,
        details: { userId: target.id },
      });
    },

    /**
     * Turns a user's two-step sign-in off (a lost phone, issue 20 §4): the authenticator seed, e-mail codes and
     * remembered devices are forgotten. A user whose role requires it sets it up again at the next sign-in.
     */
    async resetSecondFactors(actor: TAdminActor, id: string, context: TRequestContext): Promise<void> {
      assertAdmin(actor);
      const target = await findOrFail(id);
      await options.resetSecondFactors(target.id);
      await audit.record({
        action: 'auth.mfa_reset',
        at: clock(),
        actorId: actor.id,
        subject: target.id,
        ...context,
        details: { email: target.email },
      });
    },

    /** The latest mails, newest first: without SMTP this is where an operator reads codes and links. */
    async outbox(actor: TAdminActor) {
      assertAdmin(actor);
      const rows = await options.mailer.outbox(OUTBOX_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt ? row.sentAt.toISOString() : null,
        error: row.error,
      }));
    },

    drain: () => mail.drain(),
  };
}

export type TUsersService = ReturnType<typeof createUsersService>;

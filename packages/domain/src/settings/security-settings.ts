import { z } from 'zod';
import { ZRoleSchema } from '../auth/roles';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Workshop-wide security settings (settings › security, admin only). Self-registration starts closed:
 * once the first (admin) account exists, only an admin opens it.
 */
export const SECURITY_DEFAULTS = {
  selfRegistration: false,
  accessTokenMinutes: 15,
  refreshTokenDays: 30,
  mfaRequiredRoles: [],
} as const;

/** The lifetimes an admin (or the environment) may choose. */
export const SECURITY_LIMITS = {
  accessTokenMinutes: { min: 5, max: 1440 },
  refreshTokenDays: { min: 1, max: 365 },
} as const;

export const ZSecuritySettingsSchema = lazySchema(() =>
  z.object({
    selfRegistration: z.boolean().default(SECURITY_DEFAULTS.selfRegistration),
    /** Lifetime of access and id tokens. */
    accessTokenMinutes: z
      .number()
      .int()
      .min(SECURITY_LIMITS.accessTokenMinutes.min)
      .max(SECURITY_LIMITS.accessTokenMinutes.max)
      .default(SECURITY_DEFAULTS.accessTokenMinutes),
    /** Lifetime of a sign-in (refresh-token family). */
    refreshTokenDays: z
      .number()
      .int()
      .min(SECURITY_LIMITS.refreshTokenDays.min)
      .max(SECURITY_LIMITS.refreshTokenDays.max)
      .default(SECURITY_DEFAULTS.refreshTokenDays),
    /**
     * Roles whose members must sign in with a second factor (issue 20 §4); one without any is asked to set
     * one up (MFA_SETUP) at their next sign-in.
     */
    mfaRequiredRoles: z
      .array(ZRoleSchema)
      .max(ZRoleSchema.unwrap().options.length)
      .refine((roles) => new Set(roles).size === roles.length, { error: 'Each role may appear once.' })
      .default([]),
  }),
);
export type TSecuritySettings = z.infer<typeof ZSecuritySettingsSchema>;

// The fields as that schema declares them, read when a schema below is built.
const shape = () => ZSecuritySettingsSchema.unwrap().shape;
/** PUT /settings/security: the same rules without the defaults; a field left out keeps its current value. */
export const ZSecuritySettingsChangesSchema = lazySchema(() =>
  z.object({
    selfRegistration: shape().selfRegistration.unwrap().optional(),
    accessTokenMinutes: shape().accessTokenMinutes.unwrap().optional(),
    refreshTokenDays: shape().refreshTokenDays.unwrap().optional(),
    mfaRequiredRoles: shape().mfaRequiredRoles.unwrap().optional(),
  }),
);
export type TSecuritySettingsChanges = z.input<typeof ZSecuritySettingsChangesSchema>;

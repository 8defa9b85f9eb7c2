import { z } from 'zod';
import { roleFromProfile, ZRoleSchema } from '../auth/roles';
import { lazySchema } from '../validation/lazy-schema';

/** The user profile the backend returns (spec §3); any role string is coerced as spec §4 "Roles" says. */
export const ZUserProfileSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    email: z.email(),
    firstName: z.string().default(''),
    lastName: z.string().default(''),
    role: z.unknown().transform(roleFromProfile),
    // Backends send a missing phone as null as often as they leave it out.
    phone: z
      .string()
      .nullish()
      .transform((phone) => phone ?? undefined),
  }),
);
export type TUserProfile = z.output<typeof ZUserProfileSchema>;

/** The application user of spec §3; department is always null. */
export const ZApplicationUserSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    name: z.string(),
    email: z.email(),
    role: ZRoleSchema,
    department: z.null(),
  }),
);
export type TApplicationUser = z.infer<typeof ZApplicationUserSchema>;

export type TToApplicationUserOptions = { readonly name?: string | null };

function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** Spec §3: the name falls back to first and last name joined when no explicit name is given. */
export function toApplicationUser(
  profile: Pick<TUserProfile, 'id' | 'email' | 'firstName' | 'lastName' | 'role'>,
  options: TToApplicationUserOptions = {},
): TApplicationUser {
  const explicit = collapseSpaces(options.name ?? '');
  const name = explicit || collapseSpaces(`${profile.firstName} ${profile.lastName}`);
  return { id: profile.id, name, email: profile.email, role: profile.role, department: null };
}

/** How a person is shown beside what they did: their name, or their e-mail when they have none yet. */
export function displayNameOf(user: { readonly name: string; readonly email: string }): string {
  return collapseSpaces(user.name) || user.email;
}

/**
 * A stored user's name as every screen shows it: the explicit name, else first and last name (spec §3), else
 * the e-mail, so that no change or assignment ever reads "by ,".
 */
export function personName(user: {
  readonly name: string | null;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}): string {
  return displayNameOf({
    name: collapseSpaces(user.name ?? '') || collapseSpaces(`${user.firstName} ${user.lastName}`),
    email: user.email,
  });
}

/** OWASP: at least 8 characters, and allow at least 64; no composition rules (spec §5 leaves the policy open). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Length in Unicode code points, as NIST SP 800-63B counts a password (an emoji is one character, not two). */
function codePointLength(text: string): number {
  return [...text].length;
}

/** A password as typed: never trimmed, spaces and any Unicode allowed. */
export const ZPasswordSchema = lazySchema(() =>
  z
    .string()
    .refine((password) => codePointLength(password) >= PASSWORD_MIN_LENGTH, {
      message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    })
    .refine((password) => codePointLength(password) <= PASSWORD_MAX_LENGTH, {
      message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    }),
);

/** The registration payload of spec §3/§7. Role is only a request: the server decides what it grants. */
export const ZRegistrationSchema = lazySchema(() =>
  z.object({
    email: z.string().trim().pipe(z.email()),
    password: ZPasswordSchema,
    name: z.string().trim().min(1).max(200),
    phone: z.string().trim().max(32).optional(),
    role: z.string().optional(),
  }),
);
export type TRegistration = z.infer<typeof ZRegistrationSchema>;

/** The session of spec §3; expiresIn is in seconds. */
export const ZSessionSchema = lazySchema(() =>
  z.object({
    idToken: z.string().min(1),
    accessToken: z.string().min(1),
    refreshToken: z.string().min(1),
    expiresIn: z.number().int().positive(),
  }),
);
export type TSession = z.infer<typeof ZSessionSchema>;

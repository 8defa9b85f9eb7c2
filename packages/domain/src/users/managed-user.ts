import { z } from 'zod';
import { ZRoleSchema } from '../auth/roles';
import { ZLocationIdSchema } from '../registry/locations';
import { lazySchema } from '../validation/lazy-schema';
import { ZPasswordSchema, ZRegistrationSchema } from './user';

/** A staff account as administrators see it (GET /api/v1/users): the server answers it, the web parses it. */
export const ZManagedUserSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    phone: z.string().optional(),
    role: ZRoleSchema,
    emailVerified: z.boolean(),
    mustChangePassword: z.boolean(),
    disabled: z.boolean(),
    /** Issue 39: where they work (their lists start filtered to it); null: every location. */
    homeLocationId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TManagedUser = z.infer<typeof ZManagedUserSchema>;

const ZStaffNameSchema = lazySchema(() => z.string().trim().max(100));

/** A new staff account (POST /api/v1/users): they choose their own password at first sign-in. */
export const ZNewManagedUserSchema = lazySchema(() =>
  z.object({
    email: ZRegistrationSchema.unwrap().shape.email,
    firstName: ZStaffNameSchema.unwrap().min(1),
    lastName: ZStaffNameSchema,
    role: ZRoleSchema,
    phone: ZRegistrationSchema.unwrap().shape.phone,
    temporaryPassword: ZPasswordSchema,
    homeLocationId: ZLocationIdSchema.nullable().optional(),
  }),
);
export type TNewManagedUser = z.infer<typeof ZNewManagedUserSchema>;

/** What an administrator may change on an account (PATCH /api/v1/users/{id}); disabling signs them out. */
export const ZManagedUserChangesSchema = lazySchema(() =>
  z.object({
    role: ZRoleSchema.optional(),
    disabled: z.boolean().optional(),
    firstName: ZStaffNameSchema.unwrap().min(1).optional(),
    lastName: ZStaffNameSchema.optional(),
    phone: ZRegistrationSchema.unwrap().shape.phone.nullable(),
    homeLocationId: ZLocationIdSchema.nullable().optional(),
  }),
);
export type TManagedUserChanges = z.input<typeof ZManagedUserChangesSchema>;

/** The search of GET /api/v1/users: e-mail or name, a page at a time. */
export const ZManagedUserQuerySchema = lazySchema(() =>
  z.object({
    q: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  }),
);
export const ZManagedUserPageSchema = lazySchema(() =>
  z.object({
    items: z.array(ZManagedUserSchema),
    total: z.number().int(),
  }),
);

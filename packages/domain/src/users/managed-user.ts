import { z } from 'zod';
import { ZRoleSchema } from '../auth/roles';

/** A staff account as administrators see it (GET /api/v1/users): the server answers it, the web parses it. */
export const ZManagedUserSchema = z.object({
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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TManagedUser = z.infer<typeof ZManagedUserSchema>;

import { REGISTRY_MANAGER_ROLES } from '@loupe/domain/auth/permissions';
import { z } from 'zod';

/** Registry ids in paths (LOC001, DEPT001, STATION123456); an unknown one answers 404. */
export const ZRegistryIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** What every registry resource shares: its tag, read by everyone signed in, kept by admins and managers. */
export const REGISTRY_RESOURCE = {
  tag: 'registry',
  access: { read: 'signed-in', write: REGISTRY_MANAGER_ROLES },
  params: ZRegistryIdParamsSchema,
} as const;

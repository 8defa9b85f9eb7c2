import { z } from 'zod';

/** Registry ids in paths (LOC001, DEPT001, STATION123456); an unknown one answers 404. */
export const ZRegistryIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

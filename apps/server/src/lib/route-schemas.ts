import { z } from 'zod';

/** The OpenAPI security requirement of the /api/v1 routes: a bearer id token. */
export const bearerDoc = { security: [{ idToken: [] }] };

/** A row's UUID in the path (`/orders/:id`). */
export const ZIdParamsSchema = z.object({ id: z.uuid() });

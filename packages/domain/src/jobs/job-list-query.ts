import { z } from 'zod';
import { ZLocationIdSchema } from '../registry/locations';
import { lazySchema } from '../validation/lazy-schema';
import { ZJobViewSchema } from './job-views';

const ZBooleanQuerySchema = lazySchema(() =>
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
);

/**
 * The query of the orders and of the repairs list, each with its own statuses and sorts: a search, a status,
 * rush and tagged only, a job view, a location, the sort (with its default) and the page.
 */
export function jobListQuerySchema<S extends z.ZodType, O extends z.ZodType>(status: S, sort: O) {
  return z.object({
    q: z.string().trim().max(200).optional(),
    status: status.optional(),
    isRush: ZBooleanQuerySchema,
    tracked: ZBooleanQuerySchema,
    /** Only the open jobs in one of the job views (overdue, due today, at risk…): what a tile's count opens. */
    view: ZJobViewSchema.optional(),
    /** Issue 39: jobs collected at, or standing at, this location (a store's own work). */
    locationId: ZLocationIdSchema.optional(),
    sort,
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(500).optional(),
  });
}

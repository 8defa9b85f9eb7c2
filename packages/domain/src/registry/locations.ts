import { z } from 'zod';
import { ZLocationKindSchema } from '../transfers/transfers';
import { lazySchema } from '../validation/lazy-schema';
import { DEFAULT_LOCATION_ID } from './departments';

/** A site of the workshop. The spec names the default LOC001 but shows no fields; these are Loupe's. */
export const ZLocationIdSchema = lazySchema(() =>
  z.string().regex(/^LOC\d{3,}$/, 'Location id must be LOC plus a sequence number'),
);

export const ZLocationSchema = lazySchema(() =>
  z.object({
    id: ZLocationIdSchema,
    name: z.string().trim().min(1).max(100),
    address: z.string().max(300),
    description: z.string().max(1000),
    /** Workshop, store or outside vendor (issue 39): what transfers to and from it mean. */
    kind: ZLocationKindSchema,
    departmentCount: z.number().int().nonnegative(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TLocation = z.infer<typeof ZLocationSchema>;

export const ZCreateLocationInputSchema = lazySchema(() =>
  z.object({
    name: ZLocationSchema.unwrap().shape.name,
    address: z.string().trim().max(300).optional(),
    description: z.string().trim().max(1000).optional(),
    /** A new location is a workshop unless said otherwise. */
    kind: ZLocationKindSchema.optional(),
  }),
);
export type TCreateLocationInput = z.output<typeof ZCreateLocationInputSchema>;

export const ZUpdateLocationInputSchema = lazySchema(() => ZCreateLocationInputSchema.unwrap().partial());
export type TUpdateLocationInput = z.output<typeof ZUpdateLocationInputSchema>;

/** The location every installation starts with (spec §3, §9). */
export const DEFAULT_LOCATION = { id: DEFAULT_LOCATION_ID, name: 'Main Workshop' } as const;

/** LOC001, LOC002, …: one past the highest existing sequence. */
export function nextLocationId(existingIds: Iterable<string>): string {
  let highest = 0;
  for (const id of existingIds) {
    const match = /^LOC(\d+)$/.exec(id);
    if (match?.[1] !== undefined) highest = Math.max(highest, Number(match[1]));
  }
  return `LOC${String(highest + 1).padStart(3, '0')}`;
}

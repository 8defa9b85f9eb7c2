import { z } from 'zod';
import { ZListQuerySchema } from '../api/list';
import { lazySchema } from '../validation/lazy-schema';

/** What happened to an order or repair; every change is kept with who and when (issue 5 §3). */
export const ITEM_CHANGE_ACTIONS = [
  'created',
  'updated',
  'status-changed',
  'photo-added',
  'photo-removed',
  'epc-assigned',
  'tracking-stopped',
  'expected-offsite-changed',
  // The offsite sweep's detection: with the return, it bounds a vendor leg in the history (analytics rebuild).
  'offsite-detected',
  'returned-from-offsite',
  'phase-changed',
  'phase-assigned',
  // Design requests (issue 17 §3): kept in the order's history.
  'design-requested',
  'design-sent-for-approval',
  'design-approved',
  'design-changes-requested',
] as const;
export const ZItemChangeActionSchema = lazySchema(() => z.enum(ITEM_CHANGE_ACTIONS));
export type TItemChangeAction = z.infer<typeof ZItemChangeActionSchema>;

/** One field's change. */
export const ZFieldChangeSchema = lazySchema(() => z.object({ from: z.unknown(), to: z.unknown() }));

export const ZItemChangeSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    at: z.string(),
    action: ZItemChangeActionSchema,
    actor: z.object({ id: z.string(), name: z.string() }).nullable(),
    changes: z.record(z.string(), ZFieldChangeSchema),
  }),
);
export type TItemChange = z.infer<typeof ZItemChangeSchema>;

/** GET /orders/{id}/history and /repairs/{id}/history: a page at a time, newest first (no search). */
export const ZItemChangeListQuerySchema = lazySchema(() => ZListQuerySchema.unwrap().omit({ q: true }));
export type TItemChangeListQuery = z.output<typeof ZItemChangeListQuerySchema>;

/**
 * The fields whose value differs between before and after, as {from, to}. Only keys of `after` count,
 * so a partial update records only what it was asked to change; values compare by JSON (arrays, dates).
 */
export function diffFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import { like, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { orders, repairs } from '../../db/schema/jobs.ts';

const NEXT_NUMBER = {
  order: sql`select nextval('order_number_seq') as value`,
  repair: sql`select nextval('repair_number_seq') as value`,
} as const satisfies Record<TTrackedItemKind, unknown>;

const ZSequenceSchema = z.object({ rows: z.array(z.object({ value: z.coerce.number().int().positive() })) });

/** The next number of order_number_seq or repair_number_seq (never reused, even when the transaction rolls back). */
export async function nextItemNumber(db: TDatabase, kind: TTrackedItemKind): Promise<number> {
  const result = ZSequenceSchema.parse(await db.execute(NEXT_NUMBER[kind]));
  const value = result.rows[0]?.value;
  if (value === undefined) throw new Error('nextval returned no row');
  return value;
}

/**
 * Whether any order (or repair) already carries a number with this prefix (PREFIX-…), under whichever
 * prefix was set when it was made. A prefix is capitals and digits only, so it has no LIKE wildcard.
 */
export async function isNumberPrefixInUse(
  db: TDatabase,
  kind: TTrackedItemKind,
  prefix: string,
): Promise<boolean> {
  const pattern = `${prefix}-%`;
  const rows =
    kind === 'order'
      ? await db.select({ id: orders.id }).from(orders).where(like(orders.orderNumber, pattern)).limit(1)
      : await db.select({ id: repairs.id }).from(repairs).where(like(repairs.repairNumber, pattern)).limit(1);
  return rows.length > 0;
}

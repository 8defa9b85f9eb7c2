import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1::type[])`: one parameter however many values. drizzle's inArray binds one parameter per
 * value, and a batch of reads looks up thousands of keys: building, sending and planning 2,000 parameters
 * took 20 ms against 3–6 ms for the array, on both engines.
 */
export function anyOf(
  column: Column,
  values: readonly (string | number)[],
  type: 'text' | 'uuid' | 'integer',
): SQL {
  return sql`${column} = any(${sql.param([...values])}::${sql.raw(type)}[])`;
}

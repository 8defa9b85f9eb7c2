/**
 * The row an `insert … returning` of one value gives back. It always has one: none means the database or
 * drizzle broke its word, so it is a bug (a 500), not something the caller answers.
 */
export function insertedRow<T>(rows: readonly T[], table: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`insert into ${table} returned no row`);
  return row;
}

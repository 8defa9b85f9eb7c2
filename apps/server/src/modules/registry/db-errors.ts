/**
 * Whether a failed statement carries this SQLSTATE. Drizzle wraps the driver's error in its own (`cause`);
 * node-postgres and PGlite both put the SQLSTATE in `code`.
 */
function hasSqlState(error: unknown, state: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth += 1) {
    if (typeof current !== 'object') return false;
    if ('code' in current && current.code === state) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** A unique constraint refused the row (23505). */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** A foreign key refused the change (23503): something began to point at the row after it was checked. */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503');

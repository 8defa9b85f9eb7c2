/**
 * The range of a PostgreSQL `integer` column (32-bit signed). Every whole number the API stores in one is
 * bounded to it in its schema, so that a larger value is a 400 rather than a 500 from the database
 * (issue 20 §1).
 */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

import { z } from 'zod';

/**
 * A schema built the first time it parses, not when its module loads: zod's `z.lazy`. Building a zod schema
 * costs tens of microseconds per part; the domain declares some five hundred, and a phone loading one screen
 * built every schema of every module that screen's code imports before drawing anything (some 100 ms of a
 * cold /dashboard's main thread, issue 35 §4), though it parses with a handful. So every schema constant of the
 * domain is declared with this, and `lazy-schema.test.ts` checks that importing the domain builds none.
 *
 * It parses, composes and infers like the schema it wraps; what only that kind of schema has (an object's
 * `shape` or `extend`, an enum's `options`) is reached through `unwrap()`, which builds it.
 */
export function lazySchema<T extends z.ZodType>(build: () => T): z.ZodLazy<T> {
  return z.lazy(build);
}

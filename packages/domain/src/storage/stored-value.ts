import type { z } from 'zod';

/**
 * Stored values (theme, offsite settings and others) fall back to their defaults when missing or
 * unparsable (spec §5). Takes the raw stored string, never throws.
 */
export function parseStoredValue<T>(schema: z.ZodType<T>, raw: string | null | undefined, fallback: T): T {
  if (raw === null || raw === undefined || raw === '') return fallback;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    // Plain strings (a theme stored as `dark`) are valid stored values too.
    json = raw;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : fallback;
}

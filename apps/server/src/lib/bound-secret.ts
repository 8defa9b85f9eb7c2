import { AppError } from '@loupe/domain/errors/errors';
import { destinationOf, SECRET_REQUIRED_MESSAGE } from '@loupe/domain/validation/provider-secret';
import { z } from 'zod';
import type { TSecretBox } from './secret-box.ts';

/**
 * A provider's secret sealed together with the destination it was entered for (issue 34 §2): opened only for
 * that destination, so a stored secret never leaves for another address, whatever path changed the address
 * (a form, an old row, a hand-edited database). The destination is a URL, or a URL with the provider's kind.
 */
const ZBoundSchema = z.object({ for: z.string(), secret: z.string() });

export function sealForDestination(box: TSecretBox, destination: string, secret: string): string {
  return box.seal(JSON.stringify({ for: destinationOf(destination), secret }));
}

/**
 * The secret, when it was sealed for this destination; null when it was sealed for another one, or cannot be
 * opened (SECRET_KEY changed). A value sealed before secrets were bound (a bare string) is taken as bound to
 * the destination stored beside it.
 */
export function openForDestination(box: TSecretBox, sealed: string, destination: string): string | null {
  let plain: string;
  try {
    plain = box.open(sealed);
  } catch {
    return null;
  }
  let bound: z.infer<typeof ZBoundSchema> | null = null;
  try {
    const parsed = ZBoundSchema.safeParse(JSON.parse(plain));
    if (parsed.success) bound = parsed.data;
  } catch {
    // Not JSON: sealed before binding.
  }
  if (bound === null) return plain;
  return bound.for === destinationOf(destination) ? bound.secret : null;
}

/** The refusal of a new address without its secret, under the secret's field (SECRET_REQUIRED). */
export function secretRequired(field: string): AppError {
  return new AppError('SECRET_REQUIRED', SECRET_REQUIRED_MESSAGE, {
    details: { issues: [{ field, message: SECRET_REQUIRED_MESSAGE }] },
  });
}

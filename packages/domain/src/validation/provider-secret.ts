/**
 * Issue 34 §2: a provider's secret (the SMS auth token, the AI key, a webhook's signing secret) is bound to the
 * address it was entered for. Changing the address — or the kind of provider behind it — without entering the
 * secret again would send the stored secret to whoever answers at the new address, so such a change is
 * refused until the secret comes with it (SECRET_REQUIRED) or is removed.
 */

// The WHATWG URL parser exists in every runtime Loupe targets; see url.ts.
declare const URL: new (input: string) => { readonly href: string };

export const SECRET_REQUIRED_MESSAGE =
  'The address changed: enter the secret again for the new address (the stored one stays with the old address)';

/** An address as a secret is bound to it: parsed (case, default ports) and without trailing slashes. */
export function destinationOf(url: string): string {
  let href: string;
  try {
    href = new URL(url.trim()).href;
  } catch {
    href = url.trim();
  }
  return href.replace(/\/+$/, '');
}

export function isSameDestination(a: string, b: string): boolean {
  return destinationOf(a) === destinationOf(b);
}

/** Whether a change must bring the secret again: a secret is stored, the destination moves, none is given. */
export function mustReenterSecret(input: {
  readonly storedDestination: string;
  readonly nextDestination: string;
  readonly hasStoredSecret: boolean;
  /** A new secret, or its removal (null), is part of the change. */
  readonly secretChanged: boolean;
}): boolean {
  return (
    input.hasStoredSecret &&
    !input.secretChanged &&
    !isSameDestination(input.storedDestination, input.nextDestination)
  );
}

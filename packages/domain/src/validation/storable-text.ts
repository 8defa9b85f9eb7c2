/**
 * Text PostgreSQL can store (issue 20 §1). A `text` or `jsonb` value refuses NUL (U+0000), and a lone UTF-16
 * surrogate has no UTF-8 encoding: either would reach the database and come back as a 500, so the server
 * refuses them at the edge, in every parameter, query value, body string and body key.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUL = String.fromCharCode(0);

export const UNSTORABLE_TEXT_MESSAGES = {
  nul: 'must not contain a NUL character',
  loneSurrogate: 'must be valid Unicode text',
} as const;

/** Why `text` cannot be stored, or null when it can. */
export function unstorableTextReason(text: string): string | null {
  if (text.includes(NUL)) return UNSTORABLE_TEXT_MESSAGES.nul;
  if (LONE_SURROGATE.test(text)) return UNSTORABLE_TEXT_MESSAGES.loneSurrogate;
  return null;
}

export type TUnstorableText = { readonly field: string; readonly message: string };

// Deeper than any body Loupe accepts; a hostile body nested further is refused rather than walked.
const MAX_DEPTH = 32;

/**
 * Every string (and object key) in `value` that cannot be stored, named like a validation issue's field
 * (`body.items.2.name`). Stops after `limit` findings.
 */
export function findUnstorableText(value: unknown, path: string, limit = 10): TUnstorableText[] {
  const found: TUnstorableText[] = [];
  const visit = (node: unknown, at: string, depth: number): void => {
    if (found.length >= limit) return;
    if (typeof node === 'string') {
      const reason = unstorableTextReason(node);
      if (reason) found.push({ field: at, message: reason });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (depth > MAX_DEPTH) {
      found.push({ field: at, message: 'is nested too deeply' });
      return;
    }
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(item, `${at}.${index}`, depth + 1);
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      const keyReason = unstorableTextReason(key);
      // The key itself is not shown: it is the bad text.
      if (keyReason) found.push({ field: at, message: `has a key that ${keyReason}` });
      else visit(item, `${at}.${key}`, depth + 1);
    }
  };
  visit(value, path, 0);
  return found;
}

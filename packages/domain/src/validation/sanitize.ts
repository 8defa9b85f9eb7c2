/** The escapes of spec §5 ("The input sanitizer escapes & < > \" ' /"), as OWASP's HTML entity encoding. */
export const HTML_ESCAPES = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '/': '&#x2F;',
} as const satisfies Record<string, string>;

type TEscapedCharacter = keyof typeof HTML_ESCAPES;

const ESCAPED_CHARACTER = /[&<>"'/]/g;

/**
 * Escapes text for HTML. One pass over the input, so an `&` is escaped exactly once and the `&` of an
 * entity this function wrote is never escaped again; text that already holds `&amp;` becomes `&amp;amp;`.
 */
export function sanitizeInput(text: string): string {
  return text.replace(ESCAPED_CHARACTER, (character) => HTML_ESCAPES[character as TEscapedCharacter]);
}

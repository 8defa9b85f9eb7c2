/**
 * Readers batch their events in several ways (docs/architecture.md): one JSON value, a JSON array,
 * newline-separated objects (NDJSON) or objects glued together `}{` without a separator. This splits any
 * of those into top-level JSON texts by tracking depth outside strings, then parses each on its own, so
 * one malformed object is reported without losing its neighbours.
 */
export type TJsonPiece =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

export function parseJsonStream(text: string): TJsonPiece[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  // A whole array is the common case (webhooks): parse it at once and hand out its elements.
  if (trimmed.startsWith('[')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (Array.isArray(value)) return value.map((item) => ({ ok: true, value: item }));
    } catch {
      // Not one valid array: fall through and split what can be split.
    }
  }
  return splitTopLevel(trimmed).map((piece) => {
    try {
      return { ok: true, value: JSON.parse(piece) as unknown };
    } catch (error) {
      return { ok: false, message: `Malformed JSON: ${(error as Error).message}` };
    }
  });
}

function splitTopLevel(text: string): string[] {
  const pieces: string[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (/[\s,]/.test(char)) {
      index += 1;
    } else if (char === '{' || char === '[') {
      const end = endOfValue(text, index);
      pieces.push(text.slice(index, end));
      index = end;
    } else {
      // A stray token between objects: kept as its own piece, so it is reported rather than skipped.
      let end = index;
      while (end < text.length && !/[\s{[]/.test(text[end] ?? '')) end += 1;
      pieces.push(text.slice(index, end));
      index = end;
    }
  }
  return pieces;
}

/** The index just past the object or array opening at `start` (or the end of the text when unterminated). */
function endOfValue(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{' || char === '[') {
      depth += 1;
    } else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return text.length;
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * How many reads a payload holds, counted without parsing it (issue 34 §3): each element of a top-level
 * array, and each other top-level value (an NDJSON line, an object glued `}{`, a stray token), as the
 * adapters would take them one by one. Stops counting past `limit`, so a payload of 349,521 empty objects
 * costs one pass over its bytes up to the limit, not an object each. Malformed text is counted as far as
 * it goes; parsing it later reports what is wrong. Takes the UTF-8 bytes as they came (an MQTT payload) as
 * well as text: JSON's structure is ASCII, which no byte of a multi-byte character can be mistaken for, so
 * a payload refused is never even decoded.
 */
export function countJsonValues(text: string | Uint8Array, limit: number): number {
  const codeAt =
    typeof text === 'string' ? (at: number) => text.charCodeAt(at) : (at: number) => text[at] ?? 0;
  let count = 0;
  let depth = 0;
  let inString = false;
  let isEscaped = false;
  // Inside a top-level array: whether an element has started since '[' or the last ','.
  let isTopArray = false;
  let hasElement = false;
  let isInToken = false;
  for (let index = 0; index < text.length && count <= limit; index += 1) {
    const code = codeAt(index);
    if (inString) {
      if (isEscaped) isEscaped = false;
      else if (code === BACKSLASH) isEscaped = true;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (depth === 0) {
      if (isBlank(code) || code === COMMA) {
        isInToken = false;
        continue;
      }
      if (code === OPEN_BRACKET) {
        isTopArray = true;
        hasElement = false;
        depth = 1;
      } else if (code === OPEN_BRACE || code === QUOTE) {
        count += 1;
        if (code === QUOTE) inString = true;
        else depth = 1;
      } else if (!isInToken && code !== CLOSE_BRACE && code !== CLOSE_BRACKET) {
        // A bare token (number, literal, junk) between values: one piece.
        count += 1;
        isInToken = true;
      }
      continue;
    }
    if (depth === 1 && isTopArray && !hasElement && !isBlank(code) && code !== CLOSE_BRACKET) {
      if (code !== COMMA) {
        count += 1;
        hasElement = true;
      }
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 0) isTopArray = false;
    } else if (code === COMMA && depth === 1 && isTopArray) hasElement = false;
  }
  return Math.min(count, limit + 1);
}

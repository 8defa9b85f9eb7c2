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

/**
 * Where a long identifier may wrap: after `_`, `.`, `/`, `-` or `:` (after a run of them, never
 * before its first letter or after its last), and at camelCase humps (`policy|Name`, `HTTP|Response`).
 * Digits on both sides of a dot stay together (`1.5`, `3.10.2`). Everywhere else the identifier stays
 * whole: a table cell breaks `ACTIVITY_TYPE_CREATE_WALLET` into `ACTIVITY_TYPE_` / `CREATE_WALLET`,
 * never into `ACTIVITY_TYPE_C` / `REATE_WALLET`.
 */
const PUNCTUATION = new Set(['_', '.', '/', '-', ':']);

function isLower(c: string | undefined): boolean {
  return c !== undefined && c >= 'a' && c <= 'z';
}
function isUpper(c: string | undefined): boolean {
  return c !== undefined && c >= 'A' && c <= 'Z';
}
function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}
function isWordChar(c: string | undefined): boolean {
  return isLower(c) || isUpper(c) || isDigit(c);
}

/** True when a line may break between `text[i - 1]` and `text[i]`. */
function breaksBefore(text: string, i: number): boolean {
  const prev = text[i - 1];
  const next = text[i];
  if (prev === undefined || next === undefined) return false;
  if (PUNCTUATION.has(prev)) {
    // After a run of punctuation, between word characters, once the identifier has started.
    if (!isWordChar(next)) return false;
    let start = i - 1;
    while (start > 0 && PUNCTUATION.has(text[start - 1]!)) start -= 1;
    if (!isWordChar(text[start - 1])) return false;
    return !(prev === '.' && isDigit(text[i - 2]) && isDigit(next));
  }
  if (isUpper(next) && (isLower(prev) || isDigit(prev))) return true;
  // The last capital of an acronym starts the next word: HTTP|Response.
  return isUpper(prev) && isUpper(next) && isLower(text[i + 1]) && isUpper(text[i - 2]);
}

/** The text cut at every point where it may wrap; joined, the pieces are the text again. */
export function breakSegments(text: string): string[] {
  const segments: string[] = [];
  let start = 0;
  for (let i = 1; i < text.length; i += 1) {
    if (breaksBefore(text, i)) {
      segments.push(text.slice(start, i));
      start = i;
    }
  }
  segments.push(text.slice(start));
  return segments;
}

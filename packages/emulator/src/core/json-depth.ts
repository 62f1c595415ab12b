/**
 * Deepest nesting of arrays and objects in JSON text, in one pass with no recursion, so a hostile body is measured
 * before JSON.parse and the recursive fingerprint, clone and stringify steps ever see it. Brackets inside strings do not
 * count. Stops counting once `cap` is exceeded: the caller only needs to know that.
 */
export function jsonNestingDepth(text: string, cap: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > cap) return deepest;
      }
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
  }
  return deepest;
}

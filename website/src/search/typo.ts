import {queryTerms} from './text';

/**
 * The typo fallback. Pagefind matches words by prefix but forgives no typo,
 * so when a query finds nothing, each word that is not (the start of) a word
 * of the site is replaced by the closest word of a small vocabulary built
 * with the index (titles and headings, most frequent first).
 */

/**
 * Bounds on the fallback's work, whatever the input: it compares at most
 * this many words of a query, each of at most this many letters (longer
 * ones are names or identifiers, not typos), with each vocabulary word.
 */
export const MAX_CORRECTED_TERMS = 8;
export const MAX_CORRECTED_LENGTH = 32;

/** Edits allowed for a word of this length: none for short words, where a typo is a different word. */
export function allowedEdits(length: number): number {
  if (length < 4 || length > MAX_CORRECTED_LENGTH) return 0;
  if (length < 5) return 1;
  return 2;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev: number[] = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** Length of the longest common subsequence: how much of the typed word survives in a candidate. */
function commonSubsequence(a: string, b: string): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = [0];
    for (let j = 1; j <= b.length; j++) {
      row.push(a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The vocabulary word closest to `word`, or undefined when `word` is already
 * known (it starts a vocabulary word) or nothing is close enough. Ties go to
 * the candidate that keeps more of the typed letters, then to the more
 * frequent word (earlier in the list).
 */
export function closestWord(word: string, vocabulary: readonly string[]): string | undefined {
  const max = allowedEdits(word.length);
  if (max === 0 || vocabulary.some((v) => v.startsWith(word))) return undefined;
  let best: {word: string; distance: number; kept: number} | undefined;
  for (const candidate of vocabulary) {
    const distance = editDistance(word, candidate, max);
    if (distance > max) continue;
    const kept = commonSubsequence(word, candidate);
    if (!best || distance < best.distance || (distance === best.distance && kept > best.kept)) {
      best = {word: candidate, distance, kept};
    }
  }
  return best?.word;
}

/** The query with misspelt words replaced, or undefined when nothing could be corrected. */
export function correctQuery(query: string, vocabulary: readonly string[]): string | undefined {
  let changed = false;
  const terms = queryTerms(query);
  if (terms.length > MAX_CORRECTED_TERMS) return undefined;
  const words = terms.map((term) => {
    const fixed = closestWord(term, vocabulary);
    if (fixed === undefined) return term;
    changed = true;
    return fixed;
  });
  return changed ? words.join(' ') : undefined;
}

import type {TextSegment} from './types';

const entities: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0'};

/** Decodes the character references an engine may leave in an excerpt. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return entities[code.toLowerCase()] ?? whole;
  });
}

/**
 * Turns an engine's excerpt (text with `<mark>` around matches) into plain
 * text segments. Nothing else in it is treated as markup: any other tag is
 * kept as literal text, so the UI renders it as text and never as HTML.
 */
export function parseMarkedExcerpt(excerpt: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let match = false;
  for (const part of excerpt.split(/(<\/?mark>)/i)) {
    if (/^<mark>$/i.test(part)) match = true;
    else if (/^<\/mark>$/i.test(part)) match = false;
    else if (part !== '') push(segments, decodeEntities(part), match);
  }
  return segments;
}

/** The words of a query, lower-cased, as the highlighter and the typo fallback see them. */
export function queryTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t !== '');
}

/** Marks the words of `text` that start with one of the query's terms (engines match by prefix). */
export function highlightTerms(text: string, terms: string[]): TextSegment[] {
  const segments: TextSegment[] = [];
  const wanted = terms.filter((t) => t !== '');
  for (const part of text.split(/([\p{L}\p{N}]+)/u)) {
    if (part === '') continue;
    const lower = part.toLowerCase();
    push(segments, part, wanted.some((t) => lower.startsWith(t)));
  }
  return segments;
}

function push(segments: TextSegment[], text: string, match: boolean): void {
  const last = segments[segments.length - 1];
  if (last && last.match === match) last.text += text;
  else segments.push({text, match});
}

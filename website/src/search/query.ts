/**
 * The longest query searched, wherever it comes from (the input boxes have
 * the same `maxLength`; `?q=` on /search is cut to it): every later step
 * (Pagefind, highlighting, the typo fallback) then works on bounded input.
 */
export const MAX_QUERY_LENGTH = 200;

export function capQuery(query: string): string {
  if (query.length <= MAX_QUERY_LENGTH) return query;
  // By code point, so a cut never splits a surrogate pair; never more than twice the limit is looked at.
  return Array.from(query.slice(0, MAX_QUERY_LENGTH * 2)).slice(0, MAX_QUERY_LENGTH).join('');
}

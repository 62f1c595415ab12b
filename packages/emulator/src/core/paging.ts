// Paging as the document states it: `limit` 1..100 (default 10), and cursors that are positions in the
// list's own order: `after` returns the items that follow the cursor item, `before` the items that
// precede it (the page nearest to the cursor). A cursor naming no item of the list is out of range.
import { ApiError, Code, invalid } from './errors.js';
import { limit as documentLimit } from './document.js';

const DEFAULT = documentLimit<number>('pagination-limit-default');

export function page<T>(items: T[], idOf: (item: T) => string, options: unknown): T[] {
  const { limit = DEFAULT, before, after } = (options ?? {}) as { limit?: number; before?: string; after?: string };
  if (before !== undefined && after !== undefined) throw invalid('paginationOptions', 'paginationOptions: send at most one of before and after');
  const cursor = after ?? before;
  if (cursor === undefined) return items.slice(0, limit);
  const index = items.findIndex((item) => idOf(item) === cursor);
  const field = after !== undefined ? 'paginationOptions.after' : 'paginationOptions.before';
  if (index < 0) {
    throw new ApiError(Code.OUT_OF_RANGE, `${field}: ${cursor} is not an item of this list`, [
      { '@type': 'type.sigil.example/sigil.errors.v1.FieldViolation', field, description: `${cursor} is not an item of this list` },
    ]);
  }
  return after !== undefined ? items.slice(index + 1, index + 1 + limit) : items.slice(Math.max(0, index - limit), index);
}

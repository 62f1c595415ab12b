// Every page the server can read and search: the guides and changelog (from the gathered Markdown) and the API
// reference (made from the API document).
import { apiPages, type IndexedPage } from './api-pages.js';
import type { McpData } from './data.js';
import { DocsSearch } from './search.js';

export const ERRORS_PAGE = '/api-overview/errors';

export interface Corpus {
  pages: IndexedPage[];
  byPath: Map<string, IndexedPage>;
  /** Built on first use. */
  readonly search: DocsSearch;
}

export function buildCorpus(data: McpData): Corpus {
  const pages: IndexedPage[] = [...data.pages.map((page) => ({ ...page, kind: 'guide' as const, names: [] })), ...apiPages(data.document, data.samples)];
  // The word index takes most of a second to build: built at the first search, not before the server answers.
  let search: DocsSearch | undefined;
  return {
    pages,
    byPath: new Map(pages.map((page) => [page.path, page])),
    get search() {
      if (!search) {
        search = new DocsSearch(pages);
        for (const code of data.document['x-error-codes']) search.addName(code.name, ERRORS_PAGE);
      }
      return search;
    },
  };
}

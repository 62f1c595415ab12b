import type {SchemaPageData, SchemaPageGroup} from './types';

/**
 * Schema pages share data files, a few neighbours by name each. Every data
 * file is a module of the route table that every page of the site
 * downloads: one file per schema page (289) cost every page about 10 KB gzip.
 * Sixteen per file keeps a schema page light (about 6 KB gzip of data).
 */
export const SCHEMA_PAGES_PER_FILE = 16;

export function groupSchemaPages(pages: readonly SchemaPageData[]): SchemaPageGroup[] {
  const byName = [...pages].sort((a, b) => a.name.localeCompare(b.name));
  const groups: SchemaPageGroup[] = [];
  for (let first = 0; first < byName.length; first += SCHEMA_PAGES_PER_FILE) groups.push({pages: byName.slice(first, first + SCHEMA_PAGES_PER_FILE)});
  return groups;
}

/** A page's schema, from the data file it shares (the route says which one). */
export function pageOf(group: SchemaPageGroup, pathname: string): SchemaPageData {
  const route = pathname.replace(/\/+$/, '');
  const page = group.pages.find((p) => p.route === route);
  if (!page) throw new Error(`No schema page for ${pathname} in its data file (${group.pages.map((p) => p.name).join(', ')})`);
  return page;
}

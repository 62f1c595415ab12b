import {SECTIONS, type SectionName} from './types';

/**
 * What the engine knows about every indexed page without fetching its
 * fragment. The indexer writes `search-pages.json` next to the Pagefind
 * index: Pagefind's id of each page (its fragment) mapped to the page's path,
 * title, section and kind. With it the engine filters by section, counts
 * results per section, ranks by kind and renders result titles from one
 * small file, instead of loading Pagefind's filter indexes and running a
 * search per filter; fragments are fetched only for the excerpts shown.
 */
export const PAGES_FILE = 'search-pages.json';

export const PAGE_KINDS = ['guide', 'operation', 'schema'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export interface PageInfo {
  url: string;
  title: string;
  section: SectionName;
  kind: PageKind;
}

/** The file's form: id → [path, title, index in SECTIONS, index in PAGE_KINDS]. */
export type PagesFile = Record<string, [string, string, number, number]>;

export function encodePages(pages: ReadonlyMap<string, PageInfo>): PagesFile {
  const out: PagesFile = {};
  for (const [id, p] of [...pages].sort(([a], [b]) => a.localeCompare(b))) {
    out[id] = [p.url, p.title, SECTIONS.indexOf(p.section), PAGE_KINDS.indexOf(p.kind)];
  }
  return out;
}

/** Reads the file defensively: entries with a site path, a title, a known section and kind; anything else is dropped. */
export function parsePages(value: unknown): Map<string, PageInfo> {
  const out = new Map<string, PageInfo>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    if (!Array.isArray(entry) || entry.length !== 4) continue;
    const [url, title, s, k] = entry as unknown[];
    const section = typeof s === 'number' ? SECTIONS[s] : undefined;
    const kind = typeof k === 'number' ? PAGE_KINDS[k] : undefined;
    if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || typeof title !== 'string' || !section || !kind) continue;
    out.set(id, {url, title, section, kind});
  }
  return out;
}

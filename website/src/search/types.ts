/**
 * The one interface the search UI talks to. Two engines implement it: the
 * local Pagefind index built with the site (the default) and a hosted
 * Algolia-compatible service (when a maintainer configures one).
 */
export const SECTIONS = ['Documentation', 'SDKs', 'Solutions', 'API reference', 'Changelog'] as const;
export type SectionName = (typeof SECTIONS)[number];

/** A run of text, highlighted when it matched the query. Never HTML. */
export interface TextSegment {
  text: string;
  match: boolean;
}

/** One place in a page: a section under its headings, or the page itself. */
export interface SearchHit {
  /** Path of the page plus `#anchor` when the hit is a section. */
  url: string;
  /** Headings from the page's h2 down to the matched section; empty for the page itself. */
  headings: string[];
  excerpt: TextSegment[];
}

/** The hits of one page, as the results are grouped. */
export interface ResultGroup {
  /** Path of the page on this site, e.g. `/concepts/wallets`. */
  url: string;
  title: string;
  section: SectionName;
  hits: SearchHit[];
}

export interface SearchOutcome {
  groups: ResultGroup[];
  /** Pages that matched in all (the groups may be fewer, see `limit`). */
  total: number;
  /** Matches per section for the same query without the section filter. */
  sectionCounts: Partial<Record<SectionName, number>>;
  /** Set when nothing matched the query as typed and a corrected spelling was searched instead. */
  correctedQuery?: string;
  /**
   * Set on a preview (see `SearchOptions.onPreview`): the final results, in
   * their final order and counts, whose excerpts and section headings are
   * still loading; each group has one hit, the page itself.
   */
  pending?: boolean;
}

export interface SearchOptions {
  section?: SectionName;
  /** How many pages to return, best first. */
  limit?: number;
  /**
   * Called before the search resolves when the engine already knows the
   * results but not yet their excerpts, so the UI can show them at once.
   * Engines that do not know early never call it. The UI renders the preview
   * before returning (the engine then waits for a paint before its excerpt
   * work, which would otherwise delay the frame that shows the results).
   */
  onPreview?: (outcome: SearchOutcome) => void;
}

export interface SearchEngine {
  search(query: string, options?: SearchOptions): Promise<SearchOutcome>;
  /** Starts fetching what a first search needs (a reader is about to type); optional. */
  preload?(): void;
  /**
   * Starts fetching what a search for `query` needs (its index chunks), at
   * once and without waiting for the UI to render the keystroke; optional,
   * never throws. The search that follows finds them loaded or on the way.
   */
  prepare?(query: string): void;
}

/** What docusaurus.config.ts passes to the browser in `customFields.search`. */
export interface SearchSettings {
  /** Set only when the hosted service is configured. */
  hosted?: HostedSearchSettings;
}

export interface HostedSearchSettings {
  appId: string;
  /** A search-only key: it is public by design and ships in the page. */
  apiKey: string;
  indexName: string;
}

/** Where the reader is, for contextual search (the hosted engine filters on it). */
export interface SearchContext {
  locale: string;
  /** Docusaurus search tags, e.g. `default` and `docs-default-current`. */
  tags: string[];
  /** The site's base URL, e.g. `/`. */
  baseUrl: string;
}

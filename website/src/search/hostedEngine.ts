import {liteClient} from 'algoliasearch/lite';
import {sectionForPath} from './sections';
import {decodeEntities, parseMarkedExcerpt} from './text';
import type {HostedSearchSettings, ResultGroup, SearchContext, SearchEngine, SectionName, TextSegment} from './types';

/**
 * The hosted engine: an Algolia-compatible index of this site (DocSearch
 * record shape), queried with the same contextual filters as Docusaurus's own
 * Algolia integration. Bundled only when a maintainer configures the service
 * (plugins/search-index swaps this module for a stub otherwise).
 */

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
type Level = (typeof LEVELS)[number];

export interface DocSearchRecord {
  url: string;
  type?: string;
  hierarchy: Partial<Record<Level, string | null>>;
  content?: string | null;
  _highlightResult?: {hierarchy?: Partial<Record<Level, {value: string}>>};
  _snippetResult?: {content?: {value: string}};
}

/** The one call this engine makes, so tests can stand in for the network. */
export type HostedSearch = (request: {
  indexName: string;
  query: string;
  facetFilters: (string | string[])[];
  hitsPerPage: number;
}) => Promise<DocSearchRecord[]>;

const MAX_RECORDS = 100;
const MAX_HITS_PER_PAGE = 3;

/** Contextual search as Docusaurus does it: the page's language, and any of its search tags. */
export function contextualFacetFilters(context: SearchContext): (string | string[])[] {
  return [`language:${context.locale}`, context.tags.map((tag) => `docusaurus_tag:${tag}`)];
}

function sitePath(url: string): {path: string; hash: string} {
  // Records hold absolute URLs of the crawled site; readers stay on this one.
  const parsed = new URL(url, 'https://site.invalid');
  return {path: parsed.pathname, hash: parsed.hash};
}

function plain(value: string | null | undefined): string {
  return decodeEntities(value ?? '').trim();
}

function excerptOf(record: DocSearchRecord, level: Level | undefined): TextSegment[] {
  const snippet = record._snippetResult?.content?.value;
  if (snippet) return parseMarkedExcerpt(snippet);
  const heading = level ? record._highlightResult?.hierarchy?.[level]?.value : undefined;
  return heading ? parseMarkedExcerpt(heading) : [];
}

/** Records (one per section of a page) grouped by page, in the order the service ranked them. */
export function groupRecords(records: readonly DocSearchRecord[]): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  for (const record of records) {
    const {path, hash} = sitePath(record.url);
    const levels = LEVELS.slice(2).filter((l) => plain(record.hierarchy[l]) !== '');
    const deepest = levels[levels.length - 1];
    let group = groups.get(path);
    if (!group) {
      group = {url: path, title: plain(record.hierarchy.lvl1) || plain(record.hierarchy.lvl0) || path, section: sectionForPath(path), hits: []};
      groups.set(path, group);
    }
    if (group.hits.length >= MAX_HITS_PER_PAGE) continue;
    group.hits.push({url: path + hash, headings: levels.map((l) => plain(record.hierarchy[l])), excerpt: excerptOf(record, deepest)});
  }
  return [...groups.values()];
}

export function createHostedEngine(settings: HostedSearchSettings, context: SearchContext, run?: HostedSearch): SearchEngine {
  const search: HostedSearch =
    run ??
    (async ({indexName, query, facetFilters, hitsPerPage}) => {
      const client = liteClient(settings.appId, settings.apiKey);
      const {results} = await client.searchForHits<DocSearchRecord>({
        requests: [
          {
            indexName,
            query,
            facetFilters,
            hitsPerPage,
            attributesToSnippet: ['content:24'],
            snippetEllipsisText: '…',
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
          },
        ],
      });
      return results[0]?.hits ?? [];
    });

  return {
    async search(query, options = {}) {
      const records = await search({
        indexName: settings.indexName,
        query,
        facetFilters: contextualFacetFilters(context),
        hitsPerPage: MAX_RECORDS,
      });
      const all = groupRecords(records);
      const sectionCounts: Partial<Record<SectionName, number>> = {};
      for (const g of all) sectionCounts[g.section] = (sectionCounts[g.section] ?? 0) + 1;
      const matching = options.section ? all.filter((g) => g.section === options.section) : all;
      return {groups: matching.slice(0, options.limit ?? 10), total: matching.length, sectionCounts};
    },
  };
}

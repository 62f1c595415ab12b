import {sectionForPath} from './sections';
import {parseMarkedExcerpt, queryTerms} from './text';
import {correctQuery} from './typo';
import type {ResultGroup, SearchEngine, SearchHit, SearchOutcome, SectionName} from './types';
import {SECTIONS} from './types';

/** The parts of Pagefind's browser API this engine uses (pagefind.js has no published types). */
export interface PagefindAnchor {
  element: string;
  id: string;
  text?: string;
  location: number;
}
export interface PagefindSubResult {
  title: string;
  url: string;
  anchor?: PagefindAnchor;
  excerpt: string;
  locations?: number[];
}
export interface PagefindData {
  url: string;
  meta: Record<string, string | undefined>;
  excerpt: string;
  sub_results: PagefindSubResult[];
  anchors?: PagefindAnchor[];
  filters?: Record<string, string[]>;
}
interface PagefindResult {
  id: string;
  score: number;
  data(): Promise<PagefindData>;
}
interface PagefindResponse {
  results: PagefindResult[];
  unfilteredResultCount: number;
  filters: Record<string, Record<string, number>>;
  totalFilters: Record<string, Record<string, number>>;
}
interface PagefindModule {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(term: string, options?: {filters?: Record<string, string>}): Promise<PagefindResponse | null>;
}

/** Written by plugins/search-index next to the index. */
export const VOCABULARY_FILE = 'search-vocabulary.json';
export const MAX_HITS_PER_PAGE = 3;

/**
 * Ranking. A query that looks like a name from the API (`create_wallet`,
 * `createWallet`, `ADDRESS_FORMAT_ETHEREUM`) is after the reference page that
 * defines it: the pages' `keywords` (set by the indexer) count like titles.
 * A query of words is after an explanation: guides come before reference
 * pages that merely share the words (each page's `kind` is a filter).
 * Tuned on tests/search-queries.ts.
 */
export const looksLikeName = (query: string): boolean => /[A-Za-z0-9]_[A-Za-z0-9]|[a-z][A-Z]/.test(query);
const RANKING = {
  names: {metaWeights: {keywords: 10}},
  words: {metaWeights: {keywords: 0}},
};
export const KIND_PRIOR: Record<string, number> = {guide: 1, operation: 0.4, schema: 0.25};

const isHeading = (a: PagefindAnchor): boolean => /^h[2-6]$/i.test(a.element);
const level = (a: PagefindAnchor): number => Number(a.element[1]);
const clean = (text: string): string => text.replace(/\u200b/g, '').trim();

/** The headings above a section (h2 › h3 › …), from the anchors Pagefind recorded for the page. */
export function headingPath(sub: PagefindSubResult, anchors: readonly PagefindAnchor[]): string[] {
  const anchor = sub.anchor;
  if (!anchor || !isHeading(anchor)) return [];
  const path = [clean(sub.title || anchor.text || '')];
  let current = level(anchor);
  const before = anchors.filter((a) => isHeading(a) && a.location < anchor.location).sort((a, b) => b.location - a.location);
  for (const a of before) {
    if (current <= 2) break;
    if (level(a) < current) {
      path.unshift(clean(a.text ?? ''));
      current = level(a);
    }
  }
  return path.filter((h) => h !== '');
}

/** One page of Pagefind results as a group: its best few sections, most matches first. */
export function groupFromPagefind(data: PagefindData): ResultGroup {
  const anchors = data.anchors ?? [];
  const ranked = data.sub_results
    .map((sub, order) => ({sub, order, weight: sub.locations?.length ?? 0}))
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .slice(0, MAX_HITS_PER_PAGE);
  const hits: SearchHit[] = ranked.map(({sub}) => ({
    url: sub.url,
    headings: headingPath(sub, anchors),
    excerpt: parseMarkedExcerpt(sub.excerpt),
  }));
  if (hits.length === 0) hits.push({url: data.url, headings: [], excerpt: parseMarkedExcerpt(data.excerpt)});
  const filtered = data.filters?.['section']?.[0];
  const section = (SECTIONS as readonly string[]).includes(filtered ?? '') ? (filtered as SectionName) : sectionForPath(data.url);
  return {url: data.url, title: clean(data.meta['title'] ?? data.url), section, hits};
}

function sectionCounts(counts: Record<string, number> | undefined): Partial<Record<SectionName, number>> {
  const out: Partial<Record<SectionName, number>> = {};
  for (const section of SECTIONS) {
    const n = counts?.[section];
    if (n) out[section] = n;
  }
  return out;
}

/**
 * Whether the results really contain every (longer) word of the query. For
 * a word it does not know, Pagefind still answers with pages that match a
 * short prefix of it ("pasky" finds "-p"), which is no answer; such results
 * go to the typo fallback as if nothing was found.
 */
export function answersQuery(query: string, groups: readonly ResultGroup[]): boolean {
  const seen = new Set<string>();
  for (const g of groups) {
    for (const w of queryTerms(g.title)) seen.add(lightStem(w));
    for (const h of g.hits) for (const seg of h.excerpt) if (seg.match) for (const w of queryTerms(seg.text)) seen.add(lightStem(w));
  }
  const words = [...seen];
  return queryTerms(query)
    .filter((t) => t.length >= 4 && !/^\d+$/.test(t))
    .every((t) => {
      const stem = lightStem(t);
      return words.some((w) => w.startsWith(stem));
    });
}

/** Just enough English stemming to see "policies" in "policy" and "sessions" in "session". */
export function lightStem(word: string): string {
  return word.replace(/(ies|y)$/, 'i').replace(/(es|s|ing|ed)$/, '');
}

/**
 * The default engine: Pagefind's index, fetched from this site only when the
 * reader first searches. The module is loaded at run time from the built
 * site, outside the bundle.
 */
export function createPagefindEngine(baseUrl: string): SearchEngine {
  const root = `${baseUrl.replace(/\/?$/, '/')}pagefind/`;
  let loading: Promise<PagefindModule> | undefined;
  let attempts = 0;
  let vocabulary: Promise<string[]> | undefined;

  function pagefind(): Promise<PagefindModule> {
    if (!loading) {
      // A failed import stays failed for its URL, so a retry asks for a new one.
      const url = `${root}pagefind.js${attempts > 0 ? `?retry=${attempts}` : ''}`;
      attempts += 1;
      loading = (async () => {
        const mod = (await import(/* webpackIgnore: true */ url)) as PagefindModule;
        // The index is small: searching on the main thread saves fetching a worker script.
        await mod.options({noWorker: true, excerptLength: 24, basePath: root});
        await mod.init();
        return mod;
      })();
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  }

  function words(): Promise<string[]> {
    if (!vocabulary) {
      vocabulary = fetch(`${root}${VOCABULARY_FILE}`).then(async (res) => {
        if (!res.ok) throw new Error(`vocabulary: HTTP ${res.status}`);
        const list: unknown = await res.json();
        return Array.isArray(list) ? list.filter((w): w is string => typeof w === 'string') : [];
      });
      vocabulary.catch(() => {
        vocabulary = undefined;
      });
    }
    return vocabulary;
  }

  // Ranking is global to the module: one search at a time, each with its own settings.
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  interface Ranked {
    response: PagefindResponse;
    ordered: PagefindResult[];
  }

  async function ranked(mod: PagefindModule, query: string, section: SectionName | undefined): Promise<Ranked> {
    return exclusive(async () => {
      const names = looksLikeName(query);
      await mod.options({ranking: names ? RANKING.names : RANKING.words});
      const filters: Record<string, string> = section ? {section} : {};
      const response = await mod.search(query, {filters});
      if (!response) throw new Error('Pagefind returned no response');
      if (names || response.results.length < 2) return {response, ordered: response.results};
      const kinds = new Map<string, string>();
      for (const kind of ['operation', 'schema']) {
        const byKind = await mod.search(query, {filters: {...filters, kind}});
        for (const r of byKind?.results ?? []) kinds.set(r.id, kind);
      }
      const prior = (r: PagefindResult): number => KIND_PRIOR[kinds.get(r.id) ?? 'guide'] ?? 1;
      const ordered = response.results
        .map((r, i) => ({r, i, score: r.score * prior(r)}))
        .sort((a, b) => b.score - a.score || a.i - b.i)
        .map(({r}) => r);
      return {response, ordered};
    });
  }

  async function groupsOf(result: Ranked, limit: number): Promise<ResultGroup[]> {
    return (await Promise.all(result.ordered.slice(0, limit).map((r) => r.data()))).map(groupFromPagefind);
  }

  return {
    async search(query, options = {}): Promise<SearchOutcome> {
      const mod = await pagefind();
      const limit = options.limit ?? 10;
      let result = await ranked(mod, query, options.section);
      let groups = await groupsOf(result, limit);
      let correctedQuery: string | undefined;
      const found = result.response.unfilteredResultCount > 0;
      if (!found || (groups.length > 0 && !answersQuery(query, groups))) {
        const corrected = correctQuery(query, await words());
        if (corrected) {
          const retry = await ranked(mod, corrected, options.section);
          if (retry.response.unfilteredResultCount > 0) {
            result = retry;
            groups = await groupsOf(retry, limit);
            correctedQuery = corrected;
          }
        }
      }
      const counts = result.response.totalFilters['section'] ?? result.response.filters['section'];
      return {
        groups,
        total: result.ordered.length,
        sectionCounts: sectionCounts(counts),
        ...(correctedQuery ? {correctedQuery} : {}),
      };
    },
  };
}

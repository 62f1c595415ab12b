import {NAMES_FILE, pageNamedBy, parseNameIndex, type NameIndex} from './names';
import {PAGES_FILE, parsePages, type PageInfo} from './pages';
import {capQuery} from './query';
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
  search(term: string | null, options?: {filters?: Record<string, string>}): Promise<PagefindResponse | null>;
  preload(term: string): Promise<void>;
}

/** Written by plugins/search-index next to the index. */
export const VOCABULARY_FILE = 'search-vocabulary.json';
export const MAX_HITS_PER_PAGE = 3;

/**
 * Ranking, in three steps. (1) A query that is exactly a name of one page
 * (search-names.json: an operation's API name, SDK method, title, activity
 * type, path or alias; a schema's name or enumeration value; a guide's title)
 * puts that page first. (2) Pagefind scores the rest; an operation's names
 * and aliases (`names`, `aliases`, set by the indexer from the API document)
 * and an enumeration's values (`keywords`) are weighted metadata, above prose
 * that mentions them. (3) A query of words is after an explanation, so guides
 * come before reference pages that merely share the words, and schema pages
 * rank below operations; a query that looks like an API name is after the
 * reference. Tuned on tests/search-queries.ts. The kinds and sections come
 * from search-pages.json (pages.ts), so a query is one Pagefind search.
 */
export const looksLikeName = (query: string): boolean => /[A-Za-z0-9]_[A-Za-z0-9]|[a-z][A-Z]/.test(query);
const RANKING = {
  names: {metaWeights: {title: 5, names: 10, keywords: 10, aliases: 4}},
  words: {metaWeights: {title: 5, names: 1, keywords: 0, aliases: 4}},
};
export const KIND_PRIOR: Record<'words' | 'names', Record<string, number>> = {
  words: {guide: 1, operation: 0.4, schema: 0.25},
  names: {guide: 0.5, operation: 1, schema: 0.6},
};

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

/** Results per section, over every result of the query whatever the section filter (the filters' counts on /search). */
export function sectionCounts(sections: readonly SectionName[]): Partial<Record<SectionName, number>> {
  const out: Partial<Record<SectionName, number>> = {};
  for (const section of sections) out[section] = (out[section] ?? 0) + 1;
  return out;
}

/**
 * Pagefind's results reordered by score × the prior of their kind, ties in
 * Pagefind's order (a stable sort on that product). A broad query has a few
 * hundred results: sorting them costs well under a millisecond at 4x, next
 * to Pagefind's own tens.
 */
export function orderByPrior<T extends {score: number}>(results: readonly T[], priorOf: (result: T) => number): T[] {
  return results
    .map((r, i) => ({r, i, key: r.score * priorOf(r)}))
    .sort((a, b) => b.key - a.key || a.i - b.i)
    .map(({r}) => r);
}

/**
 * An identifier, hash, key or address: one long token with digits and letters
 * (`dGVzdC1jaGFsbGVuZ2U`, a UUID, `0x9f2c…`). Pagefind splits such tokens into
 * pieces and matches a query against the pieces; only the whole token counts.
 */
export function isOpaqueToken(token: string): boolean {
  const core = token.replace(/[^\p{L}\p{N}_-]/gu, '');
  return (core.length >= 12 && /\p{N}/u.test(core) && /\p{L}/u.test(core)) || core.length >= 40;
}

/** The words a marked excerpt really matched: whole opaque tokens, split words otherwise. */
export function matchedWords(segments: readonly {text: string; match: boolean}[]): {words: string[]; tokens: string[]} {
  const words: string[] = [];
  const tokens: string[] = [];
  for (const seg of segments) {
    if (!seg.match) continue;
    for (const token of seg.text.split(/[\s"'`,;:()[\]{}<>=]+/)) {
      if (token === '') continue;
      if (isOpaqueToken(token)) tokens.push(token.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''));
      else words.push(...queryTerms(token).map(lightStem));
    }
  }
  return {words, tokens};
}

/**
 * Whether the results really contain every word of the query (three letters
 * or more). For a word the index does not hold, Pagefind still answers with
 * pages that match a short prefix of it ("assistant" finds "as", "pasky"
 * finds "-p") or a piece of a long identifier ("zzqxvplm" finds a base58
 * address): no answer. A word inside an identifier counts only when the query
 * is the whole identifier.
 */
export function answersQuery(query: string, groups: readonly ResultGroup[]): boolean {
  const words = new Set<string>();
  const tokens = new Set<string>();
  for (const g of groups) {
    for (const w of queryTerms(g.title)) words.add(lightStem(w));
    for (const h of g.hits) {
      const found = matchedWords(h.excerpt);
      for (const w of found.words) words.add(w);
      for (const t of found.tokens) tokens.add(t);
    }
  }
  const seen = [...words];
  return query
    .split(/\s+/)
    .filter((token) => token !== '')
    .every((token) => {
      if (isOpaqueToken(token)) return tokens.has(token.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''));
      return queryTerms(token)
        .filter((t) => t.length >= 3 && !/^\d+$/.test(t))
        .every((t) => {
          const stem = lightStem(t);
          return seen.some((w) => w.startsWith(stem));
        });
    });
}

/** Just enough English stemming to see "policies" in "policy" and "sessions" in "session". */
export function lightStem(word: string): string {
  return word.replace(/(ies|y)$/, 'i').replace(/(es|s|ing|ed)$/, '');
}

/**
 * The groups of a preview: each result's title, section and address from the
 * pages file, with the page itself as its one hit. `answersQuery` counts the
 * words of titles, so a preview it accepts is accepted with the excerpts too.
 */
export function previewGroups(
  results: readonly {id: string}[],
  pages: ReadonlyMap<string, PageInfo>,
  url: (path: string) => string,
): ResultGroup[] {
  return results.flatMap((r) => {
    const page = pages.get(r.id);
    if (!page) return [];
    const at = url(page.url);
    return [{url: at, title: page.title, section: page.section, hits: [{url: at, headings: [], excerpt: []}]}];
  });
}

/**
 * Resolves after the browser has painted what is in the DOM now (or after
 * 50 ms in a hidden tab, where frames stop): a timer set from a frame's
 * animation callback runs once that frame is painted.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 50);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });
}

const byUrl = new WeakMap<ReadonlyMap<string, PageInfo>, Map<string, PageInfo>>();
/** The page of the pages file at `url` (an index by address, built once per pages file). */
export function pageByUrl(pages: ReadonlyMap<string, PageInfo>, url: string): PageInfo | undefined {
  let index = byUrl.get(pages);
  if (!index) {
    index = new Map();
    // The first page at an address wins, as a search through the file in order would find.
    for (const p of pages.values()) if (!index.has(p.url)) index.set(p.url, p);
    byUrl.set(pages, index);
  }
  return index.get(url);
}

/** An empty answer: what a query with no real match gets (the UI then shows "No results for"). */
const NOTHING: SearchOutcome = {groups: [], total: 0, sectionCounts: {}};

/**
 * The default engine: Pagefind's index, fetched from this site only when the
 * reader is about to search (`preload`, on focusing a search box) or first
 * searches. The module is loaded at run time from the built site, outside
 * the bundle.
 */
export function createPagefindEngine(baseUrl: string): SearchEngine {
  const root = `${baseUrl.replace(/\/?$/, '/')}pagefind/`;
  let loading: Promise<PagefindModule> | undefined;
  /** The module once initialised, for `prepare`, which must not wait. */
  let ready: PagefindModule | undefined;
  let attempts = 0;

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
        ready = mod;
        return mod;
      })();
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  }

  /** A JSON file next to the index, fetched once (again after a failure, or when asked for a `fresh` copy). */
  function cachedJson<T>(file: string, parse: (value: unknown) => T): (fresh?: boolean) => Promise<T> {
    let cached: Promise<T> | undefined;
    return (fresh = false) => {
      if (!cached || fresh) {
        cached = fetch(`${root}${file}`, fresh ? {cache: 'reload'} : {}).then(async (res) => {
          if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
          return parse(await res.json());
        });
        cached.catch(() => {
          cached = undefined;
        });
      }
      return cached;
    };
  }
  const words = cachedJson(VOCABULARY_FILE, (list) => (Array.isArray(list) ? list.filter((w): w is string => typeof w === 'string') : []));
  const nameIndex = cachedJson(NAMES_FILE, parseNameIndex);
  const pageIndex = cachedJson(PAGES_FILE, parsePages);

  // Ranking is global to the module: one search at a time, each with its own settings.
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }
  let ranking: keyof typeof RANKING | undefined;
  /** Whether the pages file was fetched again because it lacked pages of the index (a copy cached from an older build). */
  let pagesReloaded = false;

  interface Ranked {
    ordered: PagefindResult[];
    /** Results per section without the section filter, the page a query names included. */
    counts: Partial<Record<SectionName, number>>;
    /** Whether the first result is the page the query names. */
    named: boolean;
    /** Results the pages file does not know (left out). */
    missing: number;
  }

  async function ranked(
    mod: PagefindModule,
    pages: ReadonlyMap<string, PageInfo>,
    query: string,
    section: SectionName | undefined,
    named: string | undefined,
  ): Promise<Ranked> {
    return exclusive(async () => {
      const mode = looksLikeName(query) ? 'names' : 'words';
      if (ranking !== mode) {
        await mod.options({ranking: RANKING[mode]});
        ranking = mode;
      }
      const response = await mod.search(query);
      if (!response) throw new Error('Pagefind returned no response');
      // Every page of the index is in the pages file; a result that is not comes from a stale index and cannot be placed.
      const all = response.results.filter((r) => pages.has(r.id));
      const priors = KIND_PRIOR[mode];
      let ordered = orderByPrior(all, (r) => priors[pages.get(r.id)!.kind] ?? 1);
      const sections = all.map((r) => pages.get(r.id)!.section);
      if (section) ordered = ordered.filter((r) => pages.get(r.id)!.section === section);
      const namedPage = named === undefined ? undefined : pageByUrl(pages, named);
      const missing = response.results.length - all.length;
      if (!namedPage || (section && namedPage.section !== section)) return {ordered, counts: sectionCounts(sections), named: false, missing};
      let own = ordered.find((r) => pages.get(r.id)!.url === namedPage.url);
      if (!own) {
        // Named by an alias the text does not hold: fetch the page by its path (loads the small `page` filter index once).
        const filters = {page: namedPage.url};
        own = (await mod.search(query, {filters}))?.results[0] ?? (await mod.search(null, {filters}))?.results[0];
        if (!own || !pages.has(own.id)) return {ordered, counts: sectionCounts(sections), named: false, missing};
        sections.push(namedPage.section);
      }
      return {ordered: [own, ...ordered.filter((r) => r.id !== own.id)], counts: sectionCounts(sections), named: true, missing};
    });
  }

  async function groupsOf(result: Ranked, limit: number): Promise<ResultGroup[]> {
    return (await Promise.all(result.ordered.slice(0, limit).map((r) => r.data()))).map(groupFromPagefind);
  }

  /** Pagefind's address of a page, as `data()` gives it (the site's base before the path). */
  const pageUrl = (path: string): string => `${baseUrl}/${path}`.replace(/\/+/g, '/');

  const outcomeOf = (result: Ranked, groups: ResultGroup[]): SearchOutcome => ({groups, total: result.ordered.length, sectionCounts: result.counts});

  return {
    preload(): void {
      // Failures are retried by the search itself.
      for (const task of [pagefind(), nameIndex(), pageIndex()]) task.catch(() => undefined);
    },

    prepare(rawQuery): void {
      const query = capQuery(rawQuery).trim();
      // Pagefind's preload runs synchronously up to fetching the query's index chunks, so they are on the way
      // before the UI renders the keystroke; the search itself then waits for the same requests.
      if (ready && query !== '') ready.preload(query).catch(() => undefined);
    },

    async search(rawQuery, options = {}): Promise<SearchOutcome> {
      const query = capQuery(rawQuery).trim();
      if (query === '') return NOTHING;
      const [mod, index, loadedPages] = await Promise.all([pagefind(), nameIndex().catch(() => ({}) as NameIndex), pageIndex()]);
      let pages = loadedPages;
      const limit = options.limit ?? 10;
      const run = async (q: string, preview?: (outcome: SearchOutcome) => void): Promise<{result: Ranked; groups: ResultGroup[]}> => {
        let result = await ranked(mod, pages, q, options.section, pageNamedBy(q, index));
        if (result.missing > 0 && !pagesReloaded) {
          pagesReloaded = true;
          pages = await pageIndex(true);
          result = await ranked(mod, pages, q, options.section, pageNamedBy(q, index));
        }
        if (preview) {
          const early = previewGroups(result.ordered.slice(0, limit), pages, pageUrl);
          // Only when the excerpts cannot change the answer: the query names the page, or the titles alone hold its words.
          if (early.length > 0 && (result.named || answersQuery(q, early))) {
            preview({...outcomeOf(result, early), pending: true});
            // The UI has rendered the preview; fragments already fetched resolve without a task boundary, and
            // their excerpts (tens of ms on a slow phone) would hold back its frame: let it reach the screen first.
            await afterNextPaint();
          }
        }
        return {result, groups: await groupsOf(result, limit)};
      };
      const first = await run(query, options.onPreview);
      if (first.result.named || (first.groups.length > 0 && answersQuery(query, first.groups))) return outcomeOf(first.result, first.groups);
      // Nothing on the site answers the query as typed: try the closest spelling, else say so.
      const corrected = correctQuery(query, await words());
      if (!corrected) return NOTHING;
      const retry = await run(corrected);
      if (retry.groups.length === 0 || !(retry.result.named || answersQuery(corrected, retry.groups))) return NOTHING;
      return {...outcomeOf(retry.result, retry.groups), correctedQuery: corrected};
    },
  };
}

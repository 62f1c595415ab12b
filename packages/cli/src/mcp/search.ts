// search_docs: ranks the guides, the changelog and the API reference pages for a query, offline. It follows the
// site's search (website/plugins/search-index/README.md): a query that is exactly a name a page is *the* page for
// (an operation's API name, SDK method, title, activity type, path or alias; a schema's name; an enumeration
// value; an error code's name; a guide's title) puts that page first; the rest are ranked by their words, titles
// and names weighing most, every query word required; a word no page holds is replaced by the closest word of
// the titles and headings (a typo), and a query with a word that matches nothing finds nothing.
import type { IndexedPage } from './api-pages.js';
import { editDistance, squash } from './openapi.js';

export interface SearchHit {
  path: string;
  title: string;
  kind: IndexedPage['kind'];
  headings: string[];
  excerpt: string;
  score: number;
}

export interface SearchResult {
  hits: SearchHit[];
  /** The query as searched, when a typo was corrected ("walet" -> "wallet"). */
  correctedQuery?: string;
}

const STOP_WORDS = new Set(['a', 'an', 'the', 'of', 'to', 'for', 'and', 'or', 'in', 'on', 'with', 'is', 'are', 'how', 'do', 'i', 'my', 'by', 'from', 'what', 'be']);

/** `wallets` -> `wallet`, `policies` -> `policy`: one form for singular and plural. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** Lower-case word stems; identifiers also give their parts (`createWallet` -> createwallet, create, wallet). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const token of text.match(/[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)*/g) ?? []) {
    // Most words are plain lower case: no parts to split.
    if (/^[a-z0-9]+$/.test(token)) {
      out.push(stem(token));
      continue;
    }
    const parts = token
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .split(/[\s_-]+/)
      .filter(Boolean);
    if (parts.length > 1) out.push(stem(squash(token)));
    for (const part of parts) out.push(stem(part.toLowerCase()));
  }
  return out;
}

interface FieldWeights {
  title: number;
  names: number;
  headings: number;
  description: number;
  body: number;
}
const WEIGHTS: FieldWeights = { title: 12, names: 8, headings: 4, description: 3, body: 1 };
/** Word queries rank guides before reference pages, and schemas below operations (as the site does). */
const KIND_FACTOR: Record<IndexedPage['kind'], number> = { guide: 1, operation: 0.8, schema: 0.45 };

interface IndexedEntry {
  page: IndexedPage;
  headings: string[];
  fields: Record<keyof FieldWeights, Map<string, number>>;
  bodyLength: number;
  titleTerms: Set<string>;
}

function counts(words: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const word of words) map.set(word, (map.get(word) ?? 0) + 1);
  return map;
}

const headingsOf = (markdown: string): string[] => {
  const out: string[] = [];
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = !fence && /^#{2,4}\s+(.+)$/.exec(line);
    if (heading) out.push(heading[1]!.replace(/\s*\{#[^}]+\}\s*$/, '').trim());
  }
  return out;
};

export class DocsSearch {
  private readonly entries: IndexedEntry[];
  private readonly documentFrequency = new Map<string, number>();
  /** Words of titles, headings and names: what a typo is corrected to. */
  private readonly vocabulary: string[];
  private readonly names = new Map<string, IndexedPage>();
  private readonly schemaNames = new Map<string, IndexedPage>();
  private readonly averageBody: number;

  constructor(pages: IndexedPage[]) {
    this.entries = pages.map((page) => {
      const headings = headingsOf(page.markdown);
      const body = terms(page.markdown);
      const entry: IndexedEntry = {
        page,
        headings,
        fields: {
          title: counts(terms(page.title)),
          names: counts([...page.names, ...page.keywords].flatMap(terms)),
          headings: counts(headings.flatMap(terms)),
          description: counts(terms(page.description)),
          body: counts(body),
        },
        bodyLength: body.length,
        titleTerms: new Set(terms(page.title)),
      };
      const seen = new Set<string>();
      for (const field of Object.values(entry.fields)) for (const word of field.keys()) seen.add(word);
      for (const word of seen) this.documentFrequency.set(word, (this.documentFrequency.get(word) ?? 0) + 1);
      return entry;
    });
    this.averageBody = this.entries.reduce((sum, e) => sum + e.bodyLength, 0) / Math.max(this.entries.length, 1);
    const vocabulary = new Set<string>();
    for (const e of this.entries) for (const field of [e.fields.title, e.fields.headings, e.fields.names]) for (const word of field.keys()) vocabulary.add(word);
    this.vocabulary = [...vocabulary].filter((w) => /^[a-z]+$/.test(w) && w.length <= 32);
    this.buildNames();
  }

  /** Names a page is the page for. A name two pages of the same standing claim names neither. */
  private buildNames(): void {
    const claims = new Map<string, { rank: number; pages: Set<IndexedPage> }>();
    const claim = (name: string, page: IndexedPage, rank: number) => {
      const key = squash(name);
      if (key.length < 3) return;
      const current = claims.get(key);
      if (!current || rank < current.rank) claims.set(key, { rank, pages: new Set([page]) });
      else if (rank === current.rank) current.pages.add(page);
    };
    for (const { page } of this.entries) {
      if (page.kind === 'operation') {
        claim(page.title, page, 1);
        for (const name of page.names) {
          claim(name, page, 1);
          // A versioned activity type is also searched without its version (ACTIVITY_TYPE_CREATE_POLICY).
          if (/_V\d+$/.test(name)) claim(name.replace(/_V\d+$/, ''), page, 2);
        }
      } else if (page.kind === 'schema') {
        // A schema's own name is looked up apart (only for queries written as a name); here its enumeration values.
        this.schemaNames.set(squash(page.names[0]!), page);
        for (const value of page.names.slice(1)) claim(value, page, 2);
      } else {
        // A guide's title names the guide first: "Email recovery" is the guide, not the operation aliased so.
        claim(page.title, page, 0);
        if (/^[A-Za-z]+s$/.test(page.title)) claim(page.title.slice(0, -1), page, 3);
        // "Policies overview", "Passkeys introduction": the subject alone names the page too, if nothing else claims it.
        const subject = /^(.+) (overview|introduction)$/i.exec(page.title)?.[1];
        if (subject) claim(subject, page, 3);
      }
    }
    for (const [key, { pages }] of claims) if (pages.size === 1) this.names.set(key, [...pages][0]!);
  }

  /** Error code names claim the errors page (the page with the table of codes). */
  addName(name: string, path: string): void {
    const entry = this.entries.find((e) => e.page.path === path);
    if (entry) this.names.set(squash(name), entry.page);
  }

  private correct(word: string): string | undefined {
    if (this.documentFrequency.has(word)) return word;
    if (word.length < 4 || !/^[a-z]+$/.test(word)) return undefined;
    const max = word.length >= 5 ? 2 : 1;
    let best: { word: string; distance: number; frequency: number } | undefined;
    for (const candidate of this.vocabulary) {
      const distance = editDistance(word, candidate, max);
      if (distance > max) continue;
      const frequency = this.documentFrequency.get(candidate) ?? 0;
      if (!best || distance < best.distance || (distance === best.distance && frequency > best.frequency)) best = { word: candidate, distance, frequency };
    }
    return best?.word;
  }

  search(query: string, limit = 10): SearchResult {
    const text = query.slice(0, 200).trim();
    if (!text) return { hits: [] };
    // A query written as a name (one CamelCase word: `ActivityStatus`) names a schema before anything else.
    const asSchemaName = /^[A-Z][A-Za-z0-9]*[a-z][A-Z][A-Za-z0-9]*$/.test(text) ? this.schemaNames.get(squash(text)) : undefined;
    const namedPage = asSchemaName ?? this.names.get(squash(text));

    const raw = [...new Set(terms(text))];
    const meaningful = raw.filter((w) => !STOP_WORDS.has(w));
    const wanted = meaningful.length ? meaningful : raw;
    // An identifier's whole form (createwallet) is optional when its parts are in the query too.
    const parts = new Set(terms(text.replace(/[_-]/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2')));
    const required: string[] = [];
    const corrected: string[] = [];
    let changed = false;
    for (const word of wanted) {
      if (!parts.has(word) && parts.size > 0 && !this.documentFrequency.has(word)) continue;
      const fixed = this.correct(word);
      if (!fixed) return namedPage ? { hits: [this.hit(namedPage, [], 1)] } : { hits: [] };
      if (fixed !== word) changed = true;
      corrected.push(fixed);
      required.push(fixed);
    }
    const scored: Array<{ entry: IndexedEntry; score: number }> = [];
    const total = this.entries.length;
    for (const entry of this.entries) {
      let score = 0;
      let all = true;
      for (const word of required) {
        const df = this.documentFrequency.get(word) ?? 0;
        const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
        let weighted = 0;
        for (const field of Object.keys(WEIGHTS) as Array<keyof FieldWeights>) {
          const tf = entry.fields[field].get(word) ?? 0;
          if (!tf) continue;
          const norm = field === 'body' ? 1.2 * (0.25 + 0.75 * (entry.bodyLength / this.averageBody)) : 1.2;
          weighted += (WEIGHTS[field] * tf * 2.2) / (tf + norm);
        }
        if (weighted === 0) {
          all = false;
          break;
        }
        score += idf * weighted;
      }
      if (!all || score === 0) continue;
      // Every query word in the title: the page is about the query.
      if (required.every((w) => entry.titleTerms.has(w))) score *= 1 + 1 / Math.max(entry.titleTerms.size, 1) + 0.5;
      scored.push({ entry, score: score * KIND_FACTOR[entry.page.kind] });
    }
    scored.sort((a, b) => b.score - a.score || a.entry.page.path.localeCompare(b.entry.page.path));
    const ranked = scored.map((s) => s.entry.page);
    const ordered = namedPage ? [namedPage, ...ranked.filter((p) => p !== namedPage)] : ranked;
    const scores = new Map(scored.map((s) => [s.entry.page, s.score]));
    return {
      hits: ordered.slice(0, limit).map((page) => this.hit(page, required, scores.get(page) ?? Infinity)),
      ...(changed ? { correctedQuery: corrected.join(' ') } : {}),
    };
  }

  private hit(page: IndexedPage, words: string[], score: number): SearchHit {
    const entry = this.entries.find((e) => e.page === page)!;
    return { path: page.path, title: page.title, kind: page.kind, headings: entry.headings.slice(0, 12), excerpt: excerpt(page, words), score: Number.isFinite(score) ? Math.round(score * 100) / 100 : 1000 };
  }
}

/** The first paragraph line that holds a query word (else the description), cut to about 240 characters. */
function excerpt(page: IndexedPage, words: string[]): string {
  let fence = false;
  for (const line of page.markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (fence || /^\s*(#|\||```)/.test(line) || !line.trim()) continue;
    const lineTerms = new Set(terms(line));
    if (words.some((w) => lineTerms.has(w))) return shorten(line.trim());
  }
  return shorten(page.description || page.markdown.split('\n').find((l) => l.trim() && !l.startsWith('#')) || '');
}

const shorten = (text: string) => (text.length > 240 ? `${text.slice(0, 237).replace(/\s+\S*$/, '')}…` : text);

import {MIN_NAME_LENGTH, NAME_ONLY_PREFIX, squash, type NameIndex} from '../../src/search/names';
import {sectionForPath} from '../../src/search/sections';
import {decodeEntities, queryTerms} from '../../src/search/text';
import type {OperationNames} from './apiNames';

/**
 * What goes into the search index, decided from the built HTML. Pagefind
 * indexes each page's <main> (see `indexOptions`); this module picks the
 * pages, tags each with its section and collects the typo vocabulary.
 */

/**
 * Pagefind options: index the main content only, never what surrounds or
 * operates it (navigation, breadcrumbs, the page-action menus, the footer).
 * The components also mark these `data-pagefind-ignore`; the list here keeps
 * them out even when a theme update renames a class.
 */
export const indexOptions = {
  rootSelector: 'main',
  excludeSelectors: [
    'nav',
    'aside',
    'footer',
    '.navbar',
    '.theme-doc-sidebar-container',
    '.theme-doc-breadcrumbs',
    '[role="menu"]',
    '[data-md-omit]', // page actions and interactive widgets, also left out of the Markdown twins
    '.theme-doc-toc-desktop',
    '.theme-doc-toc-mobile',
    '.theme-doc-footer',
    '.theme-doc-version-banner',
    '.theme-doc-version-badge',
    '.theme-edit-url',
    '.hash-link',
    '.pagination-nav',
    'button',
    '[data-diagram]', // a diagram's labels: the prose around it says the same in sentences
  ],
  forceLanguage: 'en',
};

/** Pages that are not reading material: the index would only send readers in circles. */
const skipped: RegExp[] = [
  /^\/404$/, // not-found page
  /^\/search$/, // the search page itself
  /^\/__tests__(\/|$)/, // end-to-end fixtures
  /^\/category\//, // generated category indexes: lists of other pages' descriptions
  /^\/changelog\/page\/\d+$/, // further changelog listing pages: the posts are indexed one by one
  /^\/changelog\/(tags|archive|authors)(\/|$)/,
  /^\/markdown-page$/, // the writers' formatting showcase
];

/** The site path of a built HTML file, as Docusaurus links to it (no trailing slash). */
export function pageUrl(relativeFile: string): string {
  const path = relativeFile.split('\\').join('/').replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return `/${path}`.replace(/\/$/, '') || '/';
}

export function isIndexed(url: string): boolean {
  return !skipped.some((re) => re.test(url));
}

/** The value of an attribute in a (minified, possibly unquoted) start tag. */
function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i').exec(tag);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? '') : undefined;
}

function mainOf(html: string): string {
  return /<main\b[\s\S]*<\/main>/i.exec(html)?.[0] ?? '';
}

const camel = (snake: string): string => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Names this page is the reference for, searched as the page's `keywords`
 * (ranked like its title): an operation page's API name and SDK method
 * (`sign_raw_payload`, `signRawPayload`), an enumeration's values
 * (`ADDRESS_FORMAT_ETHEREUM` on AddressFormat), and any `keywords` a page
 * declares in its front matter.
 */
export function pageKeywords(html: string, url: string): string[] {
  const words = new Set<string>();
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (attribute(tag, 'name') === 'keywords') {
      for (const k of (attribute(tag, 'content') ?? '').split(',')) if (k.trim()) words.add(k.trim());
    }
  }
  const main = mainOf(html);
  const schema = /^\/api\/schemas\/([a-z0-9-]+)$/.exec(url);
  const operation = /^\/api\/[a-z0-9-]+\/[a-z0-9-]+$/.test(url) && !schema;
  if (schema) {
    const prefix = `${schema[1]!.toUpperCase().replace(/-/g, '_')}_`;
    for (const m of main.matchAll(new RegExp(`\\b${prefix}[A-Z0-9_]+\\b`, 'g'))) words.add(m[0]);
  } else if (operation) {
    const name = operationNameOf(html);
    if (name) {
      words.add(name);
      words.add(camel(name));
    }
  }
  return [...words];
}

/** The API name of an operation page: its own path comes first on it. */
export function operationNameOf(html: string): string | undefined {
  return /\/public\/v1\/(?:query|submit)\/([a-z0-9_]+)/.exec(mainOf(html))?.[1];
}

/** The page's title as the index shows it: its h1, else the browser tab's title without the site name. */
export function pageTitle(html: string): string | undefined {
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(mainOf(html))?.[1];
  if (h1 !== undefined) return stripTags(h1).replace(/\u200b/g, '').replace(/\s+/g, ' ').trim();
  const tab = /<title\b[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  return tab === undefined ? undefined : decodeEntities(tab).replace(/ \| [^|]*$/, '').trim();
}

/** The searchable names of an operation, as written in the API document. */
export function operationTerms(op: OperationNames): string[] {
  const terms = [op.name, op.camel, op.path];
  if (op.activityType) terms.push(op.activityType);
  return terms;
}

/**
 * What sort of page this is, for ranking (a Pagefind filter): words find
 * guides before the reference, names find the reference page that defines them.
 */
export type PageKind = 'guide' | 'operation' | 'schema';

export function pageKind(url: string): PageKind {
  if (/^\/api\/schemas\/[^/]+$/.test(url)) return 'schema';
  if (/^\/api\/[^/]+\/[^/]+$/.test(url)) return 'operation';
  return 'guide';
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The HTML Pagefind reads for a page: the file as built, with the page's
 * section (a filter) and keywords (searchable metadata) inside <main>.
 * Undefined when the page has no <main>.
 */
export function htmlForIndex(html: string, url: string, operations?: ReadonlyMap<string, OperationNames>): string | undefined {
  const open = /<main\b[^>]*>/i.exec(html);
  if (!open) return undefined;
  const at = open.index + open[0].length;
  const kind = pageKind(url);
  let added = `<meta data-pagefind-filter="section[content]" content="${sectionForPath(url)}">`;
  added += `<meta data-pagefind-filter="kind[content]" content="${kind}">`;
  // Lets the engine fetch the page a query names exactly (search-names.json) by its path.
  added += `<meta data-pagefind-filter="page[content]" content="${escapeAttribute(url)}">`;
  const op = kind === 'operation' ? operations?.get(operationNameOf(html) ?? '') : undefined;
  if (op) {
    // Searchable and weighted (see RANKING in src/search/pagefindEngine.ts), never shown.
    added += `<meta data-pagefind-meta="names[content]" content="${escapeAttribute(operationTerms(op).join(' '))}">`;
    if (op.aliases.length > 0) added += `<meta data-pagefind-meta="aliases[content]" content="${escapeAttribute(op.aliases.join(', '))}">`;
  }
  // Pagefind titles a page by its first h1 as it parses it; set here, the title survives markup it misreads.
  const title = pageTitle(html);
  if (title) added += `<meta data-pagefind-meta="title[content]" content="${escapeAttribute(title)}">`;
  const keywords = op ? [] : pageKeywords(html, url);
  if (keywords.length > 0) added += `<meta data-pagefind-meta="keywords[content]" content="${escapeAttribute(keywords.join(' '))}">`;
  return separateCells(html.slice(0, at) + added + html.slice(at));
}

/**
 * A separator between table cells and between list items, so excerpts read
 * "Wallet · Private key · What Sigil holds" instead of "WalletPrivate keyWhat
 * Sigil holds" (Pagefind joins the text of adjacent cells as written). It goes
 * before each cell's start tag but the first of a row: the built HTML leaves
 * out optional end tags.
 */
export function separateCells(html: string): string {
  return html
    .replace(/(<tr\b[^>]*>)?(<t[dh]\b)/gi, (whole, row: string | undefined, cell: string) => (row ? whole : ` · ${cell}`))
    .replace(/<(li|dt|dd)\b/gi, ' <$1');
}

/** How strongly a page owns a name: a lower tier wins a name two pages claim. */
export enum NameTier {
  ApiName = 0,
  Title = 1,
  GuideTitle = 2,
  Alias = 3,
  EnumValue = 4,
}

export interface NameClaim {
  name: string;
  url: string;
  tier: NameTier;
  /**
   * Names only when the query is written as a name (`WalletAccount`,
   * `Wallet`, `wallet_account`), not as an everyday word: "wallet" is after
   * the concept, not the Wallet schema.
   */
  asName?: boolean;
  /** Breaks a tie within a tier: ADDRESS_FORMAT_ETHEREUM belongs to AddressFormat (longer prefix), not Address. */
  specificity?: number;
}

/** The names a page claims for search-names.json (see src/search/names.ts). */
export function nameClaims(
  html: string,
  url: string,
  operations?: ReadonlyMap<string, OperationNames>,
  errorCodes: readonly string[] = [],
): NameClaim[] {
  const kind = pageKind(url);
  const claims: NameClaim[] = [];
  const claim = (name: string, tier: NameTier, asName = false, specificity = 0): void =>
    void claims.push({name, url, tier, ...(asName ? {asName} : {}), ...(specificity ? {specificity} : {})});
  const title = pageTitle(html);
  if (kind === 'operation') {
    const op = operations?.get(operationNameOf(html) ?? '');
    if (op) {
      for (const term of operationTerms(op)) claim(term, NameTier.ApiName);
      // The activity type without its version: ACTIVITY_TYPE_CREATE_POLICY for ..._V3.
      if (op.activityType) claim(op.activityType.replace(/_V\d+$/, ''), NameTier.ApiName);
      claim(op.title, NameTier.Title);
      for (const alias of op.aliases) claim(alias, NameTier.Alias);
    } else if (title) claim(title, NameTier.Title);
  } else if (kind === 'schema') {
    if (title) claim(title, NameTier.ApiName, true);
    const prefix = url.slice(url.lastIndexOf('/') + 1).length;
    for (const value of pageKeywords(html, url)) claim(value, NameTier.EnumValue, false, prefix);
  } else {
    if (title) claim(title, NameTier.GuideTitle);
    // A page titled with one plural word ("Wallets") is also the page for the singular.
    const plural = title ? /^([A-Za-z]{3,}[^s])s$/.exec(title) : null;
    if (plural) claim(plural[1]!, NameTier.GuideTitle);
    // The page with the table of error codes is the page for each code's name.
    if (/\sid="?error-codes\b/.test(mainOf(html))) for (const name of errorCodes) claim(name, NameTier.ApiName);
  }
  return claims;
}

/**
 * One page per name: the lowest tier wins; a name claimed by several pages
 * of its best tier names none of them (two guides both titled "Overview").
 */
export function buildNameIndex(claims: Iterable<NameClaim>): NameIndex {
  const best = new Map<string, {tier: NameTier; specificity: number; urls: Set<string>}>();
  for (const c of claims) {
    const squashed = squash(c.name);
    if (squashed.length < MIN_NAME_LENGTH) continue;
    const key = c.asName ? `${NAME_ONLY_PREFIX}${squashed}` : squashed;
    const current = best.get(key);
    const specificity = c.specificity ?? 0;
    if (!current || c.tier < current.tier || (c.tier === current.tier && specificity > current.specificity)) {
      best.set(key, {tier: c.tier, specificity, urls: new Set([c.url])});
    } else if (c.tier === current.tier && specificity === current.specificity) current.urls.add(c.url);
  }
  const index: NameIndex = {};
  for (const [key, {urls}] of [...best.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (urls.size === 1) index[key] = [...urls][0]!;
  }
  return index;
}

function stripTags(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '));
}

/** The words of a page's title and its h1-h3 headings inside <main>, for the typo vocabulary. */
export function headingWords(html: string): string[] {
  const main = mainOf(html);
  const words: string[] = [];
  for (const m of main.matchAll(/<h([1-3])\b[^>]*>([\s\S]*?)<\/h\1>/gi)) {
    words.push(...queryTerms(stripTags(m[2] ?? '')));
  }
  return words;
}

/** Distinct words, most frequent first; short words and numbers are left out (the fallback never corrects them). */
export function buildVocabulary(words: Iterable<string>, max = 4000): string[] {
  const counts = new Map<string, number>();
  for (const w of words) {
    if (w.length < 3 || /^\d+$/.test(w)) continue;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([w]) => w);
}

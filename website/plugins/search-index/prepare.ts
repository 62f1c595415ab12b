import {sectionForPath} from '../../src/search/sections';
import {decodeEntities, queryTerms} from '../../src/search/text';

/**
 * What goes into the search index, decided from the built HTML. Pagefind
 * indexes each page's <main> (see `indexOptions`); this module picks the
 * pages, tags each with its section and collects the typo vocabulary.
 */

/** Pagefind options: index the main content only, never navigation around it. */
export const indexOptions = {
  rootSelector: 'main',
  excludeSelectors: [
    'nav',
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
    // The operation's own path comes first on its page.
    const name = /\/public\/v1\/(?:query|submit)\/([a-z0-9_]+)/.exec(main)?.[1];
    if (name) {
      words.add(name);
      words.add(camel(name));
    }
  }
  return [...words];
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
export function htmlForIndex(html: string, url: string): string | undefined {
  const open = /<main\b[^>]*>/i.exec(html);
  if (!open) return undefined;
  const at = open.index + open[0].length;
  let added = `<meta data-pagefind-filter="section[content]" content="${sectionForPath(url)}">`;
  added += `<meta data-pagefind-filter="kind[content]" content="${pageKind(url)}">`;
  // Pagefind titles a page by its first h1; a listing without one is titled as the browser tab is.
  const main = mainOf(html);
  const tabTitle = /<title\b[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  if (!/<h1\b/i.test(main) && tabTitle) {
    const title = decodeEntities(tabTitle).replace(/ \| [^|]*$/, '').trim();
    added += `<meta data-pagefind-meta="title[content]" content="${escapeAttribute(title)}">`;
  }
  const keywords = pageKeywords(html, url);
  if (keywords.length > 0) added += `<meta data-pagefind-meta="keywords[content]" content="${escapeAttribute(keywords.join(' '))}">`;
  return html.slice(0, at) + added + html.slice(at);
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

/**
 * The internal references of built HTML pages: every address a page links to
 * or loads (links, scripts, stylesheets, images, icons, feeds, canonical and
 * social-card URLs), resolved against the page's own address. The site's
 * public URL counts as internal (canonical links point there).
 */
import {load} from 'cheerio';
import {AFTER_PAINT_LIST_ID, scriptsAfterFirstPaint} from '../../plugins/chunks/after-first-paint';

export interface Reference {
  /** Path and query on the site, e.g. `/concepts/wallets` or `/assets/js/main.1a2b.js`. */
  target: string;
  /** The fragment without `#`, decoded, or undefined. */
  fragment?: string;
  /** What referenced it, for messages: `a[href]`, `img[src]`, … */
  via: string;
}

const ATTRIBUTES: Array<[selector: string, attribute: string]> = [
  ['a[href]', 'href'],
  ['area[href]', 'href'],
  ['link[href]', 'href'],
  ['script[src]', 'src'],
  ['img[src]', 'src'],
  ['source[src]', 'src'],
  ['video[src]', 'src'],
  ['video[poster]', 'poster'],
  ['audio[src]', 'src'],
  ['iframe[src]', 'src'],
  ['object[data]', 'data'],
  ['use[href]', 'href'],
  ['image[href]', 'href'],
  ['form[action]', 'action'],
  ['meta[property="og:image"]', 'content'],
  ['meta[property="og:url"]', 'content'],
  ['meta[name="twitter:image"]', 'content'],
];
const SRCSETS = ['img[srcset]', 'source[srcset]'];

/**
 * Internal references of one page. `pagePath` is the address the page is
 * served at; `siteUrl` the public origin the build was made for.
 */
export function internalReferences(html: string, pagePath: string, origin: string, siteUrl: string): Reference[] {
  const $ = load(html);
  const base = new URL(pagePath, origin);
  const site = new URL(siteUrl).origin;
  const out: Reference[] = [];
  const add = (raw: string | undefined, via: string) => {
    const value = raw?.trim();
    if (!value || /^(mailto|tel|javascript|data|blob|about):/i.test(value)) return;
    let url: URL;
    try {
      url = new URL(value, base);
    } catch {
      out.push({target: value, via: `${via} (not a URL)`});
      return;
    }
    if (url.origin !== base.origin && url.origin !== site) return; // another host: not ours to check
    const fragment = url.hash ? decodeURIComponent(url.hash.slice(1)) : undefined;
    out.push({target: url.pathname + url.search, fragment: fragment || undefined, via});
  };
  for (const [selector, attribute] of ATTRIBUTES) {
    $(selector).each((_, el) => add($(el).attr(attribute), `${selector.replace(/\[.*$/, '')}[${attribute}]`));
  }
  for (const selector of SRCSETS) {
    $(selector).each((_, el) => {
      for (const candidate of ($(el).attr('srcset') ?? '').split(',')) add(candidate.trim().split(/\s+/)[0], `${selector}`);
    });
  }
  // The scripts a page starts after its first paint are listed as data (plugins/chunks/after-first-paint.ts).
  for (const script of scriptsAfterFirstPaint(html) ?? []) add(script, `script#${AFTER_PAINT_LIST_ID}`);
  return out;
}

/** Every `id` (and legacy `a[name]`) of a page: the fragments a link may point to. */
export function anchorsOf(html: string): Set<string> {
  const $ = load(html);
  const ids = new Set<string>();
  $('[id]').each((_, el) => void ids.add($(el).attr('id')!));
  $('a[name]').each((_, el) => void ids.add($(el).attr('name')!));
  return ids;
}

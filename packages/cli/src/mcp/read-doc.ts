// read_doc: a page's Markdown by its path or URL (a site URL, its Markdown twin `.md`, or a bare path), whole or
// one section.
import type { IndexedPage } from './api-pages.js';
import type { Corpus } from './corpus.js';
import { closest } from './openapi.js';

/** `https://docs.sigil.example/features/sessions.md#ttl` -> { path: '/features/sessions', anchor: 'ttl' }. */
export function pagePath(reference: string): { path: string; anchor?: string } {
  let text = reference.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(text);
  if (scheme) text = text.slice(scheme[0].length);
  const hash = text.indexOf('#');
  const anchor = hash >= 0 ? text.slice(hash + 1) : undefined;
  if (hash >= 0) text = text.slice(0, hash);
  text = text.replace(/\?.*$/, '').replace(/^\/?docs\//, '/');
  if (!text.startsWith('/')) text = `/${text}`;
  text = text.replace(/(\/index)?\.(md|mdx)$/, '').replace(/\/+$/, '') || '/';
  return anchor ? { path: text, anchor } : { path: text };
}

/** Docusaurus-style heading anchor: lower case, punctuation dropped, spaces to hyphens; `{#id}` wins. */
export function headingSlug(heading: string): string {
  const explicit = /\{#([^}]+)\}\s*$/.exec(heading);
  if (explicit) return explicit[1]!;
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function findPage(corpus: Corpus, reference: string): IndexedPage {
  const { path } = pagePath(reference);
  const page = corpus.byPath.get(path) ?? corpus.byPath.get(path.toLowerCase()) ?? [...corpus.byPath.values()].find((p) => p.path.toLowerCase() === path.toLowerCase());
  if (page) return page;
  const suggestions = closest(path, [...corpus.byPath.keys()], 3);
  throw new Error(`No page at "${path}". Closest paths: ${suggestions.join(', ')}. Use search_docs to find a page by its subject.`);
}

/** One section of a page: from its heading to the next heading of the same or a higher level. */
export function sectionOf(page: IndexedPage, section: string): string {
  const lines = page.markdown.split('\n');
  const wanted = section.replace(/^#+\s*/, '').trim();
  const headings: Array<{ index: number; level: number; text: string }> = [];
  let fence = false;
  lines.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const match = !fence && /^(#{1,6})\s+(.+)$/.exec(line);
    if (match) headings.push({ index, level: match[1]!.length, text: match[2]!.trim() });
  });
  const matchOf = (h: { text: string }) =>
    headingSlug(h.text) === wanted.toLowerCase() || h.text.replace(/`/g, '').toLowerCase() === wanted.replace(/`/g, '').toLowerCase();
  const start = headings.find(matchOf) ?? headings.find((h) => h.text.toLowerCase().includes(wanted.toLowerCase()));
  if (!start) {
    const names = headings.filter((h) => h.level > 1).map((h) => `"${h.text}"`);
    throw new Error(`${page.path} has no section "${section}". Its sections: ${names.join(', ') || 'none'}.`);
  }
  const end = headings.find((h) => h.index > start.index && h.level <= start.level);
  return lines.slice(start.index, end ? end.index : lines.length).join('\n').trim();
}

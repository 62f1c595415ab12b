/**
 * What the page's `<Head>` elements add up to, by the rules of react-helmet-async (the library Docusaurus renders
 * them with on the server), so that the browser's head after a client-side navigation is the one the server writes
 * for that address: the last `<Head>` that names a title wins; `<html>` and `<body>` attributes merge, a later
 * `<Head>` overriding an earlier one; a tag of a later `<Head>` replaces the earlier ones with the same key
 * (`KEY_ATTRIBUTES`), while a `<Head>`'s own tags are all kept, even two with one key.
 */

export type TagType = 'meta' | 'link' | 'script' | 'noscript' | 'style' | 'base';
export const TAG_TYPES: readonly TagType[] = ['meta', 'link', 'script', 'noscript', 'style', 'base'];

export interface HeadTag {
  type: TagType;
  /** HTML attribute names (lower case, `class` and `http-equiv` spelt as in HTML) and their values. */
  attributes: Record<string, string>;
  /** Text content (a script's source, a style sheet), set as text. */
  text?: string;
  /** Markup given with `dangerouslySetInnerHTML`, set as markup. */
  html?: string;
}

/** One `<Head>` element's contents. */
export interface HeadContents {
  title?: string;
  html: Record<string, string>;
  body: Record<string, string>;
  tags: HeadTag[];
}

/** The attributes that identify a tag across `<Head>` elements, in the order they are tried. */
const KEY_ATTRIBUTES: Record<TagType, readonly string[]> = {
  meta: ['name', 'charset', 'http-equiv', 'property', 'itemprop'],
  link: ['rel', 'href'],
  script: ['src'],
  noscript: [],
  style: [],
  base: ['href'],
};

/**
 * The key a later `<Head>` replaces a tag by, or undefined for a tag without one (react-helmet-async leaves those
 * out of the head). A link is known by its address, but a canonical link by its `rel` alone (a page has one), and a
 * style sheet's `rel` is never its key; a script without `src` and a `noscript` or `style` by their content.
 */
export function keyOf(tag: HeadTag): string | undefined {
  const {attributes: a} = tag;
  if (tag.type === 'link') {
    const rel = a.rel?.toLowerCase();
    if (rel === 'canonical') return 'rel:canonical';
    if (a.href) return `href:${a.href.toLowerCase()}`;
    return rel && rel !== 'stylesheet' ? `rel:${rel}` : undefined;
  }
  for (const name of KEY_ATTRIBUTES[tag.type]) {
    if (a[name]) return `${name}:${a[name]!.toLowerCase()}`;
  }
  const content = tag.html ?? tag.text;
  return content ? `content:${content}` : undefined;
}

/** The head that mounted `<Head>` elements make, given in the order they first rendered (outer before inner). */
export function mergeHeads(instances: readonly HeadContents[]): HeadContents {
  const state: HeadContents = {html: {}, body: {}, tags: []};
  for (const instance of instances) {
    if (instance.title !== undefined) state.title = instance.title;
    Object.assign(state.html, instance.html);
    Object.assign(state.body, instance.body);
  }
  // From the last <Head> back: a tag whose key a later <Head> already used is dropped.
  const used = new Set<string>();
  const kept: HeadTag[][] = [];
  for (let i = instances.length - 1; i >= 0; i -= 1) {
    const own = new Set<string>();
    const tags = instances[i]!.tags.filter((tag) => {
      const key = keyOf(tag);
      if (key === undefined || used.has(`${tag.type} ${key}`)) return false;
      own.add(`${tag.type} ${key}`);
      return true;
    });
    for (const key of own) used.add(key);
    kept.unshift(tags);
  }
  state.tags = kept.flat();
  return state;
}

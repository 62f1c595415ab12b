import * as cheerio from 'cheerio';
import type {Cheerio, CheerioAPI} from 'cheerio';
import type {AnyNode, Element} from 'domhandler';
import TurndownService from 'turndown';

/**
 * Built HTML page -> clean Markdown. Works on the rendered page rather than
 * the MDX source, so every component (ours, the theme's, other plugins') ends
 * up as the text a reader sees, with no per-component code:
 *
 * - the page's main article only (docs: `.theme-doc-markdown`; API reference
 *   and other pages: the `article` holding the h1; otherwise `main`);
 * - anything marked `data-md-omit` is dropped (interactive widgets), as are
 *   navigation, buttons, icons and heading anchors;
 * - tabs become bold-labelled sections, admonitions blockquotes with their
 *   label, `<details>` a bold summary and its content, Mermaid diagrams a
 *   ```mermaid block (source from the `data-md-mermaid` marker that
 *   `src/components/Diagram` renders beside the drawn SVG), code blocks fenced code with their language
 *   and title, taken from the code lines rather than the highlighted spans;
 * - tables become GFM tables; a table or code block inside a table cell is
 *   moved after its table (Markdown cells hold one line);
 * - every link and image URL is made absolute.
 */

export interface ConvertOptions {
  /** Absolute URL of the page (`https://docs.sigil.example/features/sessions`): base of relative links. */
  pageUrl: string;
}

export interface ConvertedPage {
  title: string;
  /** The page's meta description, if it has one. */
  description?: string;
  markdown: string;
}

/** Elements that never carry page content in Markdown. */
const DROP = [
  '[data-md-omit]',
  'nav',
  'footer',
  'script',
  'style',
  'noscript',
  'template',
  'button',
  'svg',
  'iframe',
  'form',
  'input',
  'select',
  'textarea',
  '[aria-hidden="true"]',
  '.hash-link',
  '.theme-doc-toc-mobile',
  '.theme-doc-card-icon',
  '.theme-edit-this-page',
  '.theme-last-updated',
  '[data-diagram]',
  '[class*="codeLineNumber"]',
].join(', ');

function pickContainer($: CheerioAPI): Cheerio<Element> {
  const docs = $('.theme-doc-markdown').first();
  if (docs.length) return docs;
  const article = $('main article')
    .filter((_, el) => $(el).find('h1').length > 0)
    .first();
  if (article.length) return article;
  const main = $('main').first();
  return main.length ? main : $('body');
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A normalised code block the Turndown rule below turns into a fence. */
function codeBlockHtml(code: string, language: string, title: string | undefined): string {
  const titleAttr = title ? ` data-md-title="${escapeHtml(title)}"` : '';
  const langClass = language ? ` class="language-${escapeHtml(language)}"` : '';
  return `<pre data-md-code${titleAttr}><code${langClass}>${escapeHtml(code)}</code></pre>`;
}

function languageOf(classes: string | undefined): string {
  return /(?:^|\s)language-(\S+)/.exec(classes ?? '')?.[1] ?? '';
}

function normaliseCodeBlocks($: CheerioAPI, root: Cheerio<Element>): void {
  root.find('[data-md-mermaid]').each((_, el) => {
    $(el).replaceWith(codeBlockHtml($(el).attr('data-md-mermaid') ?? '', 'mermaid', undefined));
  });
  root.find('.theme-code-block').each((_, el) => {
    const block = $(el);
    const pre = block.find('pre').first();
    const language = languageOf(block.attr('class')) || languageOf(pre.attr('class'));
    const title = block.find('[class*="codeBlockTitle"]').first().text().trim() || undefined;
    const lines = pre.find('.token-line');
    // Docusaurus renders one element per line; the spans inside only colour it.
    const code = lines.length ? lines.map((_, line) => $(line).text()).get().join('\n') : pre.text();
    block.replaceWith(codeBlockHtml(code.replace(/\n+$/, ''), language, title));
  });
  root.find('pre:not([data-md-code])').each((_, el) => {
    const pre = $(el);
    const code = pre.find('code').first();
    const language = languageOf(pre.attr('class')) || languageOf(code.attr('class'));
    pre.replaceWith(codeBlockHtml(pre.text().replace(/\n+$/, ''), language, undefined));
  });
}

/** Renames an element in place: cheaper than serialising and re-parsing it. */
function rename(el: Element | undefined, tag: string): void {
  if (el) el.name = tag;
}

/** The nearest table around a node (not the node itself). */
function enclosingTable(node: AnyNode): Element | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'tag' && (p as Element).name === 'table') return p as Element;
  }
  return undefined;
}

function flattenTabs($: CheerioAPI, root: Cheerio<Element>): void {
  root.find('.tabs-container').each((_, el) => {
    const own = (_i: number, node: Element): boolean => $(node).closest('.tabs-container')[0] === el;
    const labels = $(el).find('[role="tab"]').filter(own).map((_i, tab) => $(tab).text().trim()).get();
    $(el)
      .find('[role="tabpanel"]')
      .filter(own)
      .each((i, panel) => {
        $(panel).before(`<p><strong>${escapeHtml(labels[i] ?? `Option ${i + 1}`)}</strong></p>`);
      });
    $(el).find('[role="tablist"]').filter(own).remove();
  });
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function flattenAdmonitions($: CheerioAPI, root: Cheerio<Element>): void {
  root.find('.theme-admonition').each((_, el) => {
    const box = $(el);
    const type = /theme-admonition-(\w+)/.exec(box.attr('class') ?? '')?.[1] ?? 'note';
    const heading = box.children('[class*="admonitionHeading"]').first();
    const label = capitalise(heading.text().replace(/\s+/g, ' ').trim() || type);
    heading.remove();
    const content = box.children('[class*="admonitionContent"]').first();
    const body = content.length ? content : box;
    const first = body.children().first();
    const strong = `<strong>${escapeHtml(label)}:</strong> `;
    if (first.is('p')) first.prepend(strong);
    else body.prepend(`<p>${strong}</p>`);
    rename(el, 'blockquote');
  });
}

function flattenDetails($: CheerioAPI, root: Cheerio<Element>): void {
  root.find('details').each((_, el) => {
    const summary = $(el).children('summary').first();
    if (summary.length) {
      summary.wrapInner('<strong></strong>');
      rename(summary[0], 'p');
    }
    rename(el, 'div');
  });
}

/**
 * A Markdown table cell holds one line: move tables and code blocks found in
 * cells to just after their table (in order), and drop rows left empty. The
 * moved block keeps what introduces it (e.g. a `<details>` summary). Tables
 * inside moved blocks get the same treatment, recursively.
 */
function hoistBlocksOutOfTables($: CheerioAPI, root: Cheerio<Element>): void {
  const hoist = (table: Element): void => {
    const blocks = $(table)
      .find('table, pre')
      .filter((_, b) => enclosingTable(b) === table)
      .toArray();
    if (blocks.length === 0) return;
    let anchor: AnyNode = table;
    const moved: AnyNode[] = [];
    for (const block of blocks) {
      // The cell's child that holds the block moves with it (a <details> and its summary, say).
      let top: AnyNode = block;
      while (top.parent && !(top.parent.type === 'tag' && ['td', 'th'].includes((top.parent as Element).name))) top = top.parent;
      // In a row that keeps other content, a <details> leaves its summary behind to say what moved out of it.
      const cell = top.parent;
      const summary = top.type === 'tag' && (top as Element).name === 'details' ? $(top).children('summary').first() : undefined;
      const rowKeepsContent =
        cell !== null &&
        $(cell)
          .siblings('td, th')
          .toArray()
          .some((c) => $(c).text().trim() !== '');
      $(anchor).after(top);
      if (summary?.length && cell && rowKeepsContent) $(cell).append(summary.clone().contents());
      anchor = top;
      moved.push(top);
    }
    $(table)
      .find('tr')
      .each((_, row) => {
        if ($(row).text().trim() === '' && $(row).find('img').length === 0) $(row).remove();
      });
    // Moved blocks sit outside every table now; the tables in them that no other table encloses come next.
    for (const node of moved) {
      const own = node.type === 'tag' && (node as Element).name === 'table' ? [node as Element] : [];
      const nested = $(node)
        .find('table')
        .filter((_, t) => enclosingTable(t) === undefined)
        .toArray();
      for (const t of [...own, ...nested]) hoist(t);
    }
  };
  root
    .find('table')
    .filter((_, t) => enclosingTable(t) === undefined)
    .each((_, t) => hoist(t));
}

/** Content before the page's h1 (breadcrumb-like eyebrows) is chrome, not content: the twin starts at its title. */
function startAtTitle(root: Cheerio<Element>): void {
  const h1 = root.find('h1').first()[0];
  if (!h1) return;
  for (let node: AnyNode = h1; node.parent && node !== root[0]; node = node.parent) {
    while (node.prev) {
      const prev: AnyNode = node.prev;
      // Detach through the parent's child list, as domhandler does.
      const siblings = (node.parent as Element).children;
      siblings.splice(siblings.indexOf(prev), 1);
      node.prev = prev.prev;
      if (prev.prev) prev.prev.next = node;
      prev.parent = null;
    }
  }
}

/**
 * Spans set side by side and spaced by CSS alone (badges such as "required" or
 * an HTTP method) would run together as text: give them a space.
 */
function spaceAdjacentSpans($: CheerioAPI, root: Cheerio<Element>): void {
  const word = /[\p{L}\p{N}`)\]]/u;
  const touching = (left: AnyNode, right: AnyNode): boolean =>
    word.test($(left).text().slice(-1)) && word.test($(right).text().charAt(0));
  root.find('span').each((_, el) => {
    if (el.prev?.type === 'tag' && touching(el.prev, el)) $(el).before(' ');
    if (el.next?.type === 'tag' && touching(el, el.next)) $(el).after(' ');
  });
}

/** A link to an anchor on an element that contains the link (a field's own permalink) is not worth keeping. */
function unwrapSelfAnchors($: CheerioAPI, root: Cheerio<Element>): void {
  root.find('a[href^="#"]').each((_, el) => {
    const raw = el.attribs.href!.slice(1);
    let id = raw;
    try {
      id = decodeURIComponent(raw);
    } catch {
      // A malformed escape: compare the raw text.
    }
    for (let p = el.parent; p && id; p = p.parent) {
      if (p.type === 'tag' && (p as Element).attribs.id === id) {
        $(el).replaceWith($(el).contents());
        return;
      }
    }
  });
}

/**
 * A link made of separate parts, like a card with a title and a description
 * (`<a><span>Title</span><span>What it is</span></a>`), becomes
 * `[Title](url): What it is` rather than one run-on link text.
 */
function splitCardLinks($: CheerioAPI, root: Cheerio<Element>): void {
  root.find('a[href]').each((_, el) => {
    const parts = el.children.filter((c) => !(c.type === 'text' && $(c).text().trim() === ''));
    if (parts.length < 2 || parts.some((c) => c.type !== 'tag' || ['code', 'img', 'br'].includes((c as Element).name))) return;
    const [title, ...rest] = parts.map((c) => $(c).text().replace(/\s+/g, ' ').trim());
    const description = rest.filter(Boolean).join(' ');
    if (!title) return;
    $(el).empty().text(title);
    if (description) $(el).after(`: ${escapeHtml(description)}`);
  });
}

/** Category index cards (`a.card`): a list of links with their descriptions. */
function flattenCards($: CheerioAPI, root: Cheerio<Element>): void {
  const groups = new Map<AnyNode, string[]>();
  root.find('a.card').each((_, el) => {
    const card = $(el);
    const title = card.find('h2, h3').first().text().trim() || card.text().trim();
    const description = card.find('p').first().text().trim();
    const href = escapeHtml(card.attr('href') ?? '');
    const item = `<li><a href="${href}">${escapeHtml(title)}</a>${description ? `: ${escapeHtml(description)}` : ''}</li>`;
    const group = card.closest('section, .row')[0] ?? card.parent()[0];
    if (!group) return;
    groups.set(group, [...(groups.get(group) ?? []), item]);
  });
  for (const [group, items] of groups) $(group).replaceWith(`<ul>${items.join('')}</ul>`);
}

function absolutiseUrls($: CheerioAPI, root: Cheerio<Element>, pageUrl: string): void {
  const resolve = (value: string): string => {
    try {
      return new URL(value, pageUrl).href;
    } catch {
      return value;
    }
  };
  root.find('a[href]').each((_, el) => {
    $(el).attr('href', resolve($(el).attr('href') ?? ''));
  });
  root.find('img[src]').each((_, el) => {
    $(el).attr('src', resolve($(el).attr('src') ?? ''));
  });
}

function fenceFor(code: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/^`{3,}/gm)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

function tableCell(content: string): string {
  const text = content
    .trim()
    .replace(/\s*\n+\s*/g, '<br>')
    .replace(/(<br>)+$/g, '')
    .replace(/(?<!\\)\|/g, '\\|');
  return text === '' ? ' ' : text;
}

function createTurndown(): TurndownService {
  const td = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    strongDelimiter: '**',
    hr: '---',
  });

  td.addRule('codeBlock', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_content, node) => {
      const pre = node as HTMLElement;
      const code = pre.textContent ?? '';
      const language = languageOf(pre.firstElementChild?.getAttribute('class') ?? undefined);
      const title = pre.getAttribute('data-md-title');
      const info = `${language}${title ? ` title="${title.replace(/"/g, "'")}"` : ''}`;
      const fence = fenceFor(code);
      return `\n\n${fence}${info}\n${code}\n${fence}\n\n`;
    },
  });

  td.addRule('blockquote', {
    filter: 'blockquote',
    replacement: (content) => {
      const quoted = content.replace(/^\n+|\n+$/g, '').replace(/^/gm, '> ').replace(/^> $/gm, '>');
      return `\n\n${quoted}\n\n`;
    },
  });

  // Turndown's default list items pad the marker with three spaces; one is the common style.
  td.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const item = node as HTMLElement;
      const parent = item.parentNode as HTMLElement | null;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1');
        prefix = `${start + Array.prototype.indexOf.call(parent.children, item)}. `;
      }
      const body = content.replace(/^\n+/, '').replace(/\n+$/, '\n').replace(/\n(?=[^\n])/g, `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (item.nextSibling && !/\n$/.test(body) ? '\n' : '');
    },
  });

  td.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const cell = node as HTMLElement;
      const span = Math.max(1, Number(cell.getAttribute('colspan') ?? '1') || 1);
      return `| ${tableCell(content)} ${'|   '.repeat(span - 1)}`;
    },
  });
  td.addRule('tableRow', {
    filter: 'tr',
    replacement: (content) => `${content.trim()} |\n`,
  });
  td.addRule('tableSection', {
    filter: ['thead', 'tbody', 'tfoot'],
    replacement: (content) => content,
  });
  td.addRule('tableCaption', {
    filter: 'caption',
    replacement: () => '',
  });
  td.addRule('table', {
    filter: 'table',
    replacement: (content, node) => {
      const rows = content.split('\n').filter((line) => line.trim() !== '');
      if (rows.length === 0) return '';
      // GFM tables need a header row: the first row serves as one.
      const width = Math.max(...rows.map((r) => r.split(/(?<!\\)\|/).length - 2));
      const pad = (row: string): string => {
        const cells = row.split(/(?<!\\)\|/).length - 2;
        return cells < width ? `${row}${'   |'.repeat(width - cells)}` : row;
      };
      const separator = `|${' --- |'.repeat(width)}`;
      const caption = (node as HTMLElement).querySelector('caption')?.textContent?.trim();
      const lines = [pad(rows[0]!), separator, ...rows.slice(1).map(pad)];
      return `\n\n${caption ? `${caption}\n\n` : ''}${lines.join('\n')}\n\n`;
    },
  });

  // `<dt>Term<dd>Definition` -> `**Term**: Definition`, one paragraph per pair.
  td.addRule('definitionTerm', {
    filter: 'dt',
    replacement: (content) => `\n\n**${content.trim()}**:`,
  });
  td.addRule('definitionDescription', {
    filter: 'dd',
    replacement: (content) => ` ${content.trim()}\n\n`,
  });

  td.addRule('emptyLink', {
    filter: (node) => node.nodeName === 'A' && (node.textContent ?? '').trim() === '' && !node.querySelector('img'),
    replacement: () => '',
  });

  return td;
}

let turndown: TurndownService | undefined;

export function pageToMarkdown(html: string, {pageUrl}: ConvertOptions): ConvertedPage {
  // htmlparser2 rather than parse5: over twice as fast on these pages, and Docusaurus's minified markup parses the same.
  const options = {xml: {xmlMode: false, decodeEntities: true}};
  // Only the head (title, description) and <main> matter: the navbar, sidebars and footer around them are
  // often most of the page, so they are not parsed at all.
  const headEnd = html.search(/<\/head\s*>/i);
  const mainStart = html.search(/<main[\s>]/i);
  const mainEnd = html.search(/<\/main\s*>(?![\s\S]*<\/main\s*>)/i);
  const sliced = headEnd > 0 && mainStart > headEnd && mainEnd > mainStart;
  const head = cheerio.load(sliced ? html.slice(0, headEnd) : html, options);
  const $ = sliced ? cheerio.load(html.slice(mainStart, mainEnd), options) : head;
  const root = pickContainer($);
  const description = head('meta[name="description"]').attr('content')?.replace(/\s+/g, ' ').trim() || undefined;
  const documentTitle = head('title').first().text().replace(/\s*\|[^|]*$/, '').trim();

  normaliseCodeBlocks($, root);
  root.find(DROP).remove();
  startAtTitle(root);
  spaceAdjacentSpans($, root);
  unwrapSelfAnchors($, root);
  flattenTabs($, root);
  flattenAdmonitions($, root);
  hoistBlocksOutOfTables($, root);
  flattenDetails($, root);
  flattenCards($, root);
  splitCardLinks($, root);
  absolutiseUrls($, root, pageUrl);

  const h1 = root.find('h1').first();
  const title = h1.text().replace(/\s+/g, ' ').trim() || documentTitle;
  // A generated index page keeps its h1 outside the article: make sure the twin starts with it.
  const needsTitle = h1.length === 0;

  turndown ??= createTurndown();
  const body = turndown
    .turndown(root.html() ?? '')
    .replace(/[\u200B\uFEFF]/g, '')
    .trim();
  const markdown = `${needsTitle ? `# ${title}\n\n` : ''}${body}\n`;
  return {title, description, markdown};
}

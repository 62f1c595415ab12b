// MDX source -> Markdown a reader (or an assistant) can use without the site's build: front matter read into
// title and description, imports and exports dropped, tabs and admonitions written as bold labels, components
// that render data from the API document expanded by the caller, other JSX tags dropped with their inner text kept.
// Code blocks pass through untouched apart from the doc checker's markers in their info string.

export interface ConvertedDoc {
  title: string;
  description: string;
  /** Front matter `keywords`, when the page has them. */
  keywords: string[];
  /** Front matter `slug`, when the page sets its own route. */
  slug?: string;
  markdown: string;
}

/** Markdown for a component tag such as `<ErrorCodes />` (its name and whole tag), or undefined to drop the tag. */
export type ComponentExpander = (name: string, tag: string) => string | undefined;

/**
 * A component whose props span lines (`<PathCards cards={[{title: 'Concepts', to: '/concepts', …}]} />`): the
 * props' quoted `title`, `to`/`href` and `description`/`summary` values as a list, the way the component shows them.
 */
function propsAsList(block: string): string[] {
  const items: Array<Record<string, string>> = [];
  for (const match of block.matchAll(/\b(title|label|to|href|description|summary):\s*(?:'([^']*)'|"([^"]*)")/g)) {
    const key = match[1]!;
    const value = match[2] ?? match[3]!;
    if (key === 'title' || !items.length) items.push({});
    const item = items[items.length - 1]!;
    if (item[key] === undefined) item[key] = value;
  }
  return items
    .filter((item) => item.title)
    .map((item) => {
      const target = item.to ?? item.href;
      const text = item.description ?? item.summary;
      return `- ${target ? `[${item.title}](${target})` : `**${item.title}**`}${text ? `: ${text}` : ''}`;
    });
}

function frontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
  if (!match) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split('\n')) {
    const field = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (field) fields[field[1]!] = field[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return { fields, body: source.slice(match[0].length) };
}

function keywordList(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((word) => word.trim().replace(/^(['"])(.*)\1$/, '$2'))
    .filter(Boolean);
}

const ADMONITION = /^(\s*):::(\w+)(?:\[(.*)\]|\s+(.*))?\s*$/;
const ATTRIBUTE = (name: string) => new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)'|\\{['"]([^'"]*)['"]\\})`);

function attribute(tag: string, name: string): string | undefined {
  const match = ATTRIBUTE(name).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The info string of a fence without the doc checker's markers (`run`, `expect-output=...`): language and title. */
function cleanFence(line: string): string {
  const match = /^(\s*)(`{3,}|~{3,})(\S*)(.*)$/.exec(line);
  if (!match) return line;
  const title = attribute(match[4] ?? '', 'title');
  return `${match[1]}${match[2]}${match[3]}${title ? ` title="${title}"` : ''}`;
}

export function mdxToMarkdown(source: string, expand: ComponentExpander = () => undefined): ConvertedDoc {
  const { fields, body } = frontMatter(source);
  const out: string[] = [];
  let fence: string | undefined;
  let inComment = false;
  let jsxBlock: string[] | undefined;
  for (const raw of body.split('\n')) {
    if (jsxBlock) {
      jsxBlock.push(raw);
      if (/^\s*\/?>\s*$|\/>\s*$/.test(raw)) {
        out.push(...propsAsList(jsxBlock.join('\n')), '');
        jsxBlock = undefined;
      }
      continue;
    }
    if (fence) {
      out.push(raw);
      if (raw.trim().startsWith(fence) && raw.trim().replace(/[`~]/g, '') === '') fence = undefined;
      continue;
    }
    const fenceOpen = /^\s*(`{3,}|~{3,})/.exec(raw);
    if (fenceOpen) {
      fence = fenceOpen[1];
      out.push(cleanFence(raw));
      continue;
    }
    let line = raw;
    if (inComment) {
      const end = line.indexOf('-->');
      if (end < 0) continue;
      line = line.slice(end + 3);
      inComment = false;
    }
    line = line.replace(/<!--[\s\S]*?-->/g, '').replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
    if (line.includes('<!--')) {
      line = line.slice(0, line.indexOf('<!--'));
      inComment = true;
    }
    if (/^(import|export)\s/.test(line)) continue;
    const admonition = ADMONITION.exec(line);
    if (admonition) {
      const [, indent, type, bracketTitle, plainTitle] = admonition;
      const label = type!.charAt(0).toUpperCase() + type!.slice(1);
      const title = bracketTitle ?? plainTitle;
      out.push(`${indent}**${label}${title ? `: ${title}` : ''}**`, '');
      continue;
    }
    if (/^\s*:::\s*$/.test(line)) continue;
    // A component tag left open at the end of the line: its props continue below.
    if (/^\s*<[A-Z][\w.]*(\s[^<>]*)?$/.test(line)) {
      jsxBlock = [line];
      continue;
    }
    // A line that is only JSX tags: tabs become bold labels, data components are expanded, the rest dropped.
    const tagOnly = /^\s*(<\/?[A-Z][\w.]*(?:\s[^<>]*?)?\/?>\s*)+$/.exec(line);
    if (tagOnly) {
      for (const tag of line.match(/<\/?[A-Z][\w.]*(?:\s[^<>]*?)?\/?>/g) ?? []) {
        const name = /^<\/?([A-Z][\w.]*)/.exec(tag)![1]!;
        if (tag.startsWith('</')) continue;
        if (name === 'TabItem') {
          const label = attribute(tag, 'label') ?? attribute(tag, 'value');
          if (label) out.push(`**${label}**`, '');
          continue;
        }
        const expanded = expand(name, tag);
        if (expanded) out.push(expanded, '');
      }
      continue;
    }
    // Inline component tags in prose: keep the words between them.
    out.push(line.replace(/<\/?[A-Z][\w.]*(?:\s[^<>]*?)?\/?>/g, '').trimEnd());
  }
  const markdown = out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const title = fields.title ?? /^#\s+(.+)$/m.exec(markdown)?.[1] ?? '';
  return {
    title,
    description: fields.description ?? '',
    keywords: keywordList(fields.keywords),
    ...(fields.slug ? { slug: fields.slug } : {}),
    markdown: /^#\s/m.test(markdown.split('\n')[0] ?? '') ? markdown : `# ${title}\n\n${markdown}`,
  };
}

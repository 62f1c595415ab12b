/**
 * `/llms.txt` and `/llms-full.txt` (https://llmstxt.org): a title, a one-line
 * summary, then one H2 section per group listing each page's Markdown twin
 * with its description; the full file carries every twin's text in the same
 * order.
 */

export interface LlmsPage {
  title: string;
  description?: string;
  /** Absolute URL of the page's HTML. */
  url: string;
  /** Absolute URL of its Markdown twin. */
  markdownUrl: string;
  markdown: string;
}

export interface LlmsGroup {
  label: string;
  pages: LlmsPage[];
}

export interface LlmsSite {
  title: string;
  summary: string;
  /** Lines of plain text after the summary. */
  details?: string[];
  /** Secondary links (the llms.txt "Optional" section). */
  optional?: {title: string; url: string; description?: string}[];
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string): string => oneLine(text).replace(/([[\]\\])/g, '\\$1');

function entry(title: string, url: string, description: string | undefined): string {
  return `- [${linkText(title)}](${url})${description ? `: ${oneLine(description)}` : ''}`;
}

export function renderLlmsTxt(site: LlmsSite, groups: LlmsGroup[]): string {
  const out = [`# ${oneLine(site.title)}`, '', `> ${oneLine(site.summary)}`, ''];
  if (site.details?.length) out.push(...site.details, '');
  for (const group of groups) {
    if (group.pages.length === 0) continue;
    out.push(`## ${oneLine(group.label)}`, '');
    for (const page of group.pages) out.push(entry(page.title, page.markdownUrl, page.description));
    out.push('');
  }
  if (site.optional?.length) {
    out.push('## Optional', '');
    for (const link of site.optional) out.push(entry(link.title, link.url, link.description));
    out.push('');
  }
  return out.join('\n');
}

/** Every page's Markdown, each introduced by its source URL, pages separated by a rule. */
export function renderLlmsFullTxt(site: LlmsSite, groups: LlmsGroup[]): string {
  const header = `# ${oneLine(site.title)}\n\n> ${oneLine(site.summary)}\n`;
  const pages = groups.flatMap((g) => g.pages);
  const bodies = pages.map((page) => {
    const md = page.markdown.trim();
    // Source line right under the page's own h1, so each section says where it came from.
    const firstBreak = md.startsWith('# ') ? md.indexOf('\n') : -1;
    return firstBreak === -1
      ? `Source: ${page.url}\n\n${md}`
      : `${md.slice(0, firstBreak)}\n\nSource: ${page.url}${md.slice(firstBreak)}`;
  });
  return `${[header, ...bodies].join('\n\n---\n\n')}\n`;
}

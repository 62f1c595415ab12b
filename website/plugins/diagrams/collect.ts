import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import type {Root} from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {mermaidNodes} from './nodes';

export interface DiagramSource {
  /** The page's file, relative to the website folder. */
  file: string;
  line: number;
  source: string;
}

const WEBSITE = path.resolve(__dirname, '../..');
/** Where Markdown pages live (the docs, the changelog, the standalone pages). */
export const CONTENT_DIRS = ['docs', 'changelog', 'src/pages'];

function markdownFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return /\.mdx?$/.test(name) ? [full] : [];
  });
}

/** Every Mermaid diagram in the site's Markdown, parsed as the build parses it (MDX for .mdx). */
export function collectDiagrams(website = WEBSITE): DiagramSource[] {
  return CONTENT_DIRS.flatMap((dir) => markdownFiles(path.join(website, dir)))
    .sort()
    .flatMap((full) => {
      const text = readFileSync(full, 'utf8');
      if (!text.includes('mermaid')) return [];
      const processor = full.endsWith('.mdx') ? unified().use(remarkParse).use(remarkMdx) : unified().use(remarkParse);
      const tree = processor.parse(text) as Root;
      return mermaidNodes(tree).map((node) => ({
        file: path.relative(website, full),
        line: node.position?.start.line ?? 0,
        source: node.value,
      }));
    });
}

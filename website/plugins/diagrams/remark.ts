import type {Code, Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {CACHE_DIR, RENDER_COMMAND, diagramKey, readCached, writeCached} from './cache';
import {mermaidNodes} from './nodes';
import type {FinishedSvg} from './postprocess';

interface Parent {
  children: unknown[];
}

/** The Diagram component (src/components/Diagram, registered in src/theme/MDXComponents) with the finished SVG. */
export function diagramElement(node: Code, finished: FinishedSvg): MdxJsxFlowElement {
  const attribute = (name: string, value: string) => ({type: 'mdxJsxAttribute' as const, name, value});
  return {
    type: 'mdxJsxFlowElement',
    name: 'Diagram',
    attributes: [
      attribute('svg', finished.svg),
      attribute('width', String(finished.width)),
      attribute('source', node.value),
    ],
    children: [],
    position: node.position,
  };
}

/**
 * One drawing at a time: the build compiles each page twice (client and
 * server) and many pages at once, and a Mermaid upgrade makes every diagram
 * stale. Queued calls look in the cache again, so each diagram is drawn once.
 */
let queue: Promise<unknown> = Promise.resolve();

/** Finished SVGs for sources not in the cache: drawn now when Chromium is here, written to the cache. */
function renderMissing(missing: {source: string; where: string}[]): Promise<Map<string, FinishedSvg>> {
  const run = async (): Promise<Map<string, FinishedSvg>> => {
    const results = new Map<string, FinishedSvg>();
    const still = missing.filter(({source}) => {
      const cached = readCached(diagramKey(source));
      if (cached) results.set(diagramKey(source), cached);
      return !cached;
    });
    if (still.length === 0) return results;
    const {chromiumAvailable, chromiumPath, renderDiagrams} = await import('./render');
    if (!chromiumAvailable()) {
      throw new Error(
        `${still.map((m) => m.where).join(', ')}: no rendered SVG in ${CACHE_DIR} for this diagram (new or changed since it was rendered), ` +
          `and no Chromium at ${chromiumPath()} to draw it. Run \`${RENDER_COMMAND}\` on a machine with Chromium and commit website/diagrams.`,
      );
    }
    const rendered = await renderDiagrams(still);
    for (const [key, finished] of rendered) {
      writeCached(key, finished);
      results.set(key, finished);
    }
    console.warn(`[diagrams] drew ${rendered.size} new or changed diagram(s) into website/diagrams (${still.map((m) => m.where).join(', ')}): commit them.`);
    return results;
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Remark plugin: every ```mermaid block becomes a <Diagram> holding its SVG,
 * drawn at build time (the pages load no diagram renderer). SVGs come from
 * the committed cache (cache.ts); a missing one is drawn on the spot when
 * Chromium is installed, and is otherwise an error naming the command that
 * draws it.
 */
export default function remarkDiagrams() {
  return async (tree: Root, file: {path?: string}): Promise<void> => {
    const nodes = mermaidNodes(tree);
    if (nodes.length === 0) return;
    const where = (node: Code) => `${file.path ?? 'a page'}:${node.position?.start.line ?? '?'}`;
    const found = new Map<Code, FinishedSvg>();
    const missing: {source: string; where: string}[] = [];
    for (const node of nodes) {
      const cached = readCached(diagramKey(node.value));
      if (cached) found.set(node, cached);
      else missing.push({source: node.value, where: where(node)});
    }
    const rendered = missing.length ? await renderMissing(missing) : new Map<string, FinishedSvg>();
    const replace = (parent: Parent): void => {
      parent.children = parent.children.map((child) => {
        const node = child as Code & Partial<Parent>;
        if (node.type === 'code' && node.lang === 'mermaid') return diagramElement(node, found.get(node) ?? rendered.get(diagramKey(node.value))!);
        if (Array.isArray(node.children)) replace(node as Parent);
        return child;
      });
    };
    replace(tree as unknown as Parent);
  };
}

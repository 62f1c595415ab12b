import {parse} from 'acorn';

/**
 * What the docs theme reads from a doc's module before it renders the
 * article: the theme's DocProvider takes these, and the MDX loader writes
 * them as top-level exports (the table of contents, the front matter, the
 * title found in the content, the image assets, and `metadata` re-exported
 * from the docs plugin's JSON file).
 */
const META_EXPORTS = new Set(['frontMatter', 'contentTitle', 'assets', 'toc', 'metadata']);

/** Imports every compiled MDX module makes: the JSX runtime and the MDX components provider. */
const RUNTIME_IMPORTS = new Set(['react/jsx-runtime', 'react/jsx-dev-runtime', '@mdx-js/react']);

export type Split =
  | {
      ok: true;
      /** The module's meta exports, as source, with nothing of the article's own code. */
      meta: string;
      /** The request of the docs plugin's JSON file the module re-exports as `metadata`. */
      metadataRequest: string;
    }
  | {ok: false; reason: string};

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const nameOf = (node: unknown): string | undefined => {
  const n = node as {type?: string; name?: unknown; value?: unknown} | undefined;
  if (n?.type === 'Identifier' && typeof n.name === 'string') return n.name;
  if (n?.type === 'Literal' && typeof n.value === 'string') return n.value;
  return undefined;
};

/**
 * Splits a compiled doc module (the MDX loader's output) into what the page
 * needs before the article runs (its meta exports) and the rest, or says
 * why the module cannot be split. A module can be split when every import
 * it makes is the MDX runtime's or one of `allowedImports` (components that
 * draw their final markup on the server and need script only when a reader
 * acts on them), and its meta exports use nothing the module imports.
 */
export function splitArticle(code: string, allowedImports: ReadonlySet<string>): Split {
  const program = parse(code, {ecmaVersion: 'latest', sourceType: 'module'}) as unknown as {body: Node[]};
  const imported: string[] = [];
  const refused: string[] = [];
  const kept: string[] = [];
  let metadataRequest: string | undefined;
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') {
      const source = String((node.source as {value: unknown}).value);
      if (!RUNTIME_IMPORTS.has(source) && !allowedImports.has(source)) refused.push(source);
      for (const specifier of node.specifiers as Node[]) imported.push(String((specifier.local as {name: unknown}).name));
      continue;
    }
    if (node.type !== 'ExportNamedDeclaration') continue;
    const declaration = node.declaration as Node | null;
    if (node.source) {
      const specifiers = node.specifiers as Node[];
      if (specifiers.length === 1 && nameOf(specifiers[0]!.exported) === 'metadata' && nameOf(specifiers[0]!.local) === 'default') {
        metadataRequest = String((node.source as {value: unknown}).value);
        kept.push(code.slice(node.start, node.end));
      }
      continue;
    }
    if (declaration?.type !== 'VariableDeclaration') continue;
    const names = (declaration.declarations as Node[]).map((d) => nameOf(d.id));
    if (names.every((name) => name !== undefined && META_EXPORTS.has(name))) kept.push(code.slice(node.start, node.end));
  }
  if (refused.length > 0) return {ok: false, reason: `it imports ${refused.join(', ')}`};
  if (metadataRequest === undefined) return {ok: false, reason: 'it re-exports no metadata'};
  const meta = kept.join('\n');
  const used = imported.find((name) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(meta));
  if (used) return {ok: false, reason: `its meta exports use ${used}, which it imports`};
  return {ok: true, meta, metadataRequest};
}

import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

type PagefindNode = typeof import('pagefind');

/** The entry file of the installed pagefind package (its `exports` name nothing else). */
function pagefindEntry(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'node_modules', 'pagefind', 'package.json');
    if (existsSync(pkg)) return path.join(path.dirname(pkg), 'lib', 'index.js');
    if (path.dirname(dir) === dir) throw new Error('The pagefind package is not installed (npm install -w website pagefind)');
  }
}

/**
 * Pagefind's Node API is ESM-only, and Docusaurus loads this plugin through a
 * transpiler that turns both `import` forms into its own `require`, which
 * cannot load it. Node's own `require` can (require(esm), Node 20.19+), given
 * the file itself since the package exports only an `import` condition.
 */
export function loadPagefind(): PagefindNode {
  const nativeRequire = createRequire(__filename);
  return nativeRequire(pagefindEntry(__dirname)) as PagefindNode;
}

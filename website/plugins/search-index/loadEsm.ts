import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

/** A file of an installed package, found by walking up from here (their `exports` name only an `import` condition). */
function packageFile(name: string, file: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(pkg)) return path.join(path.dirname(pkg), file);
    if (path.dirname(dir) === dir) throw new Error(`The ${name} package is not installed (npm install -w website ${name})`);
  }
}

/**
 * Loads an ESM-only package. Docusaurus loads this plugin through a
 * transpiler that turns both `import` forms into its own `require`, which
 * cannot load them. Node's own `require` can (require(esm), Node 20.19+),
 * given the file itself since the packages export only an `import` condition.
 */
function loadEsm<T>(name: string, file: string): T {
  return createRequire(__filename)(packageFile(name, file, __dirname)) as T;
}

export const loadPagefind = (): typeof import('pagefind') => loadEsm('pagefind', 'lib/index.js');
export const loadCbor = (): typeof import('cborg') => loadEsm('cborg', 'cborg.js');

import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);
/** The installed theme-common's compiled folder, found as the bundler finds it: an upgrade that moves a module fails the swaps' tests. */
export const THEME_COMMON_LIB = path.dirname(require.resolve('@docusaurus/theme-common'));

/** Every import inside the installed theme-common whose request contains `name`: {request, context} as the bundler sees them. */
export function themeCommonImportsOf(name: string): {request: string; context: string}[] {
  const found: {request: string; context: string}[] = [];
  const pattern = new RegExp(`from '([^']*${name}[^']*)'`, 'g');
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, {withFileTypes: true})) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.js')) {
        for (const [, request] of readFileSync(p, 'utf8').matchAll(pattern)) found.push({request: request!, context: dir});
      }
    }
  };
  walk(THEME_COMMON_LIB);
  return found;
}

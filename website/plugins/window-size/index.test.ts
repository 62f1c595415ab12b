import {readFileSync, readdirSync, existsSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {isThemeWindowSize} from './index';
import {windowSizeOf} from './useWindowSize';

const require = createRequire(import.meta.url);
// The installed theme-common, found as the bundler finds it: an upgrade that moves the hook fails these tests.
const LIB = path.dirname(require.resolve('@docusaurus/theme-common'));

/** Every import of the hook inside the installed theme-common: {request, context} as the bundler sees them. */
function hookImports() {
  const found: {request: string; context: string}[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, {withFileTypes: true})) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.js')) {
        for (const [, request] of readFileSync(p, 'utf8').matchAll(/from '([^']*useWindowSize[^']*)'/g)) found.push({request: request!, context: dir});
      }
    }
  };
  walk(LIB);
  return found;
}

describe('isThemeWindowSize, against the installed theme-common', () => {
  const imports = hookImports();

  it('finds the hook where the swap expects it, imported by the package index and the mobile sidebar', () => {
    expect(existsSync(path.join(LIB, 'hooks', 'useWindowSize.js'))).toBe(true);
    expect(imports.map((i) => path.relative(LIB, i.context) || '.').sort()).toEqual(['.', 'contexts']);
  });

  it('replaces every one of those imports', () => {
    for (const i of imports) expect(isThemeWindowSize(i)).toBe(true);
  });

  it('leaves the same request from outside theme-common, and other hooks, alone', () => {
    expect(isThemeWindowSize({request: './hooks/useWindowSize', context: path.join(__dirname, '..', '..', 'src', 'components')})).toBe(false);
    expect(isThemeWindowSize({request: './hooks/useWindowSizeCache', context: LIB})).toBe(false);
    expect(isThemeWindowSize({request: '@docusaurus/theme-common', context: LIB})).toBe(false);
  });
});

describe('windowSizeOf', () => {
  it('puts 996 px and less on the mobile side, as Infima does', () => {
    expect(windowSizeOf(996, 996)).toBe('mobile');
    expect(windowSizeOf(997, 996)).toBe('desktop');
    expect(windowSizeOf(412, 996)).toBe('mobile');
  });
});

import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {CORE_CLIENT_DIR, PRELOAD_REQUEST} from './index';

const require = createRequire(import.meta.url);
const CLIENT = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib', 'client');
const IMPORT = /import\s+(\w+)\s+from\s*'([^']+)'/g;

/** The installed core's client modules (top folder) that import its preload, by the request they use. */
function preloadImporters(): string[] {
  return readdirSync(CLIENT)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => [...readFileSync(path.join(CLIENT, f), 'utf8').matchAll(IMPORT)].some(([, , from]) => PRELOAD_REQUEST.test(from!)));
}

describe('route-sections swap, against the installed Docusaurus core', () => {
  it('the client entry and PendingNavigation import preload under the request the swap matches, from the folder it matches', () => {
    expect(preloadImporters()).toEqual(expect.arrayContaining(['clientEntry.js', 'PendingNavigation.js']));
    expect(CORE_CLIENT_DIR.test(CLIENT)).toBe(true);
  });

  it('the replacement has the signature of the preload it replaces: a default export taking the pathname', () => {
    expect(readFileSync(path.join(CLIENT, 'preload.js'), 'utf8')).toMatch(/export default function preload\(pathname\)/);
    expect(readFileSync(path.join(__dirname, 'preload.ts'), 'utf8')).toMatch(/export default function preload\(pathname: string\)/);
  });

  it('matches the relative request only', () => {
    expect(PRELOAD_REQUEST.test('./preload')).toBe(true);
    expect(PRELOAD_REQUEST.test('./preload.js')).toBe(true);
    expect(PRELOAD_REQUEST.test('@docusaurus/core/lib/client/preload')).toBe(false);
  });

  it('the installed theme looks a page’s sidebar up in the version’s docsSidebars, which the version root takes from its props (src/theme/DocVersionRoot provides the loaded sidebars there)', () => {
    const docsDir = path.join(path.dirname(require.resolve('@docusaurus/plugin-content-docs')), 'client');
    expect(readFileSync(path.join(docsDir, 'docsUtils.js'), 'utf8')).toMatch(/const versionMetadata = useDocsVersion\(\);[\s\S]*?versionMetadata\.docsSidebars\[sidebarName\]/);
    const theme = path.join(path.dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'lib', 'theme');
    const root = readFileSync(path.join(theme, 'DocVersionRoot', 'index.js'), 'utf8');
    expect(root).toMatch(/const \{version, route\} = props;[\s\S]*?<DocsVersionProvider version=\{version\}>/);
  });
});

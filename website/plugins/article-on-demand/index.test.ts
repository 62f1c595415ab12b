import {existsSync, readFileSync, statSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ALLOWED_IMPORTS} from './index';

const SITE = path.join(__dirname, '..', '..');
/** Hooks that change what a component shows once the page has run, which a first visit's article never does. */
const AFTER_RUN = /\b(useEffect|useLayoutEffect|useInsertionEffect|useIsBrowser|useSeen|useLocation|useSyncExternalStore|BrowserOnly)\b/;
/** Handled before the article runs: reader.ts names and focuses the boxes that scroll sideways, as this hook does. */
const HANDLED = new Set([path.join(SITE, 'src', 'hooks', 'useScrollsSideways.ts')]);

function resolveSource(request: string, from: string): string | undefined {
  const base = request.startsWith('@site/') ? path.join(SITE, request.slice('@site/'.length)) : path.resolve(path.dirname(from), request);
  return ['', '.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((file) => existsSync(file) && statSync(file).isFile());
}

/**
 * A component's source files and every site file they import, transitively. Modules it imports with `import()` are
 * left out: they load when the reader acts (KitDemo's demo, after a press of its button), by then the article has run.
 */
function sourcesOf(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.(tsx?|jsx?)$/.test(file)) return;
    seen.add(file);
    for (const [, request] of readFileSync(file, 'utf8').matchAll(/from\s+'((?:\.{1,2}\/|@site\/)[^']+)'/g)) {
      const resolved = resolveSource(request!, file);
      if (resolved) visit(resolved);
    }
  };
  visit(entry);
  return [...seen];
}

describe('the components a doc may import and keep its article on demand', () => {
  const siteComponents = ALLOWED_IMPORTS.filter((request) => request.startsWith('@site/'));

  it.each(siteComponents)('%s and what it imports show nothing more once the page has run', (request) => {
    const entry = resolveSource(request, SITE);
    expect(entry, `${request} resolves`).toBeDefined();
    const sources = sourcesOf(entry!);
    expect(sources.length).toBeGreaterThan(0);
    const offenders = sources.filter((file) => !HANDLED.has(file) && AFTER_RUN.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(SITE, file))).toEqual([]);
  });

  it('catches a component that does (the test is not blind)', () => {
    const offenders = sourcesOf(resolveSource('@site/src/components/PolicyPlaygroundFromUrl', SITE)!).filter((file) =>
      AFTER_RUN.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.length).toBeGreaterThan(0);
  });

  it("lists only the theme's Tabs besides the site's components: reader.ts runs the article at once when a stored tab choice would change them", () => {
    expect(ALLOWED_IMPORTS.filter((request) => !request.startsWith('@site/'))).toEqual(['@theme/Tabs', '@theme/TabItem']);
  });
});

describe("the framework's browser context, which the docs theme's content component provides to a resuming article", () => {
  const require = createRequire(import.meta.url);

  it("is the context the installed useIsBrowser reads (an upgrade that moves it fails here)", () => {
    const hook = readFileSync(require.resolve('@docusaurus/core/lib/client/exports/useIsBrowser.js'), 'utf8');
    expect(hook).toMatch(/import \{ Context \} from '\.\.\/browserContext';/);
    expect(hook).toMatch(/useContext\(Context\)/);
    const context = readFileSync(require.resolve('@docusaurus/core/lib/client/browserContext.js'), 'utf8');
    expect(context).toMatch(/export const Context = React\.createContext\(false\);/);
  });
});

import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {SWAPS, swapsFor} from './index';

const require = createRequire(import.meta.url);
const website = path.join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(path.join(website, 'package.json'), 'utf8')) as {dependencies: Record<string, string>};

/** Every React entry point the site's own browser code imports (tests and the server-only modules aside). */
function siteReactImports(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, {withFileTypes: true})) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !e.name.includes('.test.')) {
        for (const [, request] of readFileSync(p, 'utf8').matchAll(/from '(react(?:-dom)?(?:\/[^']*)?)'/g)) found.add(request!);
      }
    }
  };
  walk(path.join(website, 'src'));
  return found;
}

const swapOf = (request: string) => SWAPS.find((s) => s.request.test(request));

describe('the Preact swaps', () => {
  it('pins preact to one exact version, the one installed', () => {
    expect(pkg.dependencies['preact']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(JSON.parse(readFileSync(require.resolve('preact/package.json'), 'utf8')).version).toBe(pkg.dependencies['preact']);
  });

  it("gives each of React's browser entry points a module Preact's compatibility layer has", () => {
    const expected = {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react/jsx-runtime': 'preact/compat/jsx-runtime',
      'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
    };
    for (const [request, replacement] of Object.entries(expected)) {
      expect(swapOf(request)?.replacement, request).toBe(replacement);
      expect(() => require.resolve(replacement), replacement).not.toThrow();
    }
  });

  it('swaps the development JSX runtime only in a development build, where nothing else would import it', () => {
    const requests = (mode: string) => swapsFor(mode).map((s) => s.name);
    expect(requests('development')).toContain('react/jsx-dev-runtime');
    expect(requests('production')).not.toContain('react/jsx-dev-runtime');
    expect(requests('production')).toEqual(expect.arrayContaining(['react', 'react-dom/client', 'react/jsx-runtime']));
    expect(requests('development')).toEqual(expect.arrayContaining(['react', 'react-dom/client', 'react/jsx-runtime']));
  });

  it("covers every React entry point the site's browser code imports, and leaves the server renderer to React", () => {
    const imports = siteReactImports();
    expect(imports.has('react')).toBe(true);
    for (const request of imports) expect(swapOf(request), request).toBeDefined();
    expect(swapOf('react-dom/server')).toBeUndefined();
    expect(swapOf('react-dom/server.browser')).toBeUndefined();
  });
});

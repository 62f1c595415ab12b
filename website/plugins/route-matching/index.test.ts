import {readFileSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {ROUTER_CONFIG_REQUEST} from './index';

const require = createRequire(import.meta.url);
const CLIENT = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib', 'client');
/** The installed core's client modules that import react-router-config, and what each imports from it. */
const IMPORTERS = ['docusaurus.js', 'preload.js', 'normalizeLocation.js', 'exports/renderRoutes.js'];
const IMPORT = /(?:import|export)\s*\{([^}]*)\}\s*from\s*'([^']+)'/g;

function routerConfigImports(file: string) {
  const names: string[] = [];
  for (const [, list, from] of readFileSync(path.join(CLIENT, file), 'utf8').matchAll(IMPORT)) {
    if (ROUTER_CONFIG_REQUEST.test(from!)) names.push(...list!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!));
  }
  return names;
}

describe('route-matching swap, against the installed Docusaurus core', () => {
  it.each(IMPORTERS)('%s imports react-router-config under the request the swap matches', (file) => {
    expect(routerConfigImports(file).length).toBeGreaterThan(0);
  });

  it('the replacement exports every function those modules import', async () => {
    const used = new Set(IMPORTERS.flatMap(routerConfigImports));
    expect([...used].sort()).toEqual(['matchRoutes', 'renderRoutes']);
    const source = readFileSync(path.join(__dirname, 'client.tsx'), 'utf8');
    for (const name of used) expect(source).toMatch(new RegExp(`export function ${name}\\b`));
  });

  it('matches the bare package name only', () => {
    expect(ROUTER_CONFIG_REQUEST.test('react-router-config')).toBe(true);
    expect(ROUTER_CONFIG_REQUEST.test('react-router-config/cjs/react-router-config.js')).toBe(false);
    expect(ROUTER_CONFIG_REQUEST.test('react-router')).toBe(false);
  });
});

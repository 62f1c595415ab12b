import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const website = path.join(__dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(website, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
const internals = readFileSync(path.join(__dirname, 'INTERNALS.md'), 'utf8');

describe('Docusaurus pins', () => {
  const pins = Object.entries({...pkg.dependencies, ...pkg.devDependencies}).filter(([name]) => name.startsWith('@docusaurus/'));

  it('pins every @docusaurus package to the exact version installed', () => {
    expect(pins.length).toBeGreaterThan(5);
    for (const [name, range] of pins) {
      expect(range, name).toMatch(/^\d+\.\d+\.\d+$/);
      // Read from node_modules as Node finds it (some of these packages do not export their package.json).
      const file = [website, path.dirname(website)].map((dir) => path.join(dir, 'node_modules', name, 'package.json')).find((f) => existsSync(f));
      expect(file, `${name} is installed`).toBeDefined();
      const installed = JSON.parse(readFileSync(file!, 'utf8')).version;
      expect(installed, name).toBe(range);
    }
  });
});

describe('INTERNALS.md', () => {
  it('lists every plugin that swaps a module', () => {
    const swapping = readdirSync(__dirname, {withFileTypes: true})
      .filter((e) => e.isDirectory())
      .filter((e) => readdirSync(path.join(__dirname, e.name)).some((f) => /\.tsx?$/.test(f) && !f.includes('.test.') && /\b(moduleSwap|createSwap)\(/.test(readFileSync(path.join(__dirname, e.name, f), 'utf8'))))
      .map((e) => e.name);
    expect(swapping.sort()).toEqual(['article-on-demand', 'client-data', 'head', 'highlight', 'hoist-statics', 'lazy-routes', 'preact', 'prefetch', 'progress-bar', 'react-utils', 'route-matching', 'route-sections', 'stable-tabs', 'window-size']);
    for (const name of swapping) expect(internals).toContain(`| \`${name}\``);
  });

  it('no plugin replaces modules outside moduleSwap, where nothing would count the replacements', () => {
    const direct = readdirSync(__dirname, {recursive: true, encoding: 'utf8'})
      .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.') && !f.startsWith('module-swap'))
      .filter((f) => readFileSync(path.join(__dirname, f), 'utf8').includes('NormalModuleReplacementPlugin('));
    // The sandbox swaps modules of our own packages for its worker (plugins/sandbox), not Docusaurus's.
    expect(direct).toEqual([path.join('sandbox', 'index.ts')]);
  });
});

import {describe, expect, it} from 'vitest';
import {holdsMermaid, isMermaidChunk, mermaidPackages, modulesOf, packageOf, packagesOf, sourcesOf} from './manifest';

describe('chunk manifest', () => {
  it('names the package of a module path, scoped or not, loaders stripped', () => {
    expect(packageOf('./node_modules/d3-shape/src/line.js')).toBe('d3-shape');
    expect(packageOf('builtin:swc-loader??x!/w/node_modules/@mermaid-js/parser/dist/a.mjs')).toBe('@mermaid-js/parser');
    expect(packageOf('./src/components/SearchModal/index.tsx')).toBe('site');
    expect(packageOf('./.docusaurus-gates/registry.js')).toBe('docusaurus');
    expect(packagesOf(['./node_modules/b/x.js', './node_modules/a/y.js', './node_modules/a/z.js', ''])).toEqual(['a', 'b']);
  });

  it("lists the site's own source files, without loaders, queries or concatenation notes", () => {
    expect(
      sourcesOf([
        'builtin:swc-loader??ruleSet[1]!./src/components/SearchModal/index.tsx + 3 modules',
        './src/css/custom.css?raw',
        './node_modules/react/index.js',
        './.docusaurus/registry.js',
        './src/components/SearchModal/index.tsx',
      ]),
    ).toEqual(['src/components/SearchModal/index.tsx', 'src/css/custom.css']);
  });

  it("knows Mermaid's dependency closure from the installed packages", () => {
    const mermaid = mermaidPackages();
    expect(mermaid.has('mermaid')).toBe(true);
    expect(mermaid.has('d3')).toBe(true);
    expect(mermaid.has('react')).toBe(false);
    expect(isMermaidChunk(['dagre-d3-es', 'khroma'], mermaid)).toBe(true);
    expect(isMermaidChunk(['dagre-d3-es', 'site'], mermaid)).toBe(false);
    expect(isMermaidChunk([], mermaid)).toBe(false);
  });

  it("tells a script with Mermaid's own code from one that only shares its dependencies", () => {
    expect(holdsMermaid(['mermaid', 'd3'])).toBe(true);
    expect(holdsMermaid(['@mermaid-js/parser'])).toBe(true);
    expect(holdsMermaid(['d3', 'dompurify', 'site'])).toBe(false);
    expect(holdsMermaid([])).toBe(false);
  });

  it('matches module paths of the given packages only', () => {
    const re = modulesOf(['d3', '@mermaid-js/parser']);
    expect(re.test('/w/node_modules/d3/src/index.js')).toBe(true);
    expect(re.test('C:\\w\\node_modules\\@mermaid-js\\parser\\dist\\a.mjs')).toBe(true);
    expect(re.test('/w/node_modules/d3-shape/src/line.js')).toBe(false);
    expect(re.test('/w/src/d3/x.js')).toBe(false);
  });
});

import {describe, expect, it} from 'vitest';
import {RegistryFormatError, withoutModulePaths} from './registry';

// Two entries as @docusaurus/core 3.10 writes them (server/codegen/codegenRoutes.js, genRegistry).
const registry = `export default {
  "00e321e6": [() => import(/* webpackChunkName: "00e321e6" */ "/site/.docusaurus/api/operation-a.json"), "/site/.docusaurus/api/operation-a.json", require.resolveWeak("/site/.docusaurus/api/operation-a.json")],
  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],
  "5e95c892": [() => import(/* webpackChunkName: "5e95c892" */ "@site/docs/a \\"quoted\\" name.md"), "@site/docs/a \\"quoted\\" name.md", require.resolveWeak("@site/docs/a \\"quoted\\" name.md")],};
`;

describe('withoutModulePaths', () => {
  it('replaces each entry’s module path with 0 and keeps its loader and weak id', () => {
    const out = withoutModulePaths(registry);
    expect(out).toContain(`"00e321e6": [() => import(/* webpackChunkName: "00e321e6" */ "/site/.docusaurus/api/operation-a.json"), 0, require.resolveWeak("/site/.docusaurus/api/operation-a.json")],`);
    expect(out).toContain(`"17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), 0, require.resolveWeak("@theme/DocItem")],`);
    expect(out).toContain(`"5e95c892": [() => import(/* webpackChunkName: "5e95c892" */ "@site/docs/a \\"quoted\\" name.md"), 0, require.resolveWeak(`);
    // Each path now appears twice per entry (import and resolveWeak), not three times.
    expect(out.split('operation-a.json').length - 1).toBe(2);
  });

  it('gives JavaScript of the same shape: each entry is [function, 0, id]', () => {
    const out = withoutModulePaths(registry);
    const body = out.replace('export default ', 'return ').replace(/\(\) => import\([^)]*\)/g, '() => null').replace(/require\.resolveWeak\(("(?:[^"\\]|\\.)*")\)/g, '$1');
    const value = new Function(body)() as Record<string, [unknown, unknown, unknown]>;
    expect(Object.keys(value).sort()).toEqual(['00e321e6', '17896441', '5e95c892']);
    for (const entry of Object.values(value)) {
      expect(typeof entry[0]).toBe('function');
      expect(entry[1]).toBe(0);
      expect(typeof entry[2]).toBe('string');
    }
  });

  it('fails when an entry is in another form, instead of leaving its path', () => {
    const changed = registry.replace('"@theme/DocItem", require.resolveWeak', '"@theme/Other", require.resolveWeak');
    expect(() => withoutModulePaths(changed)).toThrow(RegistryFormatError);
    expect(() => withoutModulePaths(registry.replace(/, "@theme\/DocItem", /, ', '))).toThrow(/rewrote 2 of 3/);
  });

  it('leaves an empty registry alone', () => {
    expect(withoutModulePaths('export default {\n};\n')).toBe('export default {\n};\n');
  });
});

import {afterEach, describe, expect, it} from 'vitest';
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {transform} from './loader';

const version = {
  version: {
    label: 'Next',
    docsSidebars: {documentation: [{type: 'category', label: 'A', href: '/category/a', items: [{type: 'link', href: '/one', label: 'One', docId: 'one'}]}]},
    docs: {one: {id: 'one', title: 'One', description: 'The first.', sidebar: 'documentation'}},
  },
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, {recursive: true, force: true});
  dir = undefined;
});

/** A docs plugin's route props folder as Docusaurus writes it. */
function propsFolder(): string {
  dir = mkdtempSync(path.join(tmpdir(), 'client-data-'));
  const p = path.join(dir, 'docusaurus-plugin-content-docs', 'default', 'p');
  mkdirSync(p, {recursive: true});
  writeFileSync(path.join(p, 'index-466.json'), JSON.stringify(version));
  writeFileSync(path.join(p, 'category-a-123.json'), JSON.stringify({categoryGeneratedIndex: {title: 'A', permalink: '/category/a', sidebar: 'documentation'}}));
  return p;
}

describe('the client-data loader', () => {
  it('strips descriptions from the version data', () => {
    const p = propsFolder();
    const out = JSON.parse(transform(JSON.stringify(version), {resourcePath: path.join(p, 'index-466.json'), addDependency: () => {}}));
    expect(out.version.docs.one).toEqual({id: 'one', title: 'One', sidebar: 'documentation'});
  });

  it('gives a generated index its cards’ descriptions from the version data beside it, and depends on that file', () => {
    const p = propsFolder();
    const deps: string[] = [];
    const source = JSON.stringify({categoryGeneratedIndex: {title: 'A', permalink: '/category/a', sidebar: 'documentation'}});
    const out = JSON.parse(transform(source, {resourcePath: path.join(p, 'category-a-123.json'), addDependency: (f) => deps.push(f)}));
    expect(out.cardDescriptions).toEqual({one: 'The first.'});
    expect(deps).toEqual([path.join(p, 'index-466.json')]);
  });

  /** A generated folder with a route table of one page (in section `a`), its chunk names and registry. */
  function generatedFolder(): string {
    dir = mkdtempSync(path.join(tmpdir(), 'client-data-'));
    writeFileSync(path.join(dir, 'routesChunkNames.json'), JSON.stringify({'/a-1f2': {__comp: 'c0ffee00'}}));
    writeFileSync(path.join(dir, 'routes.js'), ROUTES);
    writeFileSync(path.join(dir, 'registry.js'), REGISTRY);
    return dir;
  }
  const ROUTES = `export default [\n  {\n    path: '/a',\n    component: ComponentCreator('/a', '1f2'),\n    exact: true\n  },\n];\n`;
  const REGISTRY = `export default {\n  "c0ffee00": [() => import(/* webpackChunkName: "c0ffee00" */ "@theme/X"), "@theme/X", require.resolveWeak("@theme/X")],\n  "b": [() => import(/* webpackChunkName: "b" */ "@theme/Y"), "@theme/Y", require.resolveWeak("@theme/Y")],};\n`;

  it('rewrites the registry (module paths out, section entries out) and leaves other route props as they are', () => {
    const g = generatedFolder();
    const deps: string[] = [];
    const out = transform(REGISTRY, {resourcePath: path.join(g, 'registry.js'), addDependency: (f) => deps.push(f)});
    expect(out).toContain('"@theme/Y"), 0, require');
    expect(out).not.toContain('@theme/X');
    expect(deps.sort()).toEqual([path.join(g, 'routes.js'), path.join(g, 'routesChunkNames.json')]);
    const p = propsFolder();
    const other = JSON.stringify({tag: {label: 'x'}});
    expect(transform(other, {resourcePath: path.join(p, 'tag-x.json'), addDependency: () => {}})).toBe(other);
  });

  it('cuts the route table by section, with chunk names from the file beside it, and empties that file', () => {
    const g = generatedFolder();
    const deps: string[] = [];
    const table = transform(ROUTES, {resourcePath: path.join(g, 'routes.js'), addDependency: (f) => deps.push(f)});
    expect(table).toContain(`export default withSections([], [[]], {"a": () => import(/* webpackChunkName: "routes-a" */ ${JSON.stringify(path.join(g, 'routes.js') + '?section=a')})});`);
    expect(deps).toEqual([path.join(g, 'routesChunkNames.json')]);
    const section = transform(ROUTES, {resourcePath: path.join(g, 'routes.js'), resourceQuery: '?section=a', addDependency: () => {}});
    expect(section).toContain(`ComponentCreator("/a", "1f2", {"__comp":"c0ffee00"})`);
    expect(section).toContain('"c0ffee00": [() => import(/* webpackChunkName: "c0ffee00" */ "@theme/X"), 0, require.resolveWeak("@theme/X")]');
    expect(transform('{"/a-1f2":{"__comp":"c0ffee00"}}', {resourcePath: path.join(g, 'routesChunkNames.json'), addDependency: () => {}})).toBe('{}');
  });

  it('is loadable by the bundler from plain Node (loader.cjs)', () => {
    const loader = createRequire(import.meta.url)('./loader.cjs') as {default: (this: unknown, s: string) => string};
    const fn = typeof loader === 'function' ? loader : loader.default;
    expect(typeof fn).toBe('function');
  });
});

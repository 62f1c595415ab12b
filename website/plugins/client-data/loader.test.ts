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
  it('strips the doc entries and the sidebars from the version data', () => {
    const p = propsFolder();
    const out = JSON.parse(transform(JSON.stringify(version), {resourcePath: path.join(p, 'index-466.json'), addDependency: () => {}}));
    expect(out.version.docs).toEqual({});
    expect(out.version.docsSidebars).toEqual({});
    expect(out.version.label).toBe('Next');
  });

  it('gives a generated index its cards’ doc entries from the version data beside it, and depends on that file', () => {
    const p = propsFolder();
    const deps: string[] = [];
    const source = JSON.stringify({categoryGeneratedIndex: {title: 'A', permalink: '/category/a', sidebar: 'documentation'}});
    const out = JSON.parse(transform(source, {resourcePath: path.join(p, 'category-a-123.json'), addDependency: (f) => deps.push(f)}));
    expect(out.cardDocs).toEqual({one: version.version.docs.one});
    expect(deps).toEqual([path.join(p, 'index-466.json')]);
  });

  /** A generated folder with a route table of one page (in section `a`), its chunk names and registry. */
  function generatedFolder(): string {
    dir = mkdtempSync(path.join(tmpdir(), 'client-data-'));
    writeFileSync(path.join(dir, 'routesChunkNames.json'), JSON.stringify({'/a-1f2': {__comp: 'c0ffee00'}}));
    writeFileSync(path.join(dir, 'routes.js'), ROUTES);
    writeFileSync(path.join(dir, 'registry.js'), REGISTRY);
    writeFileSync(path.join(dir, 'globalData.json'), JSON.stringify(GLOBAL_DATA));
    return dir;
  }
  const GLOBAL_DATA = {
    'docusaurus-plugin-content-docs': {
      default: {path: '/', versions: [{name: 'current', mainDocId: 'home', docs: [{id: 'home', path: '/'}, {id: 'a', path: '/a', sidebar: 'documentation'}]}]},
    },
  };
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

  it('has each part of the route table add the sidebars its routes name, and only those', () => {
    const g = generatedFolder();
    const docs = path.join(g, 'docusaurus-plugin-content-docs', 'default', 'p');
    mkdirSync(docs, {recursive: true});
    const sidebars = {documentation: [{type: 'link', href: '/a', label: 'A'}], other: [{type: 'link', href: '/b', label: 'Only in the other sidebar'}]};
    writeFileSync(path.join(docs, 'index-466.json'), JSON.stringify({version: {...version.version, docsSidebars: sidebars}}));
    const routes = `export default [\n  {\n    path: '/a',\n    component: ComponentCreator('/a', '1f2'),\n    exact: true,\n    sidebar: "documentation"\n  },\n  {\n    path: '/:b',\n    component: ComponentCreator('/:b', '1f3'),\n    sidebar: "other"\n  },\n];\n`;
    writeFileSync(path.join(g, 'routesChunkNames.json'), JSON.stringify({'/a-1f2': {__comp: 'c0ffee00'}, '/:b-1f3': {__comp: 'b'}}));
    const deps: string[] = [];
    const section = transform(routes, {resourcePath: path.join(g, 'routes.js'), resourceQuery: '?section=a', addDependency: (f) => deps.push(f)});
    expect(section).toContain(`addSidebars({"documentation": ${JSON.stringify(sidebars.documentation)}});`);
    expect(section).not.toContain('Only in the other sidebar');
    expect(deps).toContain(path.join(docs, 'index-466.json'));
    // The route with a parameter stays in the table every page loads; its sidebar comes in a chunk of its own.
    const table = transform(routes, {resourcePath: path.join(g, 'routes.js'), addDependency: () => {}});
    expect(table).toContain(`withSidebarLoaders({"other": () => import(/* webpackChunkName: "sidebar-other" */ ${JSON.stringify(path.join(g, 'routes.js') + '?sidebar=other')})});`);
    expect(table).not.toContain('Only in the other sidebar');
    expect(table).not.toContain('"documentation"');
    const own = transform(routes, {resourcePath: path.join(g, 'routes.js'), resourceQuery: '?sidebar=other', addDependency: () => {}});
    expect(own).toContain(`addSidebars({"other": ${JSON.stringify(sidebars.other)}});`);
    expect(own).not.toContain('"documentation"');
  });

  it('fails the build when a route names a sidebar no version data holds, or two version data files could name sidebars alike', () => {
    const g = generatedFolder();
    const docs = path.join(g, 'docusaurus-plugin-content-docs', 'default', 'p');
    mkdirSync(docs, {recursive: true});
    writeFileSync(path.join(docs, 'index-466.json'), JSON.stringify(version));
    const routes = ROUTES.replace('exact: true', 'exact: true,\n    sidebar: "missing"');
    expect(() => transform(routes, {resourcePath: path.join(g, 'routes.js'), resourceQuery: '?section=a', addDependency: () => {}})).toThrow(
      /names the sidebar "missing", which the docs version data lacks/,
    );
    writeFileSync(path.join(docs, 'version-2-abc.json'), JSON.stringify(version));
    expect(() => transform(ROUTES, {resourcePath: path.join(g, 'routes.js'), addDependency: () => {}})).toThrow(/expect one docs version data file, found 2/);
  });

  it('leaves the docs of a section out of the global data, and has the section’s module add them', () => {
    const g = generatedFolder();
    const deps: string[] = [];
    const data = JSON.parse(transform(JSON.stringify(GLOBAL_DATA), {resourcePath: path.join(g, 'globalData.json'), addDependency: (f) => deps.push(f)}));
    expect(data['docusaurus-plugin-content-docs'].default.versions[0].docs).toEqual([{id: 'home', path: '/'}]);
    expect(deps).toEqual([path.join(g, 'routes.js')]);
    const section = transform(ROUTES, {resourcePath: path.join(g, 'routes.js'), resourceQuery: '?section=a', addDependency: () => {}});
    expect(section).toContain(`addDocs([["default","current",[{"id":"a","path":"/a","sidebar":"documentation"}]]]);`);
    // A doc the navbar names stays in the global data every page loads, and no section adds it again.
    const options = {getOptions: () => ({keepDocIds: ['a']})};
    const kept = JSON.parse(transform(JSON.stringify(GLOBAL_DATA), {resourcePath: path.join(g, 'globalData.json'), addDependency: () => {}, ...options}));
    expect(kept['docusaurus-plugin-content-docs'].default.versions[0].docs.map((d: {id: string}) => d.id)).toEqual(['home', 'a']);
    expect(transform(ROUTES, {resourcePath: path.join(g, 'routes.js'), resourceQuery: '?section=a', addDependency: () => {}, ...options})).not.toContain('addDocs');
  });

  it('is loadable by the bundler from plain Node (loader.cjs)', () => {
    const loader = createRequire(import.meta.url)('./loader.cjs') as {default: (this: unknown, s: string) => string};
    const fn = typeof loader === 'function' ? loader : loader.default;
    expect(typeof fn).toBe('function');
  });
});

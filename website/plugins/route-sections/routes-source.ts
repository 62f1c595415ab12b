/**
 * The sources of the client compilation's route table and chunk registry,
 * cut by section (sections.ts): plugins/client-data's loader returns these
 * in place of Docusaurus's `.docusaurus/routes.js` and `registry.js`, and a
 * section's module is `routes.js?section=<name>`, so the bundler makes one
 * chunk of each (named by `sectionChunkName`).
 *
 * Each `ComponentCreator` call gets the route's chunk names as a third
 * argument (plugins/lazy-routes puts them where Docusaurus reads them), so
 * the browser's `routesChunkNames.json` stays empty.
 */
import {isSectionRoute, sectionChunkName, sectionOf, sidebarChunkName, splitFirsts, splitTable, type RouteShape} from './sections';

export class RoutesSourceError extends Error {}

/** A route as the generated table declares it; `component` stands for its ComponentCreator call. */
interface GeneratedRoute extends RouteShape {
  path: string;
  component?: Creator;
  routes?: GeneratedRoute[];
  [attribute: string]: unknown;
}

class Creator {
  constructor(
    readonly path: string,
    readonly hash: string | undefined,
  ) {}
  get key(): string {
    return `${this.path}-${this.hash}`;
  }
}

/** Evaluates `routes.js` as Docusaurus writes it (core's codegenRoutes.js), with a ComponentCreator that records its arguments. */
export function readGeneratedRoutes(source: string): GeneratedRoute[] {
  const body = source.replace(/^import .*$/gm, '').replace(/export default/, 'return');
  let calls = 0;
  const routes = new Function('ComponentCreator', body)((path: string, hash?: string) => {
    calls += 1;
    return new Creator(path, hash);
  }) as GeneratedRoute[];
  const written = source.match(/ComponentCreator\(/g)?.length ?? 0;
  // One more `ComponentCreator(` than calls means the file imports or defines something this does not expect.
  if (calls !== written) throw new RoutesSourceError(`route-sections: routes.js makes ${calls} ComponentCreator calls but spells ${written}; its format changed`);
  return routes;
}

/** Chunk names of each route, keyed like `routesChunkNames.json`. */
export type RoutesChunkNames = Record<string, unknown>;

function leafNames(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(leafNames);
  return [];
}

function emitRoute(route: GeneratedRoute, chunkNames: RoutesChunkNames): string {
  const parts = Object.entries(route).map(([key, value]) => {
    if (key === 'component' && value instanceof Creator) {
      if (value.hash === undefined) return `component: ComponentCreator(${JSON.stringify(value.path)})`;
      const names = chunkNames[value.key];
      if (names === undefined) throw new RoutesSourceError(`route-sections: route ${value.key} of routes.js has no chunk names in routesChunkNames.json`);
      return `component: ComponentCreator(${JSON.stringify(value.path)}, ${JSON.stringify(value.hash)}, ${JSON.stringify(names)})`;
    }
    if (key === 'routes' && Array.isArray(value)) return `routes: [${(value as GeneratedRoute[]).map((r) => emitRoute(r, chunkNames)).join(',\n')}]`;
    return `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  });
  return `{${parts.join(', ')}}`;
}

const CREATOR_IMPORT = "import ComponentCreator from '@docusaurus/ComponentCreator';";

/** The names of the sidebars the routes (and the routes nested in them) name, sorted. */
export function sidebarNamesOf(routes: readonly GeneratedRoute[]): string[] {
  const names = new Set<string>();
  const visit = (list: readonly GeneratedRoute[]) => {
    for (const route of list) {
      if (typeof route.sidebar === 'string') names.add(route.sidebar);
      if (route.routes) visit(route.routes);
    }
  };
  visit(routes);
  return [...names].sort();
}

/** Where the sidebars come from: the docs version data's sidebars, and the browser module that keeps them (sidebars.ts). */
export interface SidebarSource {
  sidebars: Record<string, unknown>;
  store: string;
}

/** The docs a section adds to the global data (plugins/client-data/global-docs.ts), and the browser module that adds them (docs-data.ts). */
export interface SectionDocsSource {
  docs: (section: string) => readonly unknown[];
  store: string;
}

/** The statements that add a section's docs to the browser's global data (none when it has none). */
function addDocsSource(section: string, source: SectionDocsSource | undefined): string[] {
  const docs = source?.docs(section) ?? [];
  if (!source || docs.length === 0) return [];
  return [`import {addDocs} from ${JSON.stringify(source.store)};`, `addDocs(${JSON.stringify(docs)});`];
}

/** The statements that add the named sidebars to the browser's store (none when no route names one). */
function addSidebarsSource(names: readonly string[], source: SidebarSource | undefined): string[] {
  if (names.length === 0) return [];
  if (!source) throw new RoutesSourceError(`route-sections: routes name the sidebars ${names.join(', ')}, but no docs version data holds sidebars`);
  const entries = names.map((name) => {
    const items = source.sidebars[name];
    if (items === undefined) throw new RoutesSourceError(`route-sections: a route names the sidebar ${JSON.stringify(name)}, which the docs version data lacks`);
    return `${JSON.stringify(name)}: ${JSON.stringify(items)}`;
  });
  return [`import {addSidebars} from ${JSON.stringify(source.store)};`, `addSidebars({${entries.join(',\n')}});`];
}

/** The module of a sidebar named by a route of the table every page loads (`<routes.js>?sidebar=<name>`). */
export function sidebarSource(name: string, sidebars: SidebarSource | undefined): string {
  return [...addSidebarsSource([name], sidebars), ''].join('\n');
}

/** The module request of a sidebar's own chunk. */
export const sidebarRequest = (routesFile: string, name: string): string => `${routesFile}?sidebar=${encodeURIComponent(name)}`;

/** The sidebar a module request names, from the bundler's resource query (`?sidebar=…`), or undefined. */
export function sidebarOfQuery(resourceQuery: string): string | undefined {
  return new URLSearchParams(resourceQuery.replace(/^\?/, '')).get('sidebar') ?? undefined;
}

/**
 * The statements that register a loader for each sidebar the table every
 * page loads names (the home page's): a chunk each, which preload.ts loads
 * when an address matches such a route, so no page carries a sidebar it
 * does not show.
 */
function sidebarLoadersSource(names: readonly string[], routesFile: string, source: SidebarSource | undefined): string[] {
  if (names.length === 0) return [];
  if (!source) throw new RoutesSourceError(`route-sections: routes name the sidebars ${names.join(', ')}, but no docs version data holds sidebars`);
  const loaders = names.map(
    (name) => `${JSON.stringify(name)}: () => import(/* webpackChunkName: ${JSON.stringify(sidebarChunkName(name))} */ ${JSON.stringify(sidebarRequest(routesFile, name))})`,
  );
  return [`import {withSidebarLoaders} from ${JSON.stringify(source.store)};`, `withSidebarLoaders({${loaders.join(',\n')}});`];
}

/** The module that loads a section's routes (`<routes.js>?section=<name>`). */
export const sectionRequest = (routesFile: string, section: string): string => `${routesFile}?section=${encodeURIComponent(section)}`;

/** The section a module request names, from the bundler's resource query (`?section=…`), or undefined. */
export function sectionOfQuery(resourceQuery: string): string | undefined {
  const section = new URLSearchParams(resourceQuery.replace(/^\?/, '')).get('section');
  return section ?? undefined;
}

/**
 * The client's `routes.js`: the table without the sections' routes, handed
 * to client.ts with each list's kept positions and a loader per section.
 */
export function clientRoutesSource(
  source: string,
  chunkNames: RoutesChunkNames,
  routesFile: string,
  clientModule: string,
  sidebars?: SidebarSource,
): string {
  const {skeleton, kept, sections} = splitTable(readGeneratedRoutes(source));
  const loaders = [...sections.keys()]
    .sort()
    .map(
      (section) =>
        `${JSON.stringify(section)}: () => import(/* webpackChunkName: ${JSON.stringify(sectionChunkName(section))} */ ${JSON.stringify(sectionRequest(routesFile, section))})`,
    );
  return [
    CREATOR_IMPORT,
    `import {withSections} from ${JSON.stringify(clientModule)};`,
    ...sidebarLoadersSource(sidebarNamesOf(skeleton), routesFile, sidebars),
    `export default withSections([${skeleton.map((r) => emitRoute(r, chunkNames)).join(',\n')}], ${JSON.stringify(kept)}, {${loaders.join(',\n')}});`,
    '',
  ].join('\n');
}

/** One registry entry as the client's registry source has it (after plugins/client-data/registry.ts). */
const REGISTRY_ENTRY = /^ {2}"([^"]+)": (\[\(\) => .*?, 0, require\.resolveWeak\("(?:[^"\\]|\\.)*"\)\]),(\};)?$/gm;

/** Chunk name → the section whose routes alone name it. */
export function sectionOfChunkNames(routes: readonly GeneratedRoute[], chunkNames: RoutesChunkNames): Map<string, string> {
  const split = splitFirsts(routes);
  const owners = new Map<string, Set<string | null>>();
  const visit = (list: readonly GeneratedRoute[]) => {
    for (const route of list) {
      const owner = isSectionRoute(route) ? sectionOf(route.path, split) : null;
      if (route.component instanceof Creator && route.component.hash !== undefined) {
        for (const name of leafNames(chunkNames[route.component.key])) {
          let set = owners.get(name);
          if (!set) owners.set(name, (set = new Set()));
          set.add(owner);
        }
      }
      if (route.routes) visit(route.routes);
    }
  };
  visit(routes);
  const only = new Map<string, string>();
  for (const [name, set] of owners) {
    const [owner] = set;
    if (set.size === 1 && typeof owner === 'string') only.set(name, owner);
  }
  return only;
}

/** Splits the client's registry source: what stays in it, and each section's entries (as object entry texts). */
export function splitRegistry(registry: string, owners: ReadonlyMap<string, string>): {kept: string; sections: Map<string, string[]>} {
  const sections = new Map<string, string[]>();
  let moved = 0;
  const kept = registry.replace(REGISTRY_ENTRY, (line, name: string, entry: string, end: string | undefined) => {
    const section = owners.get(name);
    if (section === undefined) return line;
    moved += 1;
    let entries = sections.get(section);
    if (!entries) sections.set(section, (entries = []));
    entries.push(`${JSON.stringify(name)}: ${entry}`);
    return end ? '};' : '';
  });
  if (moved !== owners.size) {
    // A chunk name the routes use that is not in the registry's expected form: fail rather than lose its loader.
    throw new RoutesSourceError(`route-sections: moved ${moved} of ${owners.size} registry entries; the format of registry.js changed`);
  }
  return {kept, sections};
}

/**
 * The module of one section: its registry entries added to the shared
 * registry, the sidebars its routes name and the docs at its addresses added
 * to the browser's, then its routes with their positions.
 */
export function sectionSource(
  source: string,
  chunkNames: RoutesChunkNames,
  registry: string,
  section: string,
  sidebars?: SidebarSource,
  docs?: SectionDocsSource,
): string {
  const routes = readGeneratedRoutes(source);
  const {sections} = splitTable(routes);
  const entries = sections.get(section);
  if (!entries) throw new RoutesSourceError(`route-sections: no section ${JSON.stringify(section)} in routes.js`);
  const registryEntries = splitRegistry(registry, sectionOfChunkNames(routes, chunkNames)).sections.get(section) ?? [];
  return [
    CREATOR_IMPORT,
    "import registry from '@generated/registry';",
    `Object.assign(registry, {${registryEntries.join(',\n')}});`,
    ...addSidebarsSource(sidebarNamesOf(entries.map(({route}) => route)), sidebars),
    ...addDocsSource(section, docs),
    `export default [${entries.map(({list, index, route}) => `[${list}, ${index}, ${emitRoute(route, chunkNames)}]`).join(',\n')}];`,
    '',
  ].join('\n');
}

/** Route path → its section, for the routes that travel in a section's module (the others have none). */
export function sectionOfRoutePath(source: string): (path: string) => string | undefined {
  const {sections} = splitTable(readGeneratedRoutes(source));
  const map = new Map<string, string>();
  for (const [section, entries] of sections) for (const {route} of entries) map.set(route.path, section);
  return (path) => map.get(path);
}

/** The client's registry: the entries no section alone names. */
export function clientRegistrySource(registry: string, routesSource: string, chunkNames: RoutesChunkNames): string {
  return splitRegistry(registry, sectionOfChunkNames(readGeneratedRoutes(routesSource), chunkNames)).kept;
}

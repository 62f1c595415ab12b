/**
 * The client compilation's loader for files Docusaurus generates (index.ts
 * picks them): the chunk registry loses its module paths (registry.ts), the
 * route table gets each route's chunk names and `routesChunkNames.json` is
 * left empty (routes.ts), the docs version data loses its doc entries and
 * sidebars, generated-index pages get the doc entries of their cards
 * (version-data.ts), and each part of the route table adds the sidebars its
 * routes name (plugins/route-sections). Everything else passes through unchanged.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {withoutModulePaths} from './registry';
import {CLIENT_ROUTES_CHUNK_NAMES} from './routes';
import {
  clientRegistrySource,
  clientRoutesSource,
  sectionOfQuery,
  sectionOfRoutePath,
  sectionSource,
  sidebarOfQuery,
  sidebarSource,
  type SidebarSource,
} from '../route-sections/routes-source';
import {clientGlobalData, sectionDocs} from './global-docs';
import {clientVersionProps, isCategoryIndexProps, isVersionProps, withCardDocs, type VersionProps} from './version-data';

/** The browser's half of the route table cut by section (plugins/route-sections). */
const SECTIONS_CLIENT = path.join(__dirname, '..', 'route-sections', 'client.ts');
/** The browser's store of the sidebars the loaded sections name (plugins/route-sections). */
const SIDEBARS_CLIENT = path.join(__dirname, '..', 'route-sections', 'sidebars.ts');
/** The browser module that puts a section's docs back into the global data (plugins/route-sections). */
const DOCS_CLIENT = path.join(__dirname, '..', 'route-sections', 'docs-data.ts');
/** The docs plugin's generated files, beside `routes.js`. */
const DOCS_PLUGIN_DIR = 'docusaurus-plugin-content-docs';

/** What this loader uses of the bundler's loader context. */
export interface LoaderContext {
  resourcePath: string;
  /** `?section=<name>` for a section of the route table (plugins/route-sections), else empty. */
  resourceQuery?: string;
  addDependency: (file: string) => void;
  /** The loader's options (index.ts): the doc ids the navbar names, which the global data keeps on every page. */
  getOptions?: () => {keepDocIds?: string[]};
}

/**
 * The docs version data of the site (`<generated>/docusaurus-plugin-content-docs/<id>/p/*.json`), read for its
 * sidebars. The browser keeps sidebars by name only, so two version data files (two docs instances, or versions)
 * could name two different sidebars alike: that fails the build rather than show one in place of the other.
 */
export function siteVersionProps(generatedDir: string, addDependency: (file: string) => void): VersionProps | undefined {
  const root = path.join(generatedDir, DOCS_PLUGIN_DIR);
  if (!existsSync(root)) return undefined;
  const found: {file: string; props: VersionProps}[] = [];
  for (const instance of readdirSync(root).sort()) {
    const dir = path.join(root, instance, 'p');
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
      const file = path.join(dir, name);
      const props: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (isVersionProps(props)) found.push({file, props});
    }
  }
  if (found.length > 1) {
    throw new Error(`client-data: sidebars by section expect one docs version data file, found ${found.length}: ${found.map((f) => f.file).join(', ')}`);
  }
  if (found[0]) addDependency(found[0].file);
  return found[0]?.props;
}

const keepDocIds = (context: LoaderContext): Set<string> => new Set(context.getOptions?.().keepDocIds ?? []);

export function transform(source: string, context: LoaderContext): string {
  const file = context.resourcePath;
  const beside = (name: string): string => {
    const sibling = path.join(path.dirname(file), name);
    context.addDependency(sibling);
    return readFileSync(sibling, 'utf8');
  };
  if (path.basename(file) === 'routes.js') {
    const chunkNames = JSON.parse(beside('routesChunkNames.json')) as Record<string, unknown>;
    const version = siteVersionProps(path.dirname(file), (f) => context.addDependency(f));
    const sidebars: SidebarSource | undefined = version && {sidebars: version.version.docsSidebars, store: SIDEBARS_CLIENT};
    const sidebar = sidebarOfQuery(context.resourceQuery ?? '');
    if (sidebar !== undefined) return sidebarSource(sidebar, sidebars);
    const section = sectionOfQuery(context.resourceQuery ?? '');
    if (section !== undefined) {
      const globalData = JSON.parse(beside('globalData.json')) as Record<string, unknown>;
      const docs = {docs: (name: string) => sectionDocs(globalData, sectionOfRoutePath(source), keepDocIds(context), name), store: DOCS_CLIENT};
      return sectionSource(source, chunkNames, withoutModulePaths(beside('registry.js')), section, sidebars, docs);
    }
    return clientRoutesSource(source, chunkNames, file, SECTIONS_CLIENT, sidebars);
  }
  if (path.basename(file) === 'routesChunkNames.json') return CLIENT_ROUTES_CHUNK_NAMES;
  if (path.basename(file) === 'globalData.json') {
    return JSON.stringify(clientGlobalData(JSON.parse(source) as Record<string, unknown>, sectionOfRoutePath(beside('routes.js')), keepDocIds(context)));
  }
  if (path.basename(file) === 'registry.js') {
    return clientRegistrySource(withoutModulePaths(source), beside('routes.js'), JSON.parse(beside('routesChunkNames.json')) as Record<string, unknown>);
  }
  const props: unknown = JSON.parse(source);
  if (isVersionProps(props)) return JSON.stringify(clientVersionProps(props));
  if (isCategoryIndexProps(props)) {
    // The file is `<generated>/docusaurus-plugin-content-docs/<id>/p/<name>.json`.
    const version = siteVersionProps(path.resolve(path.dirname(file), '..', '..', '..'), (f) => context.addDependency(f));
    if (!version) throw new Error(`client-data: no docs version data for the generated index ${props.categoryGeneratedIndex.permalink} (${file})`);
    return JSON.stringify(withCardDocs(props, version.version));
  }
  return source;
}

export default function clientDataLoader(this: LoaderContext, source: string): string {
  return transform(source, this);
}

/**
 * The client compilation's loader for files Docusaurus generates (index.ts
 * picks them): the chunk registry loses its module paths (registry.ts), the
 * route table gets each route's chunk names and `routesChunkNames.json` is
 * left empty (routes.ts), the docs version data loses its descriptions, and
 * generated-index pages get the descriptions of their cards
 * (descriptions.ts). Everything else passes through unchanged.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {withoutModulePaths} from './registry';
import {CLIENT_ROUTES_CHUNK_NAMES} from './routes';
import {clientRegistrySource, clientRoutesSource, sectionOfQuery, sectionSource} from '../route-sections/routes-source';

/** The browser's half of the route table cut by section (plugins/route-sections). */
const SECTIONS_CLIENT = path.join(__dirname, '..', 'route-sections', 'client.ts');
import {isCategoryIndexProps, isVersionProps, withCardDescriptions, withoutDocDescriptions} from './descriptions';

/** What this loader uses of the bundler's loader context. */
export interface LoaderContext {
  resourcePath: string;
  /** `?section=<name>` for a section of the route table (plugins/route-sections), else empty. */
  resourceQuery?: string;
  addDependency: (file: string) => void;
}

/** The version data among the route props files of a docs plugin instance (`<plugin>/<id>/p/*.json`). */
function versionPropsBeside(file: string, permalink: string, addDependency: (file: string) => void) {
  const dir = path.dirname(file);
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const sibling = path.join(dir, name);
    const props: unknown = JSON.parse(readFileSync(sibling, 'utf8'));
    if (!isVersionProps(props)) continue;
    const sidebars = Object.values(props.version.docsSidebars).flat();
    // A site with several versions has one version file each: take the one whose sidebars hold the category.
    if (!JSON.stringify(sidebars).includes(JSON.stringify(permalink))) continue;
    addDependency(sibling);
    return props.version;
  }
  throw new Error(`client-data: no docs version data beside ${file} links to ${permalink}`);
}

export function transform(source: string, context: LoaderContext): string {
  const file = context.resourcePath;
  const beside = (name: string): string => {
    const sibling = path.join(path.dirname(file), name);
    context.addDependency(sibling);
    return readFileSync(sibling, 'utf8');
  };
  if (path.basename(file) === 'routes.js') {
    const chunkNames = JSON.parse(beside('routesChunkNames.json')) as Record<string, unknown>;
    const section = sectionOfQuery(context.resourceQuery ?? '');
    if (section !== undefined) return sectionSource(source, chunkNames, withoutModulePaths(beside('registry.js')), section);
    return clientRoutesSource(source, chunkNames, file, SECTIONS_CLIENT);
  }
  if (path.basename(file) === 'routesChunkNames.json') return CLIENT_ROUTES_CHUNK_NAMES;
  if (path.basename(file) === 'registry.js') {
    return clientRegistrySource(withoutModulePaths(source), beside('routes.js'), JSON.parse(beside('routesChunkNames.json')) as Record<string, unknown>);
  }
  const props: unknown = JSON.parse(source);
  if (isVersionProps(props)) return JSON.stringify(withoutDocDescriptions(props));
  if (isCategoryIndexProps(props)) {
    const version = versionPropsBeside(file, props.categoryGeneratedIndex.permalink, (f) => context.addDependency(f));
    return JSON.stringify(withCardDescriptions(props, version));
  }
  return source;
}

export default function clientDataLoader(this: LoaderContext, source: string): string {
  return transform(source, this);
}

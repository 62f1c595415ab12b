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
import {CLIENT_ROUTES_CHUNK_NAMES, withChunkNames} from './routes';
import {isCategoryIndexProps, isVersionProps, withCardDescriptions, withoutDocDescriptions} from './descriptions';

/** What this loader uses of the bundler's loader context. */
export interface LoaderContext {
  resourcePath: string;
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
  if (path.basename(file) === 'routes.js') {
    const chunkNamesFile = path.join(path.dirname(file), 'routesChunkNames.json');
    context.addDependency(chunkNamesFile);
    return withChunkNames(source, JSON.parse(readFileSync(chunkNamesFile, 'utf8')) as Record<string, unknown>);
  }
  if (path.basename(file) === 'routesChunkNames.json') return CLIENT_ROUTES_CHUNK_NAMES;
  if (file.endsWith('.js')) return withoutModulePaths(source);
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

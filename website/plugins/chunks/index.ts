import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {firstLoadFiles, parseRoutes} from './first-load';
import {packagesOf, sourcesOf, type ChunkManifest} from './manifest';
import {withScriptsAfterFirstPaint} from './after-first-paint';
import {htmlFileOf, withRouteScripts} from './route-scripts';
import {withPreloadsInHead} from './preloads-in-head';
import {findShells, shellCacheGroups, shellOfChunk} from './shells';

/** Where the manifest goes: beside the pages, under a dot name no page links to. */
export const MANIFEST_FILE = '.chunk-packages.json';
/** Route path → the files its first visit loads (first-load.ts), beside the pages too. */
export const FIRST_LOAD_FILE = '.first-load.json';
/** The client compilation's chunk groups, kept between the compilation and the post-build step (firstLoad below). */
const GROUPS_FILE = 'sigil-chunk-groups.json';

interface Groups {
  chunkGroups: Record<string, string[]>;
  entry: string[];
}

// Rspack's stats object, as far as this plugin reads it.
interface StatsModule {
  name?: string;
  modules?: StatsModule[];
}
interface StatsChunk {
  files?: string[];
  modules?: StatsModule[];
}
interface StatsGroup {
  assets?: {name: string}[];
}
interface StatsJson {
  chunks?: StatsChunk[];
  namedChunkGroups?: Record<string, StatsGroup>;
  entrypoints?: Record<string, StatsGroup>;
}
interface Compiler {
  hooks: {done: {tap: (name: string, fn: (stats: {toJson: (o: object) => StatsJson}) => void) => void}};
}

const filesOf = (group: StatsGroup | undefined): string[] => (group?.assets ?? []).map((a) => '/' + a.name).filter((f) => /\.(js|css)$/.test(f));

/**
 * Chunk files are named by number, so the build writes which packages and
 * which of the site's source files each script holds (`.chunk-packages.json`
 * in the output folder); the budget test uses it to tell what a page loads (a
 * widget's code, or a diagram renderer that must not come back: diagrams are
 * drawn at build time, plugins/diagrams).
 */
export default function chunks(context: LoadContext): Plugin {
  return {
    name: 'sigil-chunks',
    configureWebpack(config, isServer, {currentBundler}) {
      if (isServer) return {};
      // A development server serves from memory: the manifest describes a built site, and writing it would
      // overwrite the one of the build in the same folder.
      const outDir = config.mode === 'production' ? config.output?.path : undefined;
      // The route table is generated before the bundler is configured (shells.ts: route chunks merged by use).
      const generated = context.generatedFilesDir;
      const shells = findShells(
        parseRoutes(readFileSync(path.join(generated, 'routes.js'), 'utf8')),
        JSON.parse(readFileSync(path.join(generated, 'routesChunkNames.json'), 'utf8')) as Record<string, unknown>,
      );
      return {
        optimization: {
          splitChunks: {cacheGroups: shellCacheGroups(shells)},
          // The bundler's runtime goes into main.js, one response fewer on every page. Docusaurus keeps it apart so
          // that main.js can stay cached when only a page changes; here main.js holds the route table and the
          // chunk registry, which change with the pages anyway, so it is new on every deploy either way.
          runtimeChunk: false,
        },
        // Chunk files named by id only: a `[name]` in the file name costs the runtime every page loads a
        // table of all ~600 chunk names (about 4 KB gzip); the names are internal and mean nothing to a reader.
        // Six hex digits of content hash, not eight: the runtime lists every chunk's hash (about 0.5 KB gzip less), and
        // a file id paired with 16.7 million hashes is ample to tell one deploy's file from the next.
        output: {chunkFilename: 'assets/js/[id].[contenthash:6].js'},
        plugins: [
          // The prefetcher fetches a shell's file for the route chunks merged into it (plugins/prefetch/client.ts).
          new currentBundler.instance.DefinePlugin({__SIGIL_SHELL_OF__: `(${JSON.stringify(shellOfChunk(shells))})`}),
          {
            apply(compiler: Compiler) {
              compiler.hooks.done.tap('sigil-chunks', (stats) => {
                if (!outDir) return;
                const json = stats.toJson({chunks: true, chunkModules: true, nestedModules: true, chunkGroups: true, entrypoints: true, modules: false, assets: false, reasons: false, source: false});
                const groups: Groups = {
                  chunkGroups: Object.fromEntries(Object.entries(json.namedChunkGroups ?? {}).map(([name, group]) => [name, filesOf(group)])),
                  entry: filesOf(json.entrypoints?.main),
                };
                mkdirSync(context.generatedFilesDir, {recursive: true});
                writeFileSync(path.join(context.generatedFilesDir, GROUPS_FILE), JSON.stringify(groups));
                const manifest: ChunkManifest = {};
                for (const chunk of json.chunks ?? []) {
                  const names = (chunk.modules ?? []).flatMap((m) => (m.modules?.length ? m.modules : [m]).map((n) => n.name ?? ''));
                  const entry = {packages: packagesOf(names), sources: sourcesOf(names)};
                  for (const file of chunk.files ?? []) if (file.endsWith('.js')) manifest['/' + file] = entry;
                }
                mkdirSync(outDir, {recursive: true});
                writeFileSync(path.join(outDir, MANIFEST_FILE), JSON.stringify(manifest, null, 1));
              });
            },
          },
        ],
      };
    },
  };
}

/**
 * The post-build step: writes `.first-load.json` (route path → the files its
 * first visit loads), adds each route's own scripts to its page
 * (route-scripts.ts) and starts them after the first frame
 * (after-first-paint.ts), and moves the preload links React writes into the
 * app's element to `<head>` (preloads-in-head.ts). It rewrites pages, so it runs in the ordered chain
 * before the security headers hash them (plugins/redirects/inOrder.ts).
 */
export function firstLoad(context: LoadContext): Plugin {
  return {
    name: 'sigil-first-load',
    async postBuild({outDir}) {
      const groupsPath = path.join(context.generatedFilesDir, GROUPS_FILE);
      if (!existsSync(groupsPath)) throw new Error('sigil-first-load: no client compilation stats to compute first-load files from');
      const generated = context.generatedFilesDir;
      const files = firstLoadFiles({
        routes: parseRoutes(readFileSync(path.join(generated, 'routes.js'), 'utf8')),
        routesChunkNames: JSON.parse(readFileSync(path.join(generated, 'routesChunkNames.json'), 'utf8')) as Record<string, unknown>,
        ...(JSON.parse(readFileSync(groupsPath, 'utf8')) as Groups),
      });
      writeFileSync(path.join(outDir, FIRST_LOAD_FILE), JSON.stringify(files, null, 1));
      for (const [route, routeFiles] of Object.entries(files)) {
        const page = path.join(outDir, htmlFileOf(route));
        if (!existsSync(page)) throw new Error(`sigil-first-load: route ${route} has no page at ${page}`);
        const html = readFileSync(page, 'utf8');
        const updated = withPreloadsInHead(withScriptsAfterFirstPaint(withRouteScripts(html, routeFiles)));
        if (updated !== html) writeFileSync(page, updated);
      }
      // The not-found page is hydrated too, and is no route of the table.
      const notFound = path.join(outDir, '404.html');
      if (existsSync(notFound)) {
        const html = readFileSync(notFound, 'utf8');
        const updated = withPreloadsInHead(html);
        if (updated !== html) writeFileSync(notFound, updated);
      }
    },
  };
}

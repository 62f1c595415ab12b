import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {createSwap} from '../module-swap';
import {loaderCacheDependencies} from '../loader-cache';
import {navbarDocIds} from './global-docs';

const LOADER = path.join(__dirname, 'loader.cjs');
const TSLIB_HELPERS = path.join(__dirname, 'tslib-helpers.ts');
/** Requests made from inside @docusaurus/utils-common (CommonJS, which requires all of tslib for one helper). */
export const UTILS_COMMON_DIR = /[\\/]@docusaurus[\\/]utils-common[\\/]lib$/;

const OWN_FILES = [
  ...['index.ts', 'loader.cjs', 'loader.ts', 'registry.ts', 'routes.ts', 'version-data.ts', 'global-docs.ts', 'tslib-helpers.ts'],
  ...['sections.ts', 'routes-source.ts', 'sidebars.ts', 'docs-data.ts'].map((f) => path.join('..', 'route-sections', f)),
].map((f) => path.join(__dirname, f));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Trims what Docusaurus generates for every page's first load, in the client
 * compilation only (the server render keeps everything it reads): the chunk
 * registry's module paths, the doc entries and sidebars in the version data
 * every docs page loads, the docs list of the global data every page loads,
 * and the part of tslib nothing calls (README.md has
 * what each costs and why it is safe).
 */
export default function clientData(context: LoadContext): Plugin {
  const generated = context.generatedFilesDir;
  // The docs the navbar names: the theme looks each up by id on every page, so the global data keeps them (global-docs.ts).
  const keepDocIds = navbarDocIds((context.siteConfig.themeConfig as {navbar?: {items?: unknown}}).navbar?.items);
  const tslibSwap = createSwap({
    name: 'sigil-client-data (tslib)',
    request: /^tslib$/,
    replacement: TSLIB_HELPERS,
    applies: (resource) => UTILS_COMMON_DIR.test(resource.context ?? ''),
    clientOnly: true,
  });
  return {
    name: 'sigil-client-data',
    async postBuild() {
      tslibSwap.check();
    },
    configureWebpack(config, isServer, {currentBundler}) {
      if (isServer) return {};
      return {
        ...loaderCacheDependencies(config, OWN_FILES),
        plugins: [
          tslibSwap.plugin(currentBundler as never, isServer),
        ],
        module: {
          rules: [
            {
              // Runs on the generated source, before the site's own JavaScript loader.
              enforce: 'pre' as const,
              test: new RegExp(
                `^(?:${['registry.js', 'routes.js', 'routesChunkNames.json', 'globalData.json'].map((f) => escape(path.join(generated, f))).join('|')}|${escape(path.join(generated, 'docusaurus-plugin-content-docs'))}[\\\\/][^\\\\/]+[\\\\/]p[\\\\/][^\\\\/]+\\.json)$`,
              ),
              use: [{loader: LOADER, options: {keepDocIds}}],
            },
          ],
        },
      };
    },
  };
}

import type {Plugin} from '@docusaurus/types';

/** What the bundler's module replacement sees of an import: the request, the importing folder and the importer. */
export interface ModuleRequest {
  request: string;
  context?: string;
  contextInfo?: {issuer?: string};
}

export interface ModuleSwap {
  /** The plugin's name. */
  name: string;
  /** Requests worth a closer look (the bundler tests this first, cheaply). */
  request: RegExp;
  /** The module to use instead. */
  replacement: string;
  /** Whether this import is one to replace; every request `request` matches when absent. */
  applies?: (resource: ModuleRequest) => boolean;
  /** Only the browser build gets the replacement (the server render keeps the original). */
  clientOnly?: boolean;
}

/**
 * A plugin that has the build use one of our modules in place of a
 * Docusaurus one, for the imports `applies` picks. The site's changes to the
 * framework's behavior (plugins/lazy-routes, route-matching, stable-tabs,
 * window-size, prefetch) are all made this way, so each says only which
 * import it replaces and why.
 */
export function moduleSwap({name, request, replacement, applies = () => true, clientOnly = false}: ModuleSwap): Plugin {
  return {
    name,
    configureWebpack(_config, isServer, {currentBundler}) {
      if (clientOnly && isServer) return {};
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(request, (resource: ModuleRequest) => {
            if (applies(resource)) resource.request = replacement;
          }),
        ],
      };
    },
  };
}

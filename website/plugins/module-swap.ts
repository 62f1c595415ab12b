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

type Side = 'client' | 'server';
type Bundler = {instance: {NormalModuleReplacementPlugin: new (pattern: RegExp, fn: (resource: ModuleRequest) => void) => unknown}};

/**
 * One swap's bundler plugin and its tally. An upgrade of the framework that
 * moves or renames the module a swap matches would leave the swap silently
 * doing nothing (the site still builds, with the framework's own module), so
 * every swap counts the imports it replaced in each build it was given to,
 * and `check` says which of them had none.
 */
export function createSwap({name, request, replacement, applies = () => true, clientOnly = false}: ModuleSwap) {
  const replaced: Partial<Record<Side, number>> = {};
  return {
    /** The bundler plugin for one compilation, or undefined when this side keeps the original. */
    plugin(bundler: Bundler, isServer: boolean): unknown {
      if (clientOnly && isServer) return undefined;
      const side: Side = isServer ? 'server' : 'client';
      replaced[side] = 0;
      return new bundler.instance.NormalModuleReplacementPlugin(request, (resource: ModuleRequest) => {
        if (resource.request === replacement || !applies(resource)) return;
        resource.request = replacement;
        replaced[side] = (replaced[side] ?? 0) + 1;
      });
    },
    /** How many imports were replaced, per build configured so far. */
    counts: (): Partial<Record<Side, number>> => ({...replaced}),
    /** Throws when a build this swap was given to replaced nothing. */
    check(): void {
      const idle = (Object.keys(replaced) as Side[]).filter((side) => replaced[side] === 0);
      if (idle.length) {
        throw new Error(
          `${name}: no import matched ${request} in the ${idle.join(' and ')} build, so ${replacement} was not used. ` +
            'The framework module it replaces has moved or changed; see website/plugins/INTERNALS.md.',
        );
      }
    },
  };
}

/**
 * A plugin that has the build use one of our modules in place of a
 * Docusaurus one, for the imports `applies` picks. The site's changes to the
 * framework's behavior (plugins/lazy-routes, route-matching, stable-tabs,
 * window-size, prefetch, highlight, client-data's tslib, preact, head, progress-bar, hoist-statics) are all made this
 * way, so each says only which import it replaces and why; and a build in
 * which a swap replaced nothing fails (after bundling, before the site is
 * deployed), not ships the framework's module unnoticed.
 */
export function moduleSwap(options: ModuleSwap): Plugin {
  const swap = createSwap(options);
  return {
    name: options.name,
    configureWebpack(_config, isServer, {currentBundler}) {
      const plugin = swap.plugin(currentBundler as unknown as Bundler, isServer);
      return plugin ? {plugins: [plugin as never]} : {};
    },
    async postBuild() {
      swap.check();
    },
  };
}

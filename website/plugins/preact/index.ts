import type {LoadContext, Plugin} from '@docusaurus/types';
import {createSwap} from '../module-swap';

/**
 * React's entry points the browser build imports, and Preact's compatibility
 * layer module that stands in for each. `react-dom/server` is not here: only
 * the server render imports it, and the server keeps React.
 */
export const SWAPS: readonly PreactSwap[] = [
  {name: 'react', request: /^react(?:-dom)?$/, replacement: 'preact/compat'},
  {name: 'react-dom/client', request: /^react-dom\/client$/, replacement: 'preact/compat/client'},
  {name: 'react/jsx-runtime', request: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime'},
  // The development server compiles JSX to this entry point instead; left to
  // React 19, it reads React internals Preact does not have and the page stays blank.
  {name: 'react/jsx-dev-runtime', request: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime', mode: 'development'},
];

interface PreactSwap {
  name: string;
  request: RegExp;
  replacement: string;
  /** The only bundler mode that imports this entry point; every mode when absent. */
  mode?: 'development' | 'production';
}

/** The swaps a browser build in this bundler mode needs (each counted, so none may sit idle). */
export function swapsFor(mode: string | undefined): PreactSwap[] {
  return SWAPS.filter((swap) => !swap.mode || swap.mode === mode);
}

/**
 * The browser build runs on Preact's compatibility layer instead of React and
 * React DOM (about 58 KB gzip less on every page's first load; bench/PROFILE.md,
 * "Fifth look"). The server render keeps React: the HTML it writes is the
 * same markup, and Preact hydrates it. Each entry point is its own counted
 * swap, so a build in which one of them replaced nothing (a dependency that
 * moved to another React entry point) fails instead of shipping React beside
 * Preact.
 */
export default function preact(_context: LoadContext): Plugin {
  let swaps: ReturnType<typeof createSwap>[] = [];
  return {
    name: 'sigil-preact',
    configureWebpack(config, isServer, {currentBundler}) {
      if (isServer) return {};
      swaps = swapsFor(config.mode).map(({name, request, replacement}) =>
        createSwap({name: `sigil-preact (${name})`, request, replacement, clientOnly: true}),
      );
      return {plugins: swaps.map((swap) => swap.plugin(currentBundler as never, isServer) as never)};
    },
    async postBuild() {
      for (const swap of swaps) swap.check();
    },
  };
}

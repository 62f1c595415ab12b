import type {LoadContext, Plugin} from '@docusaurus/types';
import {createSwap} from '../module-swap';

/**
 * React's entry points the browser build imports, and Preact's compatibility
 * layer module that stands in for each. `react-dom/server` is not here: only
 * the server render imports it, and the server keeps React.
 */
export const SWAPS = [
  {name: 'react', request: /^react(?:-dom)?$/, replacement: 'preact/compat'},
  {name: 'react-dom/client', request: /^react-dom\/client$/, replacement: 'preact/compat/client'},
  {name: 'react/jsx-runtime', request: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime'},
] as const;

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
  const swaps = SWAPS.map(({name, request, replacement}) =>
    createSwap({name: `sigil-preact (${name})`, request, replacement, clientOnly: true}),
  );
  return {
    name: 'sigil-preact',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      return {plugins: swaps.map((swap) => swap.plugin(currentBundler as never, isServer) as never)};
    },
    async postBuild() {
      for (const swap of swaps) swap.check();
    },
  };
}

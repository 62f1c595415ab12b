import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const REPLACEMENT = path.join(__dirname, 'client.tsx');

/**
 * Has the client bundle use client.tsx wherever code imports
 * `react-router-config` (Docusaurus's App and route preloading, the docs
 * layouts through `@docusaurus/renderRoutes`, plugins/prefetch): the same two
 * functions, with a route lookup that does not test every route
 * (firstMatch.ts). The server render uses it too, so both draw the same tree.
 */
export default function routeMatching(): Plugin {
  return {
    name: 'sigil-route-matching',
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(/^react-router-config$/, (resource: {request: string}) => {
            resource.request = REPLACEMENT;
          }),
        ],
      };
    },
  };
}

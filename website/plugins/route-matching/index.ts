import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap} from '../module-swap';

const REPLACEMENT = path.join(__dirname, 'client.tsx');
/** The import replaced, wherever it is made. */
export const ROUTER_CONFIG_REQUEST = /^react-router-config$/;

/**
 * Has the client bundle use client.tsx wherever code imports
 * `react-router-config` (Docusaurus's App and route preloading, the docs
 * layouts through `@docusaurus/renderRoutes`, plugins/prefetch): the same two
 * functions, with a route lookup that does not test every route
 * (firstMatch.ts). The server render uses it too, so both draw the same tree.
 */
export default function routeMatching(): Plugin {
  return moduleSwap({name: 'sigil-route-matching', request: ROUTER_CONFIG_REQUEST, replacement: REPLACEMENT});
}

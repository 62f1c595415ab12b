import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap} from '../module-swap';

const REPLACEMENT = path.join(__dirname, 'ComponentCreator.tsx');

/**
 * Has the generated route table use ComponentCreator.tsx: each route's
 * loadable component is made when the route is first needed, not all of
 * them while the page starts. Server and client use it alike.
 */
export default function lazyRoutes(): Plugin {
  return moduleSwap({name: 'sigil-lazy-routes', request: /^@docusaurus\/ComponentCreator$/, replacement: REPLACEMENT});
}

/**
 * Stands in for Docusaurus's `preload` (core `lib/client/preload.js`, which
 * its client entry calls before hydrating and its PendingNavigation before
 * rendering the next address): the same lookup and loading of every matched
 * route's modules, after the address's section of the route table is in
 * (client.ts). index.ts swaps it in, in the browser build only.
 */
import routes from '@generated/routes';
import {matchRoutes} from 'react-router-config';
import {loadSectionsOf} from './client';


export default function preload(pathname: string): Promise<unknown[]> {
  // decodeURI throws on a malformed address here, as in Docusaurus's own preload.
  const pathnames = [...new Set([pathname, decodeURI(pathname)])];
  return loadSectionsOf(pathnames).then(() =>
    Promise.all(
      pathnames
        .flatMap((p) => matchRoutes(routes, p))
        // Docusaurus's route components are react-loadable ones (plugins/lazy-routes), which have `preload`.
        .map((match) => (match.route.component as {preload?: () => unknown} | undefined)?.preload?.()),
    ),
  );
}

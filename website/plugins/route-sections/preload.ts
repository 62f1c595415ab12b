/**
 * Stands in for Docusaurus's `preload` (core `lib/client/preload.js`, which
 * its client entry calls before hydrating and its PendingNavigation before
 * rendering the next address): the same lookup and loading of every matched
 * route's modules, after the address's section of the route table is in
 * (client.ts), and with the sidebar of each matched route that comes in a
 * chunk of its own (sidebars.ts). index.ts swaps it in, in the browser build only.
 */
import routes from '@generated/routes';
import {matchRoutes} from 'react-router-config';
import {loadSectionsOf} from './client';
import {loadSidebars} from './sidebars';
import {articleAt, setFirstVisitPaths} from '../article-on-demand/registry';
import {nextTask} from '../tasks';

/** The first call is the client entry's, before it hydrates the page the browser loaded. */
let beforeHydration = true;

export default function preload(pathname: string): Promise<unknown[]> {
  const firstVisit = beforeHydration;
  beforeHydration = false;
  // decodeURI throws on a malformed address here, as in Docusaurus's own preload.
  const pathnames = [...new Set([pathname, decodeURI(pathname)])];
  return loadSectionsOf(pathnames).then(() => {
    const matches = pathnames.flatMap((p) => matchRoutes(routes, p));
    const sidebars = matches.flatMap(({route}) => {
      const {sidebar} = route as {sidebar?: unknown};
      return typeof sidebar === 'string' ? [sidebar] : [];
    });
    const loaded = Promise.all([
      loadSidebars(sidebars),
      // Docusaurus's route components are react-loadable ones (plugins/lazy-routes), which have `preload`.
      ...matches.map((match) => (match.route.component as {preload?: () => unknown} | undefined)?.preload?.()),
    ]);
    // A first visit's article waits for the reader (plugins/article-on-demand); any other render needs it now.
    if (firstVisit) {
      setFirstVisitPaths(matches.map((match) => match.route.path as string));
      // The route's modules run where their chunk arrived; the hydration that follows gets a task of its own.
      return loaded.then((modules) => nextTask().then(() => modules));
    }
    return loaded.then((modules) =>
      // An article's load brings the theme's MDX components too.
      Promise.all(matches.map((match) => articleAt(match.route.path as string)?.load())).then(() => modules),
    );
  });
}

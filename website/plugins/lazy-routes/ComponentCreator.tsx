/**
 * Stands in for `@docusaurus/ComponentCreator` (index.ts). The generated
 * route table calls it once per route (about 480 here) while main.js starts,
 * and the original builds a react-loadable component for each on the spot:
 * work done for every route on every first load, before the page can
 * hydrate, though a visit renders three or four of them. This one builds a
 * route's component the first time the route is preloaded or rendered, and
 * renders it unchanged, so the page's markup is the same.
 *
 * In the browser the route table also passes each route's chunk names
 * (plugins/client-data/routes.ts), whose `routesChunkNames` starts empty: they
 * go where Docusaurus's ComponentCreator looks them up just before it runs,
 * and the prefetcher reads them from the route's component (`chunkNames`).
 */
import type {ComponentType} from 'react';
import type {ChunkNames} from '@docusaurus/types';
import createLoadableRoute from '@docusaurus/core/lib/client/exports/ComponentCreator';
import routesChunkNames from '@generated/routesChunkNames';

type LoadableRoute = ReturnType<typeof createLoadableRoute>;
// What react-router hands a route's component (match, location, history, route…), passed through as is.
type RouteProps = Record<string, unknown>;

/** A route's component, with the chunk names the route table gave it (in the browser). */
export type LazyRouteComponent = LoadableRoute & {chunkNames?: ChunkNames};

// The not-found route ('*') is created without a hash.
export default function ComponentCreator(path: string, hash?: string, chunkNames?: ChunkNames): LazyRouteComponent {
  let loadable: LoadableRoute | undefined;
  const real = (): LoadableRoute => {
    if (!loadable) {
      // Docusaurus's ComponentCreator reads the names under this key of the module every import shares.
      if (chunkNames && hash !== undefined) (routesChunkNames as Record<string, ChunkNames>)[`${path}-${hash}`] = chunkNames;
      loadable = createLoadableRoute(path, hash as string);
    }
    return loadable;
  };
  function LazyRoute(props: RouteProps) {
    const Real = real() as ComponentType<RouteProps>;
    return <Real {...props} />;
  }
  LazyRoute.preload = () => real().preload();
  if (chunkNames) LazyRoute.chunkNames = chunkNames;
  return LazyRoute as unknown as LazyRouteComponent;
}

/**
 * Stands in for `@docusaurus/ComponentCreator` (index.ts). The generated
 * route table calls it once per route (about 480 here) while main.js starts,
 * and the original builds a react-loadable component for each on the spot:
 * work done for every route on every first load, before the page can
 * hydrate, though a visit renders three or four of them. This one builds a
 * route's component the first time the route is preloaded or rendered, and
 * renders it unchanged, so the page's markup is the same.
 */
import type {ComponentType} from 'react';
import createLoadableRoute from '@docusaurus/core/lib/client/exports/ComponentCreator';

type LoadableRoute = ReturnType<typeof createLoadableRoute>;
// What react-router hands a route's component (match, location, history, route…), passed through as is.
type RouteProps = Record<string, unknown>;

// The not-found route ('*') is created without a hash.
export default function ComponentCreator(path: string, hash?: string): LoadableRoute {
  let loadable: LoadableRoute | undefined;
  const real = (): LoadableRoute => (loadable ??= createLoadableRoute(path, hash as string));
  function LazyRoute(props: RouteProps) {
    const Real = real() as ComponentType<RouteProps>;
    return <Real {...props} />;
  }
  LazyRoute.preload = () => real().preload();
  return LazyRoute as unknown as LoadableRoute;
}

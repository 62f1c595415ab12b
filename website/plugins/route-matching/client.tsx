/**
 * Stands in for `react-router-config` in the client bundle (index.ts):
 * `renderRoutes` renders only the matched `<Route>`, found by firstMatch.ts,
 * where the library builds a `<Switch>` holding a `<Route>` element for each
 * of hundreds of routes and matches them one by one; `matchRoutes` uses the
 * same lookup. The props each route's component gets are the library's.
 */
import type {ReactNode} from 'react';
import {matchPath, Route, Router, useLocation, useRouteMatch} from 'react-router';
import type {Location} from 'history';
import type {RouteConfig, RouteConfigComponentProps} from 'react-router-config';
import {firstMatch, matchRoutesFast, type MatchLike, type MatchPath} from './firstMatch';

const match = matchPath as unknown as MatchPath;
// A static of react-router's Router, missing from its type declarations.
const rootMatch = (Router as unknown as {computeRootMatch: (pathname: string) => MatchLike}).computeRootMatch;

type ExtraProps = Record<string, unknown>;

function MatchedRoute({routes, extraProps, location: fixed}: {routes: RouteConfig[]; extraProps: ExtraProps; location?: Location}): ReactNode {
  const current = useLocation();
  const parent = useRouteMatch() as MatchLike | null;
  const location = fixed ?? current;
  const found = firstMatch(routes, location.pathname, parent, match);
  if (!found) return null;
  const {route, index} = found;
  return (
    <Route
      key={route.key ?? index}
      path={route.path}
      exact={route.exact}
      strict={route.strict}
      location={location}
      // What <Switch> hands the route it picked (react-router's internal prop, as Switch passes it).
      {...{computedMatch: found.match}}
      render={(props: RouteConfigComponentProps) =>
        route.render ? route.render({...props, ...extraProps, route}) : route.component ? <route.component {...props} {...extraProps} route={route} /> : null
      }
    />
  );
}

export function renderRoutes(routes: RouteConfig[] | undefined, extraProps: ExtraProps = {}, switchProps: {location?: Location} = {}): ReactNode {
  return routes ? <MatchedRoute routes={routes} extraProps={extraProps} location={switchProps.location} /> : null;
}

export function matchRoutes<Params extends {[K in keyof Params]?: string}>(routes: RouteConfig[], pathname: string) {
  return matchRoutesFast(routes, pathname, match, rootMatch) as unknown as {route: RouteConfig; match: import('react-router').match<Params>}[];
}

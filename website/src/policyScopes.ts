import type {ExtraSources} from '../plugins/security-headers/csp';

/**
 * Pages that get more than the site-wide Content Security Policy. The request
 * builder's Send posts to a base URL the reader types, so only API reference
 * pages may connect out (any https host, or an emulator on this machine).
 * Read by the build (docusaurus.config.ts) and by the browser
 * (clientModules/policyBoundary.ts), which loads a page afresh when a link
 * crosses the edge of such a scope.
 */
export const policyScopes: ReadonlyArray<{pathPrefix: string; sources: ExtraSources}> = [
  {pathPrefix: '/api/', sources: {'connect-src': ['https:', 'http://localhost:*', 'http://127.0.0.1:*']}},
];

/**
 * The browser's `routesChunkNames.json`. Docusaurus keys it by
 * `${path}-${hash}`, so in the browser it repeated every route path (about
 * 6 KB gzip of main.js here), too far from the route table's copy for gzip to
 * match it. The client compilation's route table passes each route's chunk
 * names to its `ComponentCreator` call instead (plugins/route-sections,
 * routes-source.ts), and this file is empty: the site's ComponentCreator
 * (plugins/lazy-routes) puts a route's names where Docusaurus's reads them
 * when the route is first needed, and hands them to the prefetcher
 * (plugins/prefetch).
 */
export const CLIENT_ROUTES_CHUNK_NAMES = '{}';

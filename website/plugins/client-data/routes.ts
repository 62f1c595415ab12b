/**
 * The route table and its chunk names, in one place for the browser.
 * Docusaurus generates `routes.js`, which calls
 * `ComponentCreator(path, hash)` once per route, and `routesChunkNames.json`,
 * which maps `${path}-${hash}` to the route's chunk names. In the browser the
 * second file repeats every route path as a key (about 6 KB gzip of main.js
 * here), and the two copies of each path sit too far apart in main.js for
 * gzip to match them. The client compilation gets each route's chunk names
 * as a third argument of its `ComponentCreator` call instead, and an empty
 * `routesChunkNames`: the site's ComponentCreator (plugins/lazy-routes) puts
 * a route's names back where Docusaurus's reads them when the route is first
 * needed, and hands them to the prefetcher (plugins/prefetch).
 */

// One call exactly as `genRoutes` (@docusaurus/core, server/codegen/codegenRoutes.js) writes it: the route's
// path as it is, in single quotes, and its hash. The not-found route's call has no hash and is left alone.
const CALL = /ComponentCreator\('([^']*)', '([^']+)'\)/g;
// Every call of the file, whatever its form.
const ANY_CALL = /ComponentCreator\(/g;
const NO_HASH_CALL = /ComponentCreator\('[^']*'\)/g;

export class RoutesFormatError extends Error {}

/** `routes.js` with each route's chunk names passed to its ComponentCreator; throws when a call or a name is missing. */
export function withChunkNames(source: string, routesChunkNames: Record<string, unknown>): string {
  const calls = (source.match(ANY_CALL)?.length ?? 0) - (source.match(NO_HASH_CALL)?.length ?? 0);
  let rewritten = 0;
  const output = source.replace(CALL, (_whole, literal: string, hash: string) => {
    // routesChunkNames.json is keyed as Docusaurus's ComponentCreator looks it up.
    const key = `${literal}-${hash}`;
    const names = routesChunkNames[key];
    if (names === undefined) throw new RoutesFormatError(`client-data: route ${key} of routes.js has no chunk names in routesChunkNames.json`);
    rewritten += 1;
    return `ComponentCreator('${literal}', '${hash}', ${JSON.stringify(names)})`;
  });
  if (rewritten !== calls) {
    // A new Docusaurus writes the table differently: fail the build rather than ship routes without their chunks.
    throw new RoutesFormatError(`client-data: rewrote ${rewritten} of ${calls} ComponentCreator calls; the format of .docusaurus/routes.js changed`);
  }
  return output;
}

/** What the browser's `routesChunkNames.json` holds: nothing until a route's ComponentCreator fills it in. */
export const CLIENT_ROUTES_CHUNK_NAMES = '{}';

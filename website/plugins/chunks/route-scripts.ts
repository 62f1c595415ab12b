/**
 * Each page's HTML names the scripts of its own route, not only the entry
 * scripts: Docusaurus's page template means to (it asks react-loadable which
 * modules the page rendered), but under Rspack the client manifest keys
 * modules by id, so every page shipped with the runtime and main.js alone and
 * its route's chunks were requested only after main.js had downloaded and
 * run (one more round trip before the page could hydrate). As `defer`
 * scripts after main.js they download in parallel with it and run in order;
 * the bundler's runtime finds a `<script>` with the chunk's `src` already in
 * the document and waits for it instead of adding a second one.
 */

/** Whether the page already loads this file by a script or stylesheet tag (attribute quoted or not, as the minifier leaves it). */
function references(html: string, file: string): boolean {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:src|href)=["']?${escaped}(?=["'\\s>])`).test(html);
}

/** The page with a deferred script for each JavaScript file it does not load yet, before `</head>` (so after the entry scripts). */
export function withRouteScripts(html: string, files: readonly string[]): string {
  const missing = files.filter((f) => f.endsWith('.js') && !references(html, f));
  if (missing.length === 0) return html;
  const end = html.indexOf('</head>');
  if (end === -1) throw new Error('withRouteScripts: the page has no </head>');
  const tags = missing.map((f) => `<script src="${f}" defer></script>`).join('');
  return html.slice(0, end) + tags + html.slice(end);
}

/** Where the page of a route path is in the build (Docusaurus writes `path/index.html`, or the path itself when it ends in .html). */
export function htmlFileOf(routePath: string): string {
  if (routePath.endsWith('.html')) return routePath.replace(/^\//, '');
  const bare = routePath.replace(/^\/+|\/+$/g, '');
  return bare ? `${bare}/index.html` : 'index.html';
}

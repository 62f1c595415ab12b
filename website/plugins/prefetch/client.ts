/**
 * Stands in for `@docusaurus/core/lib/client/docusaurus.js` (the object the
 * client entry mounts as `window.docusaurus`, which `<Link>` calls when a link
 * scrolls into view or is hovered): same API and rules, cheaper
 * (prefetcher.ts). The bundler swaps it in (plugins/prefetch/index.ts).
 */
import routes from '@generated/routes';
import {matchRoutes} from 'react-router-config';
import preloadRoute from '../route-sections/preload';
import {pendingSections, tableVersion} from '../route-sections/client';
import {sectionChunkName, sidebarChunkName} from '../route-sections/sections';
import {pendingSidebars} from '../route-sections/sidebars';
import {chunkNamesFromRoutes, createPrefetcher} from './prefetcher';

// The bundler's runtime; `gca` (chunk name → file URL) is added by Docusaurus's ChunkAssetPlugin.
declare const __webpack_require__: {gca: (chunkName: string) => string | undefined};
// Route chunk name → the shell chunk that holds its modules, defined by plugins/chunks at build time.
declare const __SIGIL_SHELL_OF__: Record<string, string>;

/** Docusaurus's own `<link rel=prefetch>` strategy; every browser Docusaurus supports has it. */
function fetchFile(url: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.setAttribute('rel', 'prefetch');
    link.setAttribute('href', url);
    link.onload = () => resolve();
    link.onerror = () => reject();
    document.head.appendChild(link);
    // A failed prefetch is logged by the browser; nothing more to do (as Docusaurus).
  }).catch(() => undefined);
}

/** Same-origin files the page loaded so far, as paths (what `gca` returns with the site's base URL). */
function loadedFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin)
    .map((url) => url.pathname);
}

// The Network Information API (Chromium only); absent elsewhere, where prefetching goes ahead as in Docusaurus.
type Connection = {effectiveType?: string; saveData?: boolean} | undefined;
const connection = (): Connection => (navigator as Navigator & {connection?: Connection}).connection;

const prefetcher = createPrefetcher({
  // Each route's chunk names come with its component (plugins/lazy-routes, plugins/client-data/routes.ts).
  routesChunkNames: () => chunkNamesFromRoutes(routes),
  matchedRoutePaths: (pathname) => matchRoutes(routes, pathname).map((match) => match.route.path ?? ''),
  chunkUrl: (name) => __webpack_require__.gca(name),
  shellOf: (name) => __SIGIL_SHELL_OF__[name],
  fetchFile,
  preloadRoute,
  isSlowConnection: () => Boolean(connection()?.effectiveType?.includes('2g') || connection()?.saveData),
  loadedFiles,
  tableVersion,
  // A link into a section not loaded yet: its route data file, fetched at low priority like any prefetch.
  pendingSectionFiles: (routePath) =>
    pendingSections([routePath]).flatMap((section) => {
      const url = __webpack_require__.gca(sectionChunkName(section));
      return url && !url.includes('undefined') ? [url] : [];
    }),
  // The home page's sidebar, which comes in a chunk of its own.
  pendingSidebarFiles: (routePath) =>
    pendingSidebars(matchRoutes(routes, routePath).flatMap(({route}) => ((route as {sidebar?: unknown}).sidebar as string | undefined) ?? [])).flatMap((name) => {
      const url = __webpack_require__.gca(sidebarChunkName(name));
      return url && !url.includes('undefined') ? [url] : [];
    }),
});

export default Object.freeze({prefetch: prefetcher.prefetch, preload: prefetcher.preload});

/**
 * The built site as the quality checks see it: every HTML page the build
 * produced, read from the build folder itself (never a hand-kept list), so the
 * checks extend themselves as pages land.
 */
import {readdirSync, readFileSync, existsSync} from 'node:fs';
import path from 'node:path';

export const websiteDir = path.resolve(__dirname, '../..');

/** The build under test: `SIGIL_BUILD_DIR` (relative to website/) or `build`. */
export function buildDir(): string {
  const dir = path.resolve(websiteDir, process.env.SIGIL_BUILD_DIR ?? 'build');
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`No built site in ${dir}: build it first (tests/isolated-build.sh NAME, or npm run build -w website).`);
  }
  return dir;
}

/** Routes that exist only in the e2e build and fail on purpose. */
export const FIXTURE_PREFIX = '/__tests__/';
/** Any unknown address: the server answers with 404.html and status 404. */
export const NOT_FOUND_PATH = '/__quality__/no-such-page';

export type RouteKind = 'docs' | 'api' | 'not-found';

export interface BuiltRoute {
  /** The address a reader visits (the page's canonical path when it declares one). */
  path: string;
  /** The HTML file, relative to the build folder. */
  file: string;
  kind: RouteKind;
  /** The HTTP status the static host answers with. */
  status: 200 | 404;
}

export function htmlFilesOf(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.html'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

/** `a/b/index.html` -> `/a/b`, `a.html` -> `/a`, `index.html` -> `/`. */
export function pathOfFile(file: string): string {
  const p = '/' + file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return p.length > 1 ? p.replace(/\/$/, '') : '/';
}

function canonicalPath(html: string): string | undefined {
  const m = /<link\b[^>]*\brel=["']?canonical["']?[^>]*>/i.exec(html);
  const href = m && /\bhref=["']?([^"'\s>]+)/i.exec(m[0])?.[1];
  if (!href) return undefined;
  try {
    return new URL(href).pathname;
  } catch {
    return undefined;
  }
}

/** A static redirect page: a meta refresh and nothing to read (plugins/redirects). */
export function isRedirectPage(html: string): boolean {
  return /<meta\b[^>]*http-equiv=["']?refresh["']?/i.test(html) && !/<main\b/i.test(html);
}

export function kindOf(routePath: string): RouteKind {
  return routePath === '/api' || routePath.startsWith('/api/') ? 'api' : 'docs';
}

/** Every page of the build except the failing fixtures; the 404 page is visited at an unknown address. */
export function builtRoutes(dir = buildDir()): BuiltRoute[] {
  const routes: BuiltRoute[] = [];
  for (const file of htmlFilesOf(dir)) {
    if (file === '404.html') {
      routes.push({path: NOT_FOUND_PATH, file, kind: 'not-found', status: 404});
      continue;
    }
    const fromFile = pathOfFile(file);
    if (fromFile.startsWith(FIXTURE_PREFIX) || fromFile + '/' === FIXTURE_PREFIX) continue;
    const html = readFileSync(path.join(dir, file), 'utf8');
    // Redirect pages (redirects.ts) are not pages: their target is checked at its own address.
    if (isRedirectPage(html)) continue;
    const canonical = canonicalPath(html);
    // A canonical that points elsewhere (a redirect page, say) would hide this file: keep the file's own path then.
    const sameFile = canonical !== undefined && (canonical.replace(/(.)\/$/, '$1') === fromFile);
    const routePath = sameFile ? canonical : fromFile;
    routes.push({path: routePath, file, kind: kindOf(fromFile), status: 200});
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path));
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"};

/** The page's title as the server rendered it (what `document.title` reads), from its HTML file in the build. */
export function titleOf(route: BuiltRoute, dir = buildDir()): string {
  const raw = /<title\b[^>]*>([^<]*)<\/title>/i.exec(readFileSync(path.join(dir, route.file), 'utf8'))?.[1];
  if (raw === undefined) throw new Error(`${route.file} has no <title>`);
  return raw.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name.toLowerCase()] ?? entity),
  );
}

/** Splits routes into `count` interleaved groups, so heavy areas (e.g. /api) spread over all groups. */
export function shard<T>(items: readonly T[], count: number): T[][] {
  const groups: T[][] = Array.from({length: count}, () => []);
  items.forEach((item, i) => groups[i % count]!.push(item));
  return groups.filter((g) => g.length > 0);
}

/**
 * A small, stable sample of routes for the slower checks (keyboard, no-JS):
 * the first route of each top-level section, plus the first API operation
 * and schema pages, so every page template is represented.
 */
export function sampleRoutes(routes: readonly BuiltRoute[] = builtRoutes()): BuiltRoute[] {
  const picked = new Map<string, BuiltRoute>();
  for (const route of routes) {
    const [first = '', second = ''] = route.path.split('/').filter(Boolean);
    const key =
      route.kind === 'not-found'
        ? 'not-found'
        : first === 'api' && second === 'schemas' && route.path.split('/').filter(Boolean).length > 2
          ? 'api-schema'
          : first === 'api' && route.path.split('/').filter(Boolean).length > 2
            ? 'api-operation'
            : first;
    if (!picked.has(key)) picked.set(key, route);
  }
  return [...picked.values()];
}

/**
 * Policy scopes: the path prefixes whose pages get extra CSP sources (the API
 * reference's request builder may connect out; the rest of the site may not).
 * Shared by the build (which writes each page's policy) and the browser (which
 * must load a page afresh when client-side navigation would cross into another
 * scope, because a page keeps the policy of the document it was loaded as).
 * Pure and free of Node imports: the client module bundles it.
 */

/** `/api` and `/api/` are the same page: compare with a trailing slash so both match the prefix `/api/`. */
function withSlash(pathname: string): string {
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

export function inScope(pathname: string, pathPrefix: string): boolean {
  return withSlash(pathname).startsWith(pathPrefix);
}

/** The scope a page belongs to: the prefixes it matches, space-separated; '' for none (the narrow default). */
export function scopeOf(pathname: string, pathPrefixes: readonly string[]): string {
  return pathPrefixes.filter((prefix) => inScope(pathname, prefix)).join(' ');
}

/** The `<meta>` that names a built page's scope, so the browser knows which policy its document carries. */
export const SCOPE_META_NAME = 'sigil-csp-scope';

/** Adds (or replaces) the scope meta tag right after the policy tag; idempotent. */
export function injectScopeMeta(html: string, scope: string): string {
  const tag = `<meta name="${SCOPE_META_NAME}" content="${scope.replace(/"/g, '&quot;')}">`;
  const withoutOld = html.replace(new RegExp(`<meta name="${SCOPE_META_NAME}" content="[^"]*">`, 'g'), '');
  const csp = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/.exec(withoutOld);
  if (!csp) throw new Error('No Content-Security-Policy meta tag in page: add the policy before its scope');
  const at = csp.index + csp[0].length;
  return withoutOld.slice(0, at) + tag + withoutOld.slice(at);
}

/**
 * Whether moving to `nextPathname` needs a full page load: the document was
 * loaded with the policy of `documentScope` (undefined when the page carries no
 * scope tag, as under the development server, which sets no policy at all) and
 * the next page's policy is another one.
 */
export function needsFullLoad(documentScope: string | undefined, nextPathname: string, pathPrefixes: readonly string[]): boolean {
  if (documentScope === undefined) return false;
  return scopeOf(nextPathname, pathPrefixes) !== documentScope;
}

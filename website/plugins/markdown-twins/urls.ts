/**
 * Where the Markdown twin of a page lives. Shared by the build plugin (which
 * writes the files) and the "Copy page" menu (which fetches them), so the two
 * can never disagree.
 *
 * Rule: the page's path without its trailing slash, plus `.md`; the site root
 * is `/index.md`.
 *
 *   /features/sessions   -> /features/sessions.md
 *   /sdks/swift/         -> /sdks/swift.md
 *   /api/                -> /api.md
 *   /                    -> /index.md
 *
 * Dropping the trailing slash first means `/sdks/swift` and `/sdks/swift/`
 * (both served, the router accepts either) name the same file.
 */
export function markdownPathFor(routePath: string): string {
  const withoutHtml = routePath.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  const trimmed = withoutHtml.replace(/\/+$/, '');
  return trimmed === '' ? '/index.md' : `${trimmed}.md`;
}

/** An absolute URL on the site: `https://docs.sigil.example` + `/features/sessions.md`. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;
}

import {areaSlug} from './plugins/api-reference/slugs';

/**
 * Addresses that are not pages but that readers, crawlers and `curl` try: the
 * lower-case form of a route the spec spells with a capital, and the root of
 * every section (`/concepts/policies`, `/getting-started`). Each gets a static
 * redirect page (plugins/redirects) so it answers 200 with a refresh to the
 * page named here, instead of a 404.
 *
 * `redirects.test.ts` checks that every directory prefix of the route
 * inventory is either a route or listed here; the e2e suite checks the same
 * over the built sitemap.
 */
export interface Redirect {
  /** The address without its trailing slash (the static host serves both forms). */
  from: string;
  /** A built route, optionally with an anchor. */
  to: string;
}

/** Routes the spec spells with a capital letter (spec §2: `/sdks/Ruby`), reached by their lower-case form. */
export const wrongCaseRedirects: Redirect[] = [{from: '/sdks/ruby', to: '/sdks/Ruby'}];

/**
 * Section roots, by one rule: the section's generated index where the sidebar
 * has one (it lists every page of the section), otherwise the first page
 * under the address in sidebar order, where the sidebar shows the rest.
 * `/getting-started` therefore goes to its index rather than the first
 * quickstart: a reader who types it has not chosen a path yet, and the index
 * offers all three. `/category` alone has no page of its own: the home page
 * is the list of sections.
 */
export const sectionRedirects: Redirect[] = [
  {from: '/getting-started', to: '/category/getting-started'},
  {from: '/api-overview', to: '/category/api-overview'},
  {from: '/security', to: '/category/security'},
  {from: '/concepts', to: '/concepts/introduction'},
  {from: '/concepts/policies', to: '/concepts/policies/overview'},
  {from: '/concepts/users', to: '/concepts/users/introduction'},
  {from: '/features', to: '/features/delegated-access'},
  {from: '/passkeys', to: '/passkeys/introduction'},
  {from: '/ecosystems', to: '/documentation/ecosystem-integrations/'},
  {from: '/documentation', to: '/documentation/ecosystem-integrations/'},
  {from: '/category', to: '/'},
  {from: '/sdks', to: '/sdks/introduction'},
  {from: '/sdks/advanced', to: '/category/advanced'},
  {from: '/sdks/web3', to: '/category/web3-libraries'},
  {from: '/embedded-wallets', to: '/embedded-wallets/overview'},
  {from: '/embedded-wallets/code-examples', to: '/category/code-examples'},
  {from: '/signing-automation', to: '/signing-automation/overview'},
  {from: '/signing-automation/code-examples', to: '/category/code-examples-1'},
  {from: '/reference', to: '/reference/aa-wallets'},
  // The changelog's list pages are /changelog/page/2 and on; the first is /changelog itself.
  {from: '/changelog/page', to: '/changelog'},
];

interface OpenApiLike {
  paths?: Record<string, Record<string, {tags?: string[]} | unknown>>;
}

/**
 * `/api/<area>` (the folder of every operation page of an area) goes to that
 * area's list on the API reference home, `/api/#area-<area>`. Areas are the
 * operations' tags, so a new tag gets its redirect without an edit here.
 */
export function apiAreaRedirects(doc: OpenApiLike): Redirect[] {
  const tags = new Set<string>();
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(operations)) {
      const opTags = (op as {tags?: unknown} | null)?.tags;
      if (Array.isArray(opTags)) opTags.filter((t): t is string => typeof t === 'string').forEach((t) => tags.add(t));
    }
  }
  return [...tags]
    .map(areaSlug)
    .sort()
    .map((slug) => ({from: `/api/${slug}`, to: `/api/#area-${slug}`}));
}

/** Every redirect of the site. */
export function siteRedirects(doc: OpenApiLike): Redirect[] {
  return [...wrongCaseRedirects, ...sectionRedirects, ...apiAreaRedirects(doc)];
}

/**
 * The route inventory of spec §2: every route the site must answer, with the
 * page title it must carry and the sidebar it must show. Content issues add
 * their routes here as their pages land; the e2e inventory test checks each.
 */
export type SidebarName = 'documentation' | 'sdks' | 'solutions';

export interface RouteExpectation {
  path: string;
  /** The page's own title; the document title is `${title} | Sigil docs`. */
  title: string;
  /** The docs sidebar the page shows, or null for pages without one. */
  sidebar: SidebarName | null;
}

export const siteTitle = 'Sigil docs';

export const routes: RouteExpectation[] = [
  // Home and misc
  {path: '/', title: 'Sigil documentation', sidebar: 'documentation'},
  {path: '/api/', title: 'API reference', sidebar: null},
  {path: '/markdown-page', title: 'Markdown and MDX showcase', sidebar: null},
  {path: '/changelog', title: 'Changelog', sidebar: null},
  // Getting started
  {path: '/category/getting-started', title: 'Getting started', sidebar: 'documentation'},
  {path: '/getting-started/quickstart', title: 'Quickstart', sidebar: 'documentation'},
  // SDKs
  {path: '/sdks/introduction', title: 'SDK introduction', sidebar: 'sdks'},
  // Solutions
  {path: '/embedded-wallets/overview', title: 'Embedded wallets overview', sidebar: 'solutions'},
];

/** A link that only the given sidebar contains: how a test tells sidebars apart. */
export const sidebarSignature: Record<SidebarName, string> = {
  documentation: '/getting-started/quickstart',
  sdks: '/sdks/introduction',
  solutions: '/embedded-wallets/overview',
};

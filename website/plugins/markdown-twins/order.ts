/**
 * Reading order of the pages: each docs sidebar in declaration order (a
 * category's own page before its items), then docs no sidebar lists, then the
 * API reference in its own sidebar order. A page appears once, in the first
 * place it is met.
 */

/** The parts of a loaded docs sidebar item this module reads (see `@docusaurus/plugin-content-docs` Sidebars). */
export interface SidebarNode {
  type: string;
  id?: string;
  items?: SidebarNode[];
  link?: {type: 'doc'; id: string} | {type: 'generated-index'; permalink: string};
}

export interface DocsVersionLike {
  docs: {id: string; permalink: string; unlisted?: boolean}[];
  sidebars: Record<string, SidebarNode[]>;
  categoryGeneratedIndices?: {permalink: string}[];
}

export interface PageGroup {
  /** Sidebar id (`documentation`, `sdks`, ...), `other`, `api` or `changelog`. */
  id: string;
  label: string;
  routes: string[];
}

const labelFor = (id: string, labels: Record<string, string>): string =>
  labels[id] ?? id.charAt(0).toUpperCase() + id.slice(1).replace(/[-_]/g, ' ');

export function docsReadingOrder(version: DocsVersionLike, labels: Record<string, string> = {}): PageGroup[] {
  const listed = version.docs.filter((d) => !d.unlisted);
  const permalinkOf = new Map(listed.map((d) => [d.id, d.permalink]));
  const seen = new Set<string>();
  const groups: PageGroup[] = [];

  const add = (routes: string[], route: string | undefined): void => {
    if (route === undefined || seen.has(route)) return;
    seen.add(route);
    routes.push(route);
  };

  const walk = (items: SidebarNode[], routes: string[]): void => {
    for (const item of items) {
      if ((item.type === 'doc' || item.type === 'ref') && item.id) add(routes, permalinkOf.get(item.id));
      if (item.type === 'category') {
        if (item.link?.type === 'doc') add(routes, permalinkOf.get(item.link.id));
        if (item.link?.type === 'generated-index') add(routes, item.link.permalink);
        walk(item.items ?? [], routes);
      }
    }
  };

  for (const [id, items] of Object.entries(version.sidebars)) {
    const routes: string[] = [];
    walk(items, routes);
    if (routes.length > 0) groups.push({id, label: labelFor(id, labels), routes});
  }

  const rest: string[] = [];
  for (const doc of listed) add(rest, doc.permalink);
  for (const index of version.categoryGeneratedIndices ?? []) add(rest, index.permalink);
  if (rest.length > 0) groups.push({id: 'other', label: labelFor('other', {other: 'Other pages', ...labels}), routes: rest});
  return groups;
}

/** API reference routes in the order of its own sidebar (when its content has one), the rest by path. */
export function apiReadingOrder(routes: string[], sidebarRoutes: string[]): string[] {
  const strip = (r: string): string => r.replace(/\/+$/, '') || '/';
  const available = new Map(routes.map((r) => [strip(r), r]));
  const ordered: string[] = [];
  const seen = new Set<string>();
  for (const route of sidebarRoutes) {
    const actual = available.get(strip(route));
    if (actual !== undefined && !seen.has(actual)) {
      seen.add(actual);
      ordered.push(actual);
    }
  }
  for (const route of [...routes].sort()) {
    if (!seen.has(route)) {
      seen.add(route);
      ordered.push(route);
    }
  }
  return ordered;
}

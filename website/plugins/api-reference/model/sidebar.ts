import {API_BASE_ROUTE, SCHEMAS_ROUTE, areaSlug} from '../slugs';
import type {AreaGroup, SidebarData} from '../types';
import type {SchemasByCategory} from './schemas';

/** The API sidebar: overview, one group per area, then the schema index and one collapsible group per category. */
export function buildSidebar(areaGroups: AreaGroup[], byCategory: SchemasByCategory): SidebarData {
  return {
    groups: [
      {label: 'API reference', collapsible: false, links: [{label: 'Overview', route: `${API_BASE_ROUTE}/`}]},
      ...areaGroups.flatMap((g) =>
        g.areas.map((a) => ({
          label: a.name,
          collapsible: false,
          links: a.operations.map((o) => ({label: o.summary, route: o.route, detail: o.name})),
        })),
      ),
      {label: 'Schemas', collapsible: false, links: [{label: 'All schemas', route: `${SCHEMAS_ROUTE}/`}]},
      ...byCategory.map((c) => ({
        label: c.category,
        collapsible: true,
        route: `${SCHEMAS_ROUTE}/#${areaSlug(c.category)}`,
        links: c.schemas.map((s) => ({label: s.name, route: s.route})),
      })),
    ],
  };
}

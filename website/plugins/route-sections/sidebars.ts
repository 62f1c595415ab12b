/**
 * The docs sidebars in the browser, a part of the route table at a time. The
 * client's docs version data has no sidebars (plugins/client-data/version-data.ts):
 * the module of each section of the route table adds the sidebars its routes
 * name when it is evaluated, and a sidebar named by a route of the table
 * every page loads (the home page) comes in a chunk of its own, which
 * preload.ts loads for the routes an address matches (routes-source.ts
 * writes both). Either way the sidebar is in before a render looks the
 * routes up. src/theme/DocVersionRoot provides `loadedSidebars` as the
 * version's `docsSidebars`, so the docs layout finds the sidebar of any
 * route it can match.
 */
import type {PropSidebar} from '@docusaurus/plugin-content-docs';

type SidebarModule = {default?: unknown};

/** Sidebar name → its items, for every sidebar a loaded part of the route table names. */
export const loadedSidebars: Record<string, PropSidebar> = {};

const loaders: Record<string, () => Promise<SidebarModule>> = {};
const loading = new Map<string, Promise<void>>();

export function addSidebars(sidebars: Record<string, PropSidebar>): void {
  Object.assign(loadedSidebars, sidebars);
}

/** Registers the loaders of the sidebars that come in chunks of their own (called by the client's routes.js). */
export function withSidebarLoaders(sidebarLoaders: Record<string, () => Promise<SidebarModule>>): void {
  Object.assign(loaders, sidebarLoaders);
}

const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** Of the named sidebars, those that come in chunks of their own and are not in yet. */
export function pendingSidebars(names: readonly string[]): string[] {
  return [...new Set(names)].filter((name) => !has(loadedSidebars, name) && has(loaders, name));
}

/** Loads the named sidebars that are neither in nor loaded with a section; resolves at once when there are none. */
export function loadSidebars(names: readonly string[]): Promise<void> {
  return Promise.all(
    pendingSidebars(names).map((name) => {
      let load = loading.get(name);
      if (!load) {
        // The module adds its sidebar when evaluated; a failed download may be retried by the next navigation.
        load = loaders[name]!().then(
          () => undefined,
          (error: unknown) => {
            loading.delete(name);
            throw error;
          },
        );
        loading.set(name, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

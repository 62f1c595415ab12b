/**
 * The browser's route table, grown a section at a time (sections.ts says how
 * it is cut). The generated `routes.js` of the client compilation hands its
 * table to `withSections` with a loader per section; preload.ts (the route's
 * modules before a render, first or after a navigation) and the prefetcher
 * call `loadSectionsOf` first, so every lookup that follows sees the routes
 * of the address's section where Docusaurus put them. The lists are grown in
 * place: Docusaurus's App, its docs layouts and the prefetcher all hold the
 * same arrays.
 */
import {sectionOf, type SectionEntry} from './sections';

type Route = {routes?: Route[]};
type SectionModule = {default: [list: number, index: number, route: Route][]};

interface Table {
  lists: Route[][];
  /** Original position of each route of each list, kept in step with the list. */
  positions: number[][];
  loaders: Record<string, () => Promise<SectionModule>>;
  /** First segments cut by their second segment too (sections.ts): those with a loader named `first/second`. */
  split: Set<string>;
  loading: Map<string, Promise<void>>;
}

let table: Table | undefined;
let version = 0;
const loaded = new Set<string>();

/** Puts a section's routes back at their original positions. */
export function insertEntries(lists: Route[][], positions: number[][], entries: readonly SectionEntry<Route>[]): void {
  for (const {list, index, route} of entries) {
    const at = positions[list]!;
    let i = at.length;
    while (i > 0 && at[i - 1]! > index) i--;
    at.splice(i, 0, index);
    lists[list]!.splice(i, 0, route);
  }
}

/** The lists of a table in preorder, as sections.ts numbered them. */
function listsOf(routes: Route[]): Route[][] {
  const lists: Route[][] = [];
  const visit = (list: Route[]) => {
    lists.push(list);
    for (const route of list) if (route.routes) visit(route.routes);
  };
  visit(routes);
  return lists;
}

/** Registers the table every page loads (called by the client's generated routes.js); returns it. */
export function withSections<R extends Route>(routes: R[], kept: number[][], loaders: Table['loaders']): R[] {
  const lists = listsOf(routes);
  if (lists.length !== kept.length) throw new Error(`route-sections: the table has ${lists.length} lists, its positions ${kept.length}`);
  const split = new Set(Object.keys(loaders).flatMap((section) => (section.includes('/') ? [section.split('/')[0]!] : [])));
  table = {lists, positions: kept.map((p) => [...p]), loaders, split, loading: new Map()};
  // A new table (the development server regenerates it when pages change) starts with no section in.
  loaded.clear();
  version += 1;
  return routes;
}

/** Sections of the addresses with routes of their own that are not loaded yet. */
function pending(pathnames: readonly string[]): string[] {
  if (!table) return [];
  const t = table;
  return [...new Set(pathnames.map((p) => sectionOf(p, t.split)))].filter((section) => Object.prototype.hasOwnProperty.call(t.loaders, section) && !loaded.has(section));
}


/** True when the routes of every given address's section are in the table. */
export function sectionsLoaded(pathnames: readonly string[]): boolean {
  return pending(pathnames).length === 0;
}

/** The sections still to load for these addresses (the prefetcher fetches their files ahead). */
export function pendingSections(pathnames: readonly string[]): string[] {
  return pending(pathnames);
}

/** Loads the sections of the given addresses into the table; resolves at once when they are there. */
export function loadSectionsOf(pathnames: readonly string[]): Promise<void> {
  const t = table;
  const todo = pending(pathnames);
  if (!t || todo.length === 0) return Promise.resolve();
  return Promise.all(
    todo.map((section) => {
      let load = t.loading.get(section);
      if (!load) {
        load = t.loaders[section]!().then(
          (module) => {
            if (loaded.has(section)) return;
            insertEntries(t.lists, t.positions, module.default.map(([list, index, route]) => ({list, index, route})));
            loaded.add(section);
            version += 1;
          },
          (error: unknown) => {
            // A failed download may be retried by the next navigation (Docusaurus then reloads the page).
            t.loading.delete(section);
            throw error;
          },
        );
        t.loading.set(section, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

/** Changes each time a section is added: whatever indexed the table rebuilds its index. */
export const tableVersion = (): number => version;

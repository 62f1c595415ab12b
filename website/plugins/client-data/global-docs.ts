/**
 * The docs plugin's global data (`.docusaurus/globalData.json`, in `main.js`)
 * lists every doc of every version with its id, address and sidebar, so every
 * page of the site carried the whole list. In the browser the theme reads it
 * to find the doc at the current address (`useActiveDocContext`: which navbar
 * item is active) and to find a navbar item's doc by id (`useLayoutDoc`).
 * So the client copy keeps only the docs no section of the route table holds,
 * the docs the navbar names and each version's main doc
 * (`clientGlobalData`); each section's module adds the docs of its own
 * addresses (`sectionDocs`, plugins/route-sections/docs-data.ts) when it
 * loads, which is before any render at one of them. The server render keeps
 * the list whole.
 *
 * Pure functions on parsed JSON, used by the loader (loader.ts).
 */

/** A doc as the docs plugin's global data lists it. */
export interface GlobalDoc {
  id: string;
  path: string;
  sidebar?: string;
}
interface GlobalVersion {
  name: string;
  mainDocId: string;
  docs: GlobalDoc[];
}
interface GlobalDocsInstance {
  versions: GlobalVersion[];
}

/** The key of the docs plugin's global data. */
export const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

/** Docs of one version that a section brings: [plugin id, version name, docs]. */
export type SectionDocs = [pluginId: string, version: string, docs: GlobalDoc[]];

type GlobalData = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function instancesOf(globalData: GlobalData): Record<string, GlobalDocsInstance> {
  const instances = globalData[DOCS_PLUGIN];
  if (instances === undefined) return {};
  const valid =
    isObject(instances) &&
    Object.values(instances).every(
      (instance) =>
        isObject(instance) &&
        Array.isArray(instance.versions) &&
        instance.versions.every((v: unknown) => isObject(v) && typeof v.name === 'string' && typeof v.mainDocId === 'string' && Array.isArray(v.docs)),
    );
  // A Docusaurus upgrade that reshapes the global data fails the build here rather than ship a list the theme cannot read.
  if (!valid) throw new Error(`client-data: the global data of ${DOCS_PLUGIN} is not in the form this site expects (versions with name, mainDocId and docs)`);
  return instances as Record<string, GlobalDocsInstance>;
}

/**
 * The global data as the browser gets it: each version keeps the docs no
 * section holds (`sectionOfPath` gives undefined), the docs in `keepIds` and
 * its main doc.
 */
export function clientGlobalData(globalData: GlobalData, sectionOfPath: (path: string) => string | undefined, keepIds: ReadonlySet<string>): GlobalData {
  const instances = instancesOf(globalData);
  if (Object.keys(instances).length === 0) return globalData;
  const trimmed = Object.fromEntries(
    Object.entries(instances).map(([pluginId, instance]) => [
      pluginId,
      {
        ...instance,
        versions: instance.versions.map((version) => ({
          ...version,
          docs: version.docs.filter((doc) => keepIds.has(doc.id) || doc.id === version.mainDocId || sectionOfPath(doc.path) === undefined),
        })),
      },
    ]),
  );
  return {...globalData, [DOCS_PLUGIN]: trimmed};
}

/** The docs a section's module adds: those at its addresses that the client's global data left out. */
export function sectionDocs(
  globalData: GlobalData,
  sectionOfPath: (path: string) => string | undefined,
  keepIds: ReadonlySet<string>,
  section: string,
): SectionDocs[] {
  const out: SectionDocs[] = [];
  for (const [pluginId, instance] of Object.entries(instancesOf(globalData))) {
    for (const version of instance.versions) {
      const docs = version.docs.filter((doc) => !keepIds.has(doc.id) && doc.id !== version.mainDocId && sectionOfPath(doc.path) === section);
      if (docs.length > 0) out.push([pluginId, version.name, docs]);
    }
  }
  return out;
}

/** The navbar items' doc ids (`type: 'doc'`, at any depth of dropdowns), which the theme looks up on every page. */
export function navbarDocIds(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    if (!isObject(item)) return [];
    const own = item.type === 'doc' && typeof item.docId === 'string' ? [item.docId] : [];
    return [...own, ...navbarDocIds(item.items)];
  });
}

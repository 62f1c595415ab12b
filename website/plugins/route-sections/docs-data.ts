/**
 * Puts a section's docs back into the docs plugin's global data in the
 * browser (plugins/client-data/global-docs.ts says what the client copy
 * leaves out and why). A section's module calls `addDocs` when it is
 * evaluated, before preload.ts lets a render look its routes up; the theme
 * reads the global data from the same object each render.
 */
import globalData from '@generated/globalData';
import type {GlobalDoc, SectionDocs} from '../client-data/global-docs';

type Versions = {name: string; docs: GlobalDoc[]}[];

export function addDocs(entries: readonly SectionDocs[]): void {
  const instances = (globalData as Record<string, Record<string, {versions: Versions}> | undefined>)['docusaurus-plugin-content-docs'];
  for (const [pluginId, versionName, docs] of entries) {
    const version = instances?.[pluginId]?.versions.find((v) => v.name === versionName);
    // The build wrote these from the same global data: a missing version means the two copies differ.
    if (!version) throw new Error(`route-sections: the global data has no docs version ${versionName} of ${pluginId}`);
    const known = new Set(version.docs.map((doc) => doc.id));
    version.docs.push(...docs.filter((doc) => !known.has(doc.id)));
  }
}

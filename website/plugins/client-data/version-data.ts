/**
 * The docs version metadata (the docs root route's props, loaded by every docs
 * page) holds every sidebar of the site and an entry for every doc. In the
 * browser, two readers remain:
 *
 * - the docs layout reads the sidebar of the page's doc
 *   (`versionMetadata.docsSidebars[sidebar]`), and each section of the route
 *   table now brings the sidebars its routes name (plugins/route-sections,
 *   sidebars.ts), which src/theme/DocVersionRoot provides in their place;
 * - the theme's DocCard reads a link card's doc entry (`useDocById`), only on
 *   a category's generated index: each such page gets the entries of its own
 *   cards in its route props (withCardDocs), and
 *   src/theme/DocCategoryGeneratedIndexPage puts them back (withDocs).
 *
 * So the client compilation keeps neither (clientVersionProps). The server
 * render keeps the version data whole, so both draw the same page.
 *
 * Pure functions on parsed JSON: the bundler's loader (loader.ts) and the
 * theme wrappers both use them.
 */
import type {PropSidebarItem, PropVersionDoc, PropVersionMetadata} from '@docusaurus/plugin-content-docs';

/** Doc id → its entry in the version data. */
export type VersionDocs = PropVersionMetadata['docs'];

/** The route props key the card docs travel under on a generated-index page. */
export const CARD_DOCS_PROP = 'cardDocs';

export interface VersionProps {
  version: PropVersionMetadata;
}
interface CategoryIndexProps {
  categoryGeneratedIndex: {permalink: string; sidebar?: string};
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function isVersionProps(props: unknown): props is VersionProps {
  return isObject(props) && isObject(props.version) && isObject(props.version.docs) && isObject(props.version.docsSidebars);
}

export function isCategoryIndexProps(props: unknown): props is CategoryIndexProps {
  return isObject(props) && isObject(props.categoryGeneratedIndex) && typeof props.categoryGeneratedIndex.permalink === 'string';
}

/** The version props as the client compilation has them: no doc entries and no sidebars. */
export function clientVersionProps(props: VersionProps): VersionProps {
  return {...props, version: {...props.version, docs: {}, docsSidebars: {}}};
}

function findCategory(items: readonly PropSidebarItem[], href: string): Extract<PropSidebarItem, {type: 'category'}> | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === href) return item;
    const inner = findCategory(item.items, href);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The doc entries the generated index at `permalink` reads: one for each doc
 * its category links to directly (DocCard looks every link card's doc up, and
 * shows its description unless the sidebar item has its own, in which case
 * the entry goes without one).
 */
export function cardDocsOf(version: PropVersionMetadata, permalink: string, sidebar?: string): VersionDocs {
  const sidebars = sidebar && version.docsSidebars[sidebar] ? [version.docsSidebars[sidebar]] : Object.values(version.docsSidebars);
  const category = sidebars.map((items) => findCategory(items, permalink)).find(Boolean);
  if (!category) throw new Error(`client-data: no sidebar category links to the generated index ${permalink}`);
  const docs: VersionDocs = {};
  for (const item of category.items) {
    if (item.type !== 'link' || !item.docId) continue;
    const doc = version.docs[item.docId];
    if (!doc) throw new Error(`client-data: the generated index ${permalink} links to the doc ${item.docId}, which the version data lacks`);
    if (item.description === undefined) docs[item.docId] = doc;
    else {
      const {description: _own, ...rest} = doc;
      docs[item.docId] = rest as PropVersionDoc;
    }
  }
  return docs;
}

/** A generated-index page's props with the doc entries of its cards added. */
export function withCardDocs(props: CategoryIndexProps, version: PropVersionMetadata): CategoryIndexProps & {[CARD_DOCS_PROP]: VersionDocs} {
  const {permalink, sidebar} = props.categoryGeneratedIndex;
  return {...props, [CARD_DOCS_PROP]: cardDocsOf(version, permalink, sidebar)};
}

/** The version with the given doc entries in it (the same object when it has them all already, as on the server). */
export function withDocs(version: PropVersionMetadata, docs: VersionDocs | undefined): PropVersionMetadata {
  const missing = Object.keys(docs ?? {}).filter((id) => !version.docs[id]);
  if (missing.length === 0) return version;
  return {...version, docs: {...version.docs, ...Object.fromEntries(missing.map((id) => [id, docs![id]!]))}};
}

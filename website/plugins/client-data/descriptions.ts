/**
 * The docs version metadata (the docs root route's props, loaded by every docs
 * page) lists every doc with its description, and in the browser only one
 * component reads a description from it: the theme's DocCard, for the link
 * cards of a category's generated index (`useDocById(docId).description`).
 * So the client compilation drops the descriptions from the version data
 * (withoutDocDescriptions) and gives each generated-index page the
 * descriptions of its own cards in its route props (withCardDescriptions);
 * the page puts them back into the version it provides to its cards
 * (withDescriptions, src/theme/DocCategoryGeneratedIndexPage). The server
 * render keeps the version data whole, so both draw the same cards.
 *
 * Pure functions on parsed JSON: the bundler's loader (loader.ts) and the
 * theme wrapper both use them.
 */
import type {PropSidebarItem, PropVersionDoc, PropVersionMetadata} from '@docusaurus/plugin-content-docs';

/** Doc id → its description, as the version data has it. */
export type DocDescriptions = Record<string, string>;

/** The route props key the descriptions travel under on a generated-index page. */
export const CARD_DESCRIPTIONS_PROP = 'cardDescriptions';

interface VersionProps {
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

/** Version props as the client compilation sees them: no doc has a description. */
export interface ClientVersionProps {
  version: Omit<PropVersionMetadata, 'docs'> & {docs: Record<string, Omit<PropVersionDoc, 'description'>>};
}

/** The version props with no doc descriptions. */
export function withoutDocDescriptions(props: VersionProps): ClientVersionProps {
  const docs = Object.fromEntries(
    Object.entries(props.version.docs).map(([id, doc]) => {
      const {description: _dropped, ...rest} = doc;
      return [id, rest];
    }),
  );
  return {...props, version: {...props.version, docs}};
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
 * The descriptions the generated index at `permalink` shows: those of the docs
 * its category links to directly (DocCard reads a link card's description from
 * the version data unless the sidebar item has its own).
 */
export function cardDescriptionsOf(version: PropVersionMetadata, permalink: string, sidebar?: string): DocDescriptions {
  const sidebars = sidebar && version.docsSidebars[sidebar] ? [version.docsSidebars[sidebar]] : Object.values(version.docsSidebars);
  const category = sidebars.map((items) => findCategory(items, permalink)).find(Boolean);
  if (!category) throw new Error(`client-data: no sidebar category links to the generated index ${permalink}`);
  const descriptions: DocDescriptions = {};
  for (const item of category.items) {
    if (item.type !== 'link' || !item.docId || item.description !== undefined) continue;
    const description = version.docs[item.docId]?.description;
    if (description !== undefined) descriptions[item.docId] = description;
  }
  return descriptions;
}

/** A generated-index page's props with the descriptions of its cards added. */
export function withCardDescriptions(props: CategoryIndexProps, version: PropVersionMetadata): CategoryIndexProps & {[CARD_DESCRIPTIONS_PROP]: DocDescriptions} {
  const {permalink, sidebar} = props.categoryGeneratedIndex;
  return {...props, [CARD_DESCRIPTIONS_PROP]: cardDescriptionsOf(version, permalink, sidebar)};
}

/** The version with the given descriptions put back (the same object when there are none to add). */
export function withDescriptions(version: PropVersionMetadata, descriptions: DocDescriptions | undefined): PropVersionMetadata {
  const entries = Object.entries(descriptions ?? {}).filter(([id, description]) => version.docs[id] && version.docs[id].description !== description);
  if (entries.length === 0) return version;
  const docs = {...version.docs};
  for (const [id, description] of entries) docs[id] = {...docs[id]!, description};
  return {...version, docs};
}

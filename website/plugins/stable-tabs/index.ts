import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap, type ModuleRequest} from '../module-swap';

const REPLACEMENT = path.join(__dirname, 'alwaysBrowser.ts');
/** The theme's Tabs, the only module given the replacement. */
const TABS = /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]Tabs[\\/]index\.js$/;

/** Whether a module request is the Tabs component's import of `useIsBrowser`. */
export function isTabsUseIsBrowser(resource: ModuleRequest): boolean {
  return resource.request === '@docusaurus/useIsBrowser' && TABS.test(resource.contextInfo?.issuer ?? '');
}

/**
 * The theme's Tabs keys its whole subtree on `useIsBrowser()`, so every tab
 * group, and every code block in it, is built twice on a page's first load:
 * hydrated, then thrown away and mounted again (a workaround for an old
 * Docusaurus issue, #5653, in which a tab chosen earlier was not shown after
 * hydration). The tab state no longer needs it: it starts from the default
 * value on the server and in the browser alike, and a layout effect selects
 * the reader's stored or linked choice after hydration, which React applies
 * as an ordinary update. Tabs gets a `useIsBrowser` that answers the same on
 * both sides (alwaysBrowser.ts); every other component keeps the real one.
 */
export default function stableTabs(): Plugin {
  return moduleSwap({name: 'sigil-stable-tabs', request: /^@docusaurus\/useIsBrowser$/, replacement: REPLACEMENT, applies: isTabsUseIsBrowser});
}

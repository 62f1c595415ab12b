import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap, type ModuleRequest} from '../module-swap';

const REPLACEMENT = path.join(__dirname, 'useWindowSize.ts');
/** theme-common's own folder: its index and its mobile-sidebar context import the hook relatively. */
const THEME_COMMON = /[\\/]@docusaurus[\\/]theme-common[\\/]lib([\\/]|$)/;

/** Whether a module request is theme-common's import of its `useWindowSize` hook. */
export function isThemeWindowSize(resource: ModuleRequest): boolean {
  return /^\.\.?\/(?:hooks\/)?useWindowSize(?:\.js)?$/.test(resource.request) && THEME_COMMON.test(resource.context ?? '');
}

/**
 * Gives the theme a `useWindowSize` whose first answer after hydration comes
 * in a task of its own for each component that asks (useWindowSize.ts says why). Server and browser builds get
 * the same module, so the first render on both sides is unchanged.
 */
export default function windowSize(): Plugin {
  return moduleSwap({name: 'sigil-window-size', request: /useWindowSize(\.js)?$/, replacement: REPLACEMENT, applies: isThemeWindowSize});
}

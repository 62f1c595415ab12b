import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap, type ModuleRequest} from '../module-swap';

const REPLACEMENT = path.join(__dirname, 'reactUtils.tsx');
/** theme-common's own folder: its index, contexts and hooks import the helpers relatively. */
const THEME_COMMON = /[\\/]@docusaurus[\\/]theme-common[\\/]lib([\\/]|$)/;

/** Whether a module request is theme-common's import of its React helpers (utils/reactUtils). */
export function isThemeReactUtils(resource: ModuleRequest): boolean {
  return /^(?:\.\.?\/)+(?:utils\/)?reactUtils(?:\.js)?$/.test(resource.request) && THEME_COMMON.test(resource.context ?? '');
}

/**
 * Gives theme-common React helpers whose shallow memo does not call
 * `localeCompare` (reactUtils.tsx says why). Server and browser builds get the
 * same module.
 */
export default function reactUtils(): Plugin {
  return moduleSwap({name: 'sigil-react-utils', request: /reactUtils(\.js)?$/, replacement: REPLACEMENT, applies: isThemeReactUtils});
}

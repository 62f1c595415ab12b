import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap} from '../module-swap';

/**
 * Code is highlighted when the site is built (remark.ts tokenizes fenced
 * blocks; src/theme/CodeBlock/Content draws the tokens). The classic theme
 * still registers a client module that imports Prism and its grammars into
 * the bundle every page loads, only to add grammars the page no longer uses;
 * this plugin swaps that module for an empty one. Prism then loads only
 * where the browser must highlight code it produces (src/highlight/runtime.ts).
 * The theme registers the module by its absolute path without extension,
 * which is what the generated client-modules.js requires.
 */
export const THEME_PRISM_CLIENT_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(?:\.js)?$/;

export default function highlight(): Plugin {
  return moduleSwap({name: 'sigil-highlight', request: THEME_PRISM_CLIENT_MODULE, replacement: path.join(__dirname, 'no-client-prism.ts')});
}

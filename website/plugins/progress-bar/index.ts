import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap} from '../module-swap';

export const REPLACEMENT = path.join(__dirname, 'nprogress.ts');

/**
 * In the browser build, theme-classic's navigation progress bar runs on nprogress.ts instead of the `nprogress`
 * package (1.7 KB gzip of every page's `main.js`, most of it for options and a spinner the theme never uses). The
 * theme's client module, its delay of 200 ms and its style sheet are unchanged.
 */
export default function progressBar(): Plugin {
  return moduleSwap({name: 'sigil-progress-bar', request: /^nprogress$/, replacement: REPLACEMENT, clientOnly: true});
}

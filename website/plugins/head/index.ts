import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap} from '../module-swap';

export const REPLACEMENT = path.join(__dirname, 'Helmet.tsx');

/**
 * In the browser build, `react-helmet-async` (with react-fast-compare, shallowequal, invariant and prop-types, about
 * 6 KB gzip of every page's `main.js`) becomes Helmet.tsx, which writes the same head. The server render keeps the
 * library: it collects the head every page's HTML is written with.
 */
export default function head(): Plugin {
  return moduleSwap({name: 'sigil-head', request: /^react-helmet-async$/, replacement: REPLACEMENT, clientOnly: true});
}

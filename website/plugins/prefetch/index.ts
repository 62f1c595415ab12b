import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap} from '../module-swap';

/** The module the client entry imports as `./docusaurus` (window.docusaurus). */
const CORE_CLIENT_DIR = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client$/;
const REPLACEMENT = path.join(__dirname, 'client.ts');

/**
 * Swaps Docusaurus's prefetching object for one that keeps its rules and does
 * less work per visible link (prefetcher.ts; README.md has the figures).
 */
export default function prefetch(): Plugin {
  return moduleSwap({
    name: 'sigil-prefetch',
    request: /^\.\/docusaurus(\.js)?$/,
    replacement: REPLACEMENT,
    applies: (resource) => CORE_CLIENT_DIR.test(resource.context ?? ''),
    clientOnly: true,
  });
}

import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap} from '../module-swap';

export const REPLACEMENT = path.join(__dirname, 'hoistStatics.ts');

/**
 * In the browser build, react-router's `hoist-non-react-statics` (with react-is, 1.2 KB gzip of every page's
 * `main.js`) becomes hoistStatics.ts.
 */
export default function hoistStatics(): Plugin {
  return moduleSwap({name: 'sigil-hoist-statics', request: /^hoist-non-react-statics$/, replacement: REPLACEMENT, clientOnly: true});
}

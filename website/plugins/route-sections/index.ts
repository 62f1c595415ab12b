import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap} from '../module-swap';

/** The folder of Docusaurus's client code, which imports its preload as `./preload`. */
export const CORE_CLIENT_DIR = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client$/;
const REPLACEMENT = path.join(__dirname, 'preload.ts');
/** The import replaced: core's client modules import their preload by this relative request. */
export const PRELOAD_REQUEST = /^\.\/preload(\.js)?$/;

/**
 * Has the browser build preload an address's section of the route table
 * before its routes (preload.ts); the table itself is cut by
 * plugins/client-data's loader (sections.ts, routes-source.ts). The server
 * render keeps Docusaurus's preload and the whole table.
 */
export default function routeSections(): Plugin {
  return moduleSwap({
    name: 'sigil-route-sections',
    request: PRELOAD_REQUEST,
    replacement: REPLACEMENT,
    applies: (resource) => CORE_CLIENT_DIR.test(resource.context ?? ''),
    clientOnly: true,
  });
}

import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export const STAGED_ENTRY = path.join(__dirname, 'entry.ts');

/** The browser configuration's entry, replaced when the build is a production one (the dev server keeps Docusaurus's). */
export function stagedEntry(config: {mode?: string; entry?: unknown}, isServer: boolean): unknown {
  return !isServer && config.mode === 'production' ? STAGED_ENTRY : config.entry;
}

/**
 * A page's `main.js` ran Docusaurus's client entry in one go: React DOM,
 * the chunk registry and route table, every client module, then the
 * route's own modules; 25–40 ms of one task on this machine, four times
 * that on Lighthouse's phone, all of it blocking. The entry here runs the
 * same modules in the same order, with a task boundary between the large
 * pieces (entry.ts), so the browser can paint and answer input between them.
 * Hydration itself is already cut into slices by React (it runs in a transition).
 */
export default function stagedStart(): Plugin {
  return {
    name: 'sigil-staged-start',
    configureWebpack(config, isServer) {
      // The entry is replaced, not merged: webpack-merge would turn two entries into a list of both.
      config.entry = stagedEntry(config, isServer) as typeof config.entry;
      return {};
    },
  };
}

/*
 * The browser build's entry (index.ts says why it replaces Docusaurus's).
 * It starts the same client entry, after running the costliest module
 * initialisations each in a task of its own, so that no single task holds
 * the main thread for all of them.
 */
import {nextTask} from '../tasks';

// Each `require` is resolved and bundled by the build; the modules are the ones Docusaurus's own entry imports.
declare const require: (id: string) => unknown;

async function start(): Promise<void> {
  // The script's own evaluation (its module table) ends here; then React DOM, compiled and initialised: the largest piece.
  await nextTask();
  require('react-dom/client');
  await nextTask();
  // The chunk registry and the route table: hundreds of entries built at once.
  require('@generated/registry');
  require('@generated/routes');
  await nextTask();
  // Site-wide client modules (the theme's and the site's), then Docusaurus's entry, which matches the route and hydrates.
  require('@generated/client-modules');
  await nextTask();
  require('@docusaurus/core/lib/client/clientEntry');
}

void start();

export {};

/**
 * Interactive widgets whose code must load on demand, never with a plain page
 * visit. Built scripts are named by number; the build's chunk manifest
 * (plugins/chunks) says which of the site's source files each one holds, so a
 * widget is recognised by its own source file. A widget is checked once its
 * source exists in the tree; from then on the build must contain it.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {ChunkManifest} from '../../plugins/chunks/manifest';
import {websiteDir} from './site';

export const MANIFEST_FILE = '.chunk-packages.json';

export interface OnDemandWidget {
  name: string;
  /** The widget's own code, relative to website/ (a file, or a folder for a build step). */
  source: string;
  /** npm packages only the widget uses: scripts holding them belong to it (they split into chunks of their own). */
  packages?: string[];
  /** Built files that belong to the widget without being scripts of the bundle (e.g. Pagefind's). */
  files?: RegExp;
  /**
   * The eager part of a widget that renders at once where it is placed: pages
   * loading it are the widget's hosts and may load the widget too.
   */
  hostSource?: string;
  /** Routes built around the widget, where loading it at once is the point. */
  hostRoutes?: (routePath: string) => boolean;
}

const isSearchPage = (p: string) => p === '/search' || p.startsWith('/search/');

export const WIDGETS: OnDemandWidget[] = [
  {name: 'search dialog', source: 'src/components/SearchModal/index.tsx', hostRoutes: isSearchPage},
  {name: 'Pagefind', source: 'plugins/search-index', files: /^\/pagefind\/.*\.m?js$/, hostRoutes: isSearchPage},
  {name: 'request builder', source: 'plugins/api-reference/components/RequestBuilder/Builder.tsx'},
  // The emulator in a Web Worker (src/sandbox): loads when the reader opens the request builder with the sandbox as target.
  {name: 'sandbox worker', source: 'src/sandbox/worker.ts', packages: ['@scure/bip32', '@scure/bip39', 'micro-eth-signer']},
  // The embedded wallet kit's live demo: loads when the reader presses its button.
  {name: 'embedded wallet kit demo', source: 'src/components/KitDemo/Demo.tsx', packages: ['@sigil/embedded-wallet-kit']},
  // Loads when it scrolls into view; a first visit at the top of its page must not load it.
  {name: 'policy playground', source: 'src/components/PolicyPlayground/index.tsx'},
  // Prism, for code only the browser sees (a widget's output); everything else is highlighted at build time.
  {name: 'in-browser highlighter', source: 'src/highlight/runtime.ts', packages: ['prism-react-renderer', 'prismjs']},
];

/** The widgets present in this tree. */
export function onDemandWidgets(): OnDemandWidget[] {
  return WIDGETS.filter((w) => existsSync(path.join(websiteDir, w.source)));
}

export function readManifest(buildDir: string): ChunkManifest {
  const file = path.join(buildDir, MANIFEST_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: the build must include plugins/chunks.`);
  return JSON.parse(readFileSync(file, 'utf8')) as ChunkManifest;
}

/** URL paths of the built files that belong to a widget. */
export function widgetFiles(buildDir: string, manifest: ChunkManifest, widget: OnDemandWidget): string[] {
  const scripts = Object.entries(manifest)
    .filter(
      ([, entry]) =>
        entry.sources.some((s) => s === widget.source || s.startsWith(`${widget.source}/`)) ||
        entry.packages.some((p) => widget.packages?.includes(p)),
    )
    .map(([file]) => file);
  const others = widget.files
    ? readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
        .map((f) => '/' + f.split(path.sep).join('/'))
        .filter((f) => widget.files!.test(f))
    : [];
  return [...scripts, ...others];
}

/** Does a page that loaded these files host the widget (render it at once)? */
export function hostsWidget(manifest: ChunkManifest, widget: OnDemandWidget, routePath: string, files: readonly string[]): boolean {
  if (widget.hostRoutes?.(routePath)) return true;
  const host = widget.hostSource;
  return host !== undefined && files.some((f) => manifest[f]?.sources.includes(host));
}

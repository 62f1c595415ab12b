import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {writeFileSync} from 'node:fs';
import type {LoaderOptions} from './loader';
import {decisions} from './decisions';
import {createSwap} from '../module-swap';
import {loaderCacheDependencies} from '../loader-cache';

/** The build's record of which docs have their article on demand, and why the others do not (read by the e2e specs). */
export const REPORT_FILE = '.articles-on-demand.json';

const LOADER = path.join(__dirname, 'loader.cjs');
const OWN_FILES = ['index.ts', 'loader.cjs', 'loader.ts', 'split.ts', 'registry.ts', 'decisions.ts', 'serverMdxContent.ts', 'noMdxContent.ts'].map((f) => path.join(__dirname, f));

/**
 * Components a doc may import and still have its article loaded on demand:
 * each draws its final markup on the server and needs script only when a
 * reader acts on it (a click on a tab, a link or a copy button, which
 * reader.ts holds and replays once the article has run). A component that
 * shows something only after the page has run (an effect that loads a
 * widget when it scrolls into view, or reads the address) is not here: a
 * doc that imports one keeps its whole module, run on every first load.
 * index.test.ts reads each of these and fails on an effect hook.
 */
export const ALLOWED_IMPORTS = [
  '@theme/Tabs',
  '@theme/TabItem',
  '@site/src/components/ScrollTable',
  '@site/src/components/PackageApiSummary',
  '@site/src/components/ResourceLimits',
  '@site/src/components/StartPaths',
  '@site/src/components/PathCards',
  '@site/src/components/ErrorCodes',
  '@site/src/components/BehaviorRules',
  '@site/src/components/CloneRepository',
  '@site/src/components/PolicyExamples',
  '@site/src/components/KitDemo',
];

/**
 * A docs page's article (the content of its MDX file) is not run on a first
 * visit: the page's HTML already shows it, and running it means building and
 * hydrating every node of it, most of a docs page's script time. Its module
 * loads when the reader acts inside it, or at once when the page must change
 * what the server drew (reader.ts); a client-side navigation loads it with
 * the route (plugins/route-sections/preload.ts). The client compilation only:
 * the server render keeps each doc's whole module.
 */
export default function articleOnDemand(context: LoadContext): Plugin {
  const docsDir = path.join(context.siteDir, 'docs') + path.sep;
  const options: LoaderOptions = {allowedImports: ALLOWED_IMPORTS, runtime: path.join(__dirname, 'registry.ts')};
  // The docs theme's content component renders the server's MDXContent on the server only (serverMdxContent.ts).
  const noServerMdxContent = createSwap({
    name: 'sigil-article-on-demand (MDXContent)',
    request: /[\\/]article-on-demand[\\/]serverMdxContent$/,
    replacement: path.join(__dirname, 'noMdxContent.ts'),
    clientOnly: true,
  });
  return {
    name: 'sigil-article-on-demand',
    async postBuild({outDir}) {
      noServerMdxContent.check();
      const docs = [...decisions()].map(([file, reason]) => ({file: path.relative(context.siteDir, file), reason}));
      if (docs.length === 0) throw new Error('sigil-article-on-demand: the loader saw no doc: the docs plugin\'s MDX rule or folder moved');
      docs.sort((a, b) => a.file.localeCompare(b.file));
      writeFileSync(
        path.join(outDir, REPORT_FILE),
        JSON.stringify({onDemand: docs.filter((d) => d.reason === null).map((d) => d.file), whole: docs.filter((d) => d.reason !== null)}, null, 1),
      );
    },
    configureWebpack(config, isServer, {currentBundler}) {
      if (isServer) return {};
      return {
        ...loaderCacheDependencies(config, OWN_FILES),
        plugins: [noServerMdxContent.plugin(currentBundler as never, isServer) as never],
        module: {
          rules: [{test: /\.mdx?$/i, include: [docsDir], enforce: 'post' as const, use: [{loader: LOADER, options}]}],
        },
      };
    },
  };
}

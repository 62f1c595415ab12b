import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {searchSettings} from '../../search.config';
import {readApiNames} from './apiNames';
import {buildSearchIndex} from './build';

export interface SearchIndexOptions {
  /** The bundled API document, read for operation names and aliases (relative to the site folder). */
  specPath?: string;
}

/**
 * Site search, build side: after every build (isolated ones included) the
 * Pagefind index of the built pages is written to `<outDir>/pagefind/`, with
 * the typo vocabulary next to it. The hosted-engine adapter is compiled in
 * only when the hosted service is configured.
 */
export default function searchIndex(context: LoadContext, options?: unknown): Plugin {
  const given = (options ?? {}) as SearchIndexOptions;
  const specPath = path.resolve(context.siteDir, given.specPath ?? '../packages/api-spec/dist/openapi.json');
  const searchDir = path.join(context.siteDir, 'src', 'search');
  return {
    name: 'sigil-search-index',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            'sigil-search-hosted$': path.join(searchDir, searchSettings.hosted ? 'hostedEngine.ts' : 'hostedUnavailable.ts'),
          },
        },
      };
    },
    async postBuild({outDir}) {
      const report = await buildSearchIndex(outDir, readApiNames(specPath));
      console.log(
        `[search] indexed ${report.pages} pages (${report.skipped} skipped) in ${report.chunks.after} word chunks (Pagefind wrote ${report.chunks.before}), ${report.vocabulary} vocabulary words, ${report.names} names; index ${report.bytes} bytes in ${report.ms} ms`,
      );
    },
  };
}

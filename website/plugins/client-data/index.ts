import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const LOADER = path.join(__dirname, 'loader.cjs');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Trims what Docusaurus generates for every page's first load, in the client
 * compilation only (the server render keeps everything it reads): the chunk
 * registry's module paths, and the docs' descriptions in the version data
 * every docs page loads (README.md has what each costs and why it is safe).
 */
export default function clientData(context: LoadContext): Plugin {
  const generated = context.generatedFilesDir;
  return {
    name: 'sigil-client-data',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        module: {
          rules: [
            {
              // Runs on the generated source, before the site's own JavaScript loader.
              enforce: 'pre' as const,
              test: new RegExp(
                `^(?:${escape(path.join(generated, 'registry.js'))}|${escape(path.join(generated, 'docusaurus-plugin-content-docs'))}[\\\\/][^\\\\/]+[\\\\/]p[\\\\/][^\\\\/]+\\.json)$`,
              ),
              use: [{loader: LOADER}],
            },
          ],
        },
      };
    },
  };
}

import {existsSync} from 'node:fs';
import path from 'node:path';
import clientRedirects, {validateOptions, type Options} from '@docusaurus/plugin-client-redirects';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Redirect} from '../../redirects';
import {shareRedirectScripts} from './sharedScript';

/** True when this file system tells `a` from `A` (Linux does; macOS and Windows by default do not). */
export function caseSensitive(dir: string): boolean {
  const probe = path.join(dir, 'package.json');
  return !existsSync(path.join(dir, 'PACKAGE.JSON')) || !existsSync(probe);
}

/**
 * Static redirect pages (`@docusaurus/plugin-client-redirects`): each address
 * gets an HTML file with a meta refresh and a canonical link to its target,
 * so crawlers and `curl` get 200 and the place to go instead of a 404.
 *
 * A redirect whose address differs from a route only by case (`/sdks/ruby`)
 * is a folder next to the route's folder; a case-insensitive file system
 * (a build on macOS) cannot hold both, so those are left out there, with a
 * warning, rather than failing the build.
 */
export default function redirects(context: LoadContext, list: readonly Redirect[]): Plugin | null {
  const sensitive = caseSensitive(context.siteDir);
  const kept = sensitive ? list : list.filter((r) => r.from.toLowerCase() !== r.to.replace(/[#?].*$/, '').replace(/\/$/, '').toLowerCase());
  if (kept.length < list.length) {
    console.warn(`[redirects] case-insensitive file system: left out ${list.filter((r) => !kept.includes(r)).map((r) => r.from).join(', ')}`);
  }
  const options = validateOptions({
    // The plugin's own Joi schema fills in its defaults, as Docusaurus does when it loads a plugin by name.
    validate: (schema, value) => {
      const {value: valid, error} = schema.validate(value);
      if (error) throw error;
      return valid;
    },
    options: {redirects: kept.map((r) => ({from: r.from, to: r.to}))} satisfies Options,
  });
  // The plugin has no content (Plugin<void>); it is combined with others whose content is unknown (plugins/redirects/inOrder.ts).
  const plugin = clientRedirects(context, options) as Plugin | null;
  if (!plugin) return null;
  return {
    name: plugin.name,
    async postBuild(props) {
      await plugin.postBuild?.(props);
      // One script for all redirect pages, so the site-wide policy header holds one hash for them (sharedScript.ts).
      await shareRedirectScripts(props.outDir, kept.map((r) => r.from));
    },
  };
}

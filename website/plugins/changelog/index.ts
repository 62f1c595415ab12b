import {existsSync} from 'node:fs';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import blogPlugin, {validateOptions} from '@docusaurus/plugin-content-blog';
import type {PluginOptions} from '@docusaurus/plugin-content-blog';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import {absoluteUrl} from '../markdown-twins/urls';
import {addAtomSelfLink, addRssSelfLink} from './feeds';

/**
 * The changelog: Docusaurus's blog plugin, unchanged, whose feeds get their
 * `rel="self"` links once the plugin has written them. Wrapping the plugin is
 * the only way to run after its `postBuild` (Docusaurus runs all of them at
 * the same time), which is why the blog is declared here and not in the preset.
 */
async function changelog(context: LoadContext, options: PluginOptions): Promise<Plugin<unknown>> {
  const plugin = await blogPlugin(context, options);
  return {
    ...plugin,
    async postBuild(props) {
      await plugin.postBuild?.(props as Parameters<NonNullable<typeof plugin.postBuild>>[0]);
      const base = options.routeBasePath.replace(/^\/+|\/+$/g, '');
      const siteUrl = absoluteUrl(props.siteConfig.url, props.siteConfig.baseUrl);
      for (const [file, add] of [
        ['rss.xml', addRssSelfLink],
        ['atom.xml', addAtomSelfLink],
      ] as const) {
        const target = path.join(props.outDir, base, file);
        if (!existsSync(target)) continue;
        await writeFile(target, add(await readFile(target, 'utf8'), absoluteUrl(siteUrl, `${base}/${file}`)));
      }
    },
  } as Plugin<unknown>;
}

/**
 * Docusaurus validates (and fills in the defaults of) the options with the
 * blog plugin's own schema. The casts: PluginModule types both as taking any
 * options; these take the blog plugin's.
 */
const changelogPlugin: PluginModule = Object.assign(changelog as PluginModule, {
  validateOptions: validateOptions as NonNullable<PluginModule['validateOptions']>,
});

export default changelogPlugin;

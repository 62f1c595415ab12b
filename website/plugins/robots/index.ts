import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** robots.txt: every page may be crawled; the sitemap is at the configured site URL. */
export function robotsTxt(siteUrl: string, baseUrl: string): string {
  const sitemap = new URL(`${baseUrl.replace(/\/?$/, '/')}sitemap.xml`, siteUrl).href;
  return `User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`;
}

/** Writes `robots.txt` after the build. Refuses to point at a sitemap no plugin writes. */
export default function robots(): Plugin {
  return {
    name: 'sigil-robots',
    async postBuild({outDir, siteConfig, plugins}) {
      if (!plugins.some((p) => p.name === 'docusaurus-plugin-sitemap')) {
        throw new Error('[robots] robots.txt names sitemap.xml, but the sitemap plugin is not loaded');
      }
      await writeFile(path.join(outDir, 'robots.txt'), robotsTxt(siteConfig.url, siteConfig.baseUrl));
    },
  };
}

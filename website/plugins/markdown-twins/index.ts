import {existsSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {pageToMarkdown} from './convert';
import {renderLlmsFullTxt, renderLlmsTxt, type LlmsGroup, type LlmsPage} from './llms';
import {apiReadingOrder, docsReadingOrder, type DocsVersionLike, type PageGroup} from './order';
import {absoluteUrl, markdownPathFor} from './urls';

export interface MarkdownTwinsOptions {
  /** Headings of the llms.txt sections, by sidebar id; others are derived from the id. */
  sidebarLabels?: Record<string, string>;
  /** The one-line summary under the llms.txt title. */
  summary?: string;
  /** Routes under this path are API reference pages (their own llms.txt section). */
  apiBaseRoute?: string;
  /** Heading of the API reference section. */
  apiLabel?: string;
}

interface LoadedPluginLike {
  name: string;
  content: unknown;
  options: {id?: string; routeBasePath?: string; blogTitle?: string; blogDescription?: string};
}

function docsVersions(plugins: LoadedPluginLike[]): DocsVersionLike[] {
  return plugins
    .filter((p) => p.name === 'docusaurus-plugin-content-docs')
    .flatMap((p) => (p.content as {loadedVersions?: DocsVersionLike[]} | undefined)?.loadedVersions?.slice(0, 1) ?? []);
}

/** The API reference plugin's sidebar routes, when it is loaded (read by shape: it is another helper's plugin). */
function apiSidebarRoutes(plugins: LoadedPluginLike[]): string[] {
  const content = plugins.find((p) => p.name === 'sigil-api-reference')?.content as
    | {sidebar?: {groups?: {links?: {route?: unknown}[]}[]}}
    | undefined;
  return (content?.sidebar?.groups ?? []).flatMap((g) => (g.links ?? []).map((l) => l.route)).filter((r): r is string => typeof r === 'string');
}

/** The changelog's posts, newest first (the blog's own order); its list, archive and tag pages repeat them. */
function blogPostRoutes(blog: LoadedPluginLike | undefined): string[] {
  const posts = (blog?.content as {blogPosts?: {metadata?: {permalink?: unknown}}[]} | undefined)?.blogPosts ?? [];
  return posts.map((p) => p.metadata?.permalink).filter((r): r is string => typeof r === 'string');
}

function htmlFileFor(outDir: string, route: string): string | undefined {
  const rel = route.replace(/^\/+|\/+$/g, '');
  const candidates = rel === '' ? ['index.html'] : [path.join(rel, 'index.html'), `${rel}.html`];
  return candidates.map((c) => path.join(outDir, c)).find((f) => existsSync(f));
}

/**
 * After the build: a Markdown twin next to every docs and API reference page
 * (see `urls.ts` for where), plus `/llms.txt` and `/llms-full.txt`. Everything
 * is derived from the built HTML, so it always matches what readers see.
 */
export default function markdownTwins(_context: LoadContext, options: MarkdownTwinsOptions = {}): Plugin {
  const apiBase = (options.apiBaseRoute ?? '/api').replace(/\/+$/, '');
  return {
    name: 'sigil-markdown-twins',
    async postBuild({outDir, routesPaths, plugins, siteConfig}) {
      const started = Date.now();
      const siteUrl = absoluteUrl(siteConfig.url, siteConfig.baseUrl);
      const loaded = plugins as unknown as LoadedPluginLike[];
      const built = new Set(routesPaths);

      const groups: PageGroup[] = docsVersions(loaded).flatMap((v) => docsReadingOrder(v, options.sidebarLabels));
      const isApi = (r: string): boolean => r === apiBase || r.startsWith(`${apiBase}/`);
      const apiRoutes = apiReadingOrder(routesPaths.filter(isApi), [apiBase, ...apiSidebarRoutes(loaded)]);
      if (apiRoutes.length > 0) groups.push({id: 'api', label: options.apiLabel ?? 'API reference', routes: apiRoutes});
      const blog = loaded.find((p) => p.name === 'docusaurus-plugin-content-blog');
      const postRoutes = blogPostRoutes(blog);
      if (postRoutes.length > 0) groups.push({id: 'changelog', label: blog?.options.blogTitle ?? 'Changelog', routes: postRoutes});

      const siteDescription = (siteConfig.themeConfig as {metadata?: {name?: string; content?: string}[]}).metadata?.find(
        (m) => m.name === 'description',
      )?.content;

      const llmsGroups: LlmsGroup[] = [];
      const missing: string[] = [];
      for (const group of groups) {
        const pages: LlmsPage[] = [];
        for (const route of group.routes) {
          const file = built.has(route) ? htmlFileFor(outDir, route) : undefined;
          if (!file) {
            missing.push(route);
            continue;
          }
          const url = absoluteUrl(siteUrl, route.replace(/^\//, ''));
          const converted = pageToMarkdown(await readFile(file, 'utf8'), {pageUrl: url});
          const mdPath = markdownPathFor(route);
          const target = path.join(outDir, mdPath);
          await mkdir(path.dirname(target), {recursive: true});
          await writeFile(target, converted.markdown);
          pages.push({
            title: converted.title,
            description: converted.description === siteDescription ? undefined : converted.description,
            url,
            markdownUrl: absoluteUrl(siteUrl, mdPath.replace(/^\//, '')),
            markdown: converted.markdown,
          });
        }
        llmsGroups.push({label: group.label, pages});
      }
      if (missing.length > 0) {
        // A listed doc without a built page means the twins and llms.txt would silently lose it.
        throw new Error(`[markdown-twins] no built HTML for: ${missing.join(', ')}`);
      }

      const blogBase = blog?.options.routeBasePath?.replace(/^\/+|\/+$/g, '');
      const optional = blogBase
        ? [
            {title: blog?.options.blogTitle ?? 'Changelog', url: absoluteUrl(siteUrl, blogBase), description: blog?.options.blogDescription},
            ...['rss.xml', 'atom.xml']
              .filter((f) => existsSync(path.join(outDir, blogBase, f)))
              .map((f) => ({
                title: `${blog?.options.blogTitle ?? 'Changelog'} feed (${f === 'rss.xml' ? 'RSS' : 'Atom'})`,
                url: absoluteUrl(siteUrl, `${blogBase}/${f}`),
              })),
          ]
        : [];
      const site = {
        title: siteConfig.title,
        summary: options.summary ?? `${siteConfig.title}: ${siteConfig.tagline}`,
        details: [
          `Every page below is listed by its Markdown version: a page's Markdown is its URL without the trailing slash plus \`.md\` (the home page is ${absoluteUrl(siteUrl, 'index.md')}). All pages in one file: ${absoluteUrl(siteUrl, 'llms-full.txt')}`,
        ],
        optional,
      };
      await writeFile(path.join(outDir, 'llms.txt'), renderLlmsTxt(site, llmsGroups));
      await writeFile(path.join(outDir, 'llms-full.txt'), renderLlmsFullTxt(site, llmsGroups));

      const count = llmsGroups.reduce((n, g) => n + g.pages.length, 0);
      console.log(`[markdown-twins] ${count} Markdown pages, llms.txt and llms-full.txt in ${Date.now() - started} ms`);
    },
  };
}

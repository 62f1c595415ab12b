import {themes as prismThemes} from 'prism-react-renderer';
import type {Config, LoadContext} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {announcement, brand} from './brand';
import testFixtures from './plugins/test-fixtures';
import apiReference from './plugins/api-reference';
import securityHeaders from './plugins/security-headers';
import chunks, {firstLoad} from './plugins/chunks';
import clientData from './plugins/client-data';
import prefetch from './plugins/prefetch';
import routeMatching from './plugins/route-matching';
import routeSections from './plugins/route-sections';
import lazyRoutes from './plugins/lazy-routes';
import articleOnDemand from './plugins/article-on-demand';
import stableTabs from './plugins/stable-tabs';
import windowSize from './plugins/window-size';
import reactUtils from './plugins/react-utils';
import stagedStart from './plugins/staged-start';
import highlight from './plugins/highlight';
import preact from './plugins/preact';
import head from './plugins/head';
import progressBar from './plugins/progress-bar';
import hoistStatics from './plugins/hoist-statics';
import remarkHighlight from './plugins/highlight/remark';
import remarkDiagrams from './plugins/diagrams/remark';
import rehypeTableCodeBreaks from './plugins/table-code-breaks';
import {magicComments} from './plugins/highlight/tokenize';
import {additionalLanguages} from './src/highlight/languages';
import markdownTwins from './plugins/markdown-twins';
import {chatbotSettings} from './chatbot.config';
import searchIndex from './plugins/search-index';
import redirects from './plugins/redirects';
import {inOrder} from './plugins/redirects/inOrder';
import robots from './plugins/robots';
import changelog from './plugins/changelog';
import sandbox from './plugins/sandbox';
import type {Options as BlogPluginOptions} from '@docusaurus/plugin-content-blog';
import {siteRedirects} from './redirects';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {searchConnectSrc, searchSettings} from './search.config';
import {policyScopes} from './src/policyScopes';

// Test fixtures (a page that crashes, a lazily loaded widget) are built only
// for the end-to-end suite, never for a production deploy.
const withTestFixtures = process.env.SIGIL_TEST_FIXTURES === '1';

/** The bundled OpenAPI document, relative to this folder: the API reference and the API area redirects read it. */
const apiSpecPath = '../packages/api-spec/dist/openapi.json';

/** The changelog: a blog at /changelog, every post in full, five to a list page (each post's content is a script the page loads), with RSS and Atom feeds. */
const changelogOptions = {
  id: 'changelog',
  path: 'changelog',
  routeBasePath: 'changelog',
  remarkPlugins: [remarkDiagrams, remarkHighlight],
  rehypePlugins: [rehypeTableCodeBreaks],
  blogTitle: 'Changelog',
  blogDescription: `Every release of the ${brand.name} API, SDKs and documentation.`,
  blogSidebarCount: 0,
  postsPerPage: 5,
  showReadingTime: false,
  onInlineAuthors: 'ignore',
  onUntruncatedBlogPosts: 'ignore',
  feedOptions: {
    type: ['rss', 'atom'],
    title: `${brand.name} changelog`,
    description: `Releases of the ${brand.name} API, SDKs and documentation.`,
    copyright: `Copyright © ${new Date().getFullYear()} ${brand.name}`,
    // Every release, not the plugin's default of the newest 20: the list pages show five each, so the feeds are
    // where a reader finds them all.
    limit: false,
  },
} satisfies Partial<BlogPluginOptions>;

const config: Config = {
  title: `${brand.name} docs`,
  tagline: brand.tagline,
  favicon: 'img/favicon.svg',
  url: brand.siteUrl,
  baseUrl: '/',
  trailingSlash: undefined,
  titleDelimiter: '|',

  // SIGIL_ALLOW_BROKEN_LINKS=1 is for drafting while sibling sections are
  // still unwritten; CI never sets it, so a broken link fails the build there.
  onBrokenLinks: process.env.SIGIL_ALLOW_BROKEN_LINKS === '1' ? 'warn' : 'throw',
  onBrokenAnchors: process.env.SIGIL_ALLOW_BROKEN_LINKS === '1' ? 'warn' : 'throw',
  onDuplicateRoutes: 'warn',
  markdown: {
    hooks: {onBrokenMarkdownLinks: 'warn'},
  },

  i18n: {defaultLocale: 'en', locales: ['en']},

  future: {
    v4: true,
    // Every "faster" option but Rspack's persistent cache: with a warm cache, a build after one with other
    // generated files (the test fixtures' build, then the benchmark's) reused a stale chunk registry, whose
    // chunk groups then missed routes the new registry names (plugins/chunks/first-load.ts stops such a build).
    faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: true,
      lightningCssMinimizer: true,
      mdxCrossCompilerCache: true,
      rspackBundler: true,
      rspackPersistentCache: false,
      ssgWorkerThreads: true,
    },
  },

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          remarkPlugins: [remarkDiagrams, remarkHighlight],
          rehypePlugins: [rehypeTableCodeBreaks],
          sidebarPath: './sidebars.ts',
          // Dates come from git (one `git log` for the whole repository); CI needs a full clone, not a shallow one.
          showLastUpdateTime: true,
          editUrl: `${brand.repositoryUrl}/edit/main/website/`,
        },
        // The changelog blog is declared under plugins (plugins/changelog), which completes its feeds.
        blog: false,
        pages: {remarkPlugins: [remarkDiagrams, remarkHighlight], rehypePlugins: [rehypeTableCodeBreaks]},
        theme: {customCss: ['./src/css/custom.css', './src/css/announcement.css', './src/css/navbar.css']},
        sitemap: {},
      } satisfies Preset.Options,
    ],
  ],

  // policyBoundary: a link across the edge of a policy scope loads the page in full, so it gets its own policy.
  clientModules: ['./src/clientModules/announcementReappears.ts', './src/clientModules/policyBoundary.ts'],

  plugins: [
    // Writes what each script holds (plugins/chunks).
    chunks,
    // Leaves out of the browser's copy what only the server render reads (plugins/client-data).
    clientData,
    // Prefetches each chunk file once, with Docusaurus's rules (plugins/prefetch).
    prefetch,
    // Renders and matches routes without testing all ~480 of them (plugins/route-matching).
    routeMatching,
    // Each page loads its own section of the route table; other sections come when a reader goes there (plugins/route-sections).
    routeSections,
    // Route components made on first use; tab groups and code blocks not rebuilt after hydration.
    lazyRoutes,
    stableTabs,
    // A docs page's article runs when the reader acts inside it, not on a first visit (plugins/article-on-demand).
    articleOnDemand,
    // The phone layout's re-render after hydration comes in a few short tasks (plugins/window-size).
    windowSize,
    // theme-common's shallow memo without the collator a first localeCompare builds (plugins/react-utils).
    reactUtils,
    // main.js's module initialisations run in a few tasks instead of one (plugins/staged-start).
    stagedStart,
    // Code is highlighted at build time: no Prism in the pages (plugins/highlight).
    highlight,
    // The browser build runs on Preact's compatibility layer; the server render keeps React (plugins/preact).
    preact,
    // ...and writes the head, draws the progress bar and hoists statics with the site's own small modules
    // (plugins/head, progress-bar, hoist-statics); the server render keeps the libraries.
    head,
    progressBar,
    hoistStatics,
    // Redirect pages and each route's own scripts first (plugins/chunks), then the security headers,
    // which must see (and hash) every page the build holds.
    (context: LoadContext) =>
      inOrder(
        'sigil-redirects-then-security-headers',
        redirects(context, siteRedirects(JSON.parse(readFileSync(path.join(context.siteDir, apiSpecPath), 'utf8')))),
        firstLoad(context),
        // The hosted search service, when configured, is the one outside host the browser may contact.
        securityHeaders(context, {
          connectSrc: searchConnectSrc,
          // The request builder's Send posts to a base URL the reader types: only API reference pages may connect out.
          pages: [...policyScopes],
        }),
      ),
    robots,
    searchIndex,
    [changelog, changelogOptions],
    // The API reference, rendered at build time from the OpenAPI document (plugins/api-reference/README.md).
    [apiReference, {specPath: apiSpecPath, apiBaseUrl: brand.apiBaseUrl, editUrl: `${brand.repositoryUrl}/edit/main/packages/api-spec/`}],
    // The request builder's sandbox: the emulator core in a Web Worker (plugins/sandbox, src/sandbox).
    (context: LoadContext) => sandbox(context, {specPath: apiSpecPath, testHook: withTestFixtures}),
    // A Markdown twin of every docs and API page, /llms.txt and /llms-full.txt (plugins/markdown-twins/README.md).
    (context: LoadContext) =>
      markdownTwins(context, {
        sidebarLabels: {documentation: 'Documentation', sdks: 'SDK reference', solutions: 'Solutions'},
        summary: `Developer documentation of ${brand.name} (${brand.tagline.toLowerCase()}): the non-custodial ${brand.name} API and its SDKs for wallets, signing, policies, and passkey, email, OTP and OAuth sign-in.`,
      }),
    ...(withTestFixtures ? [testFixtures] : []),
  ],

  // Read by the search UI (src/search/types.ts, SearchSettings) and the Ask AI button (chatbot.config.ts).
  customFields: {search: searchSettings, chatbot: chatbotSettings, repositoryUrl: brand.repositoryUrl},

  themeConfig: {
    metadata: [{name: 'description', content: `${brand.name} developer documentation: ${brand.tagline.toLowerCase()}.`}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    ...(announcement ? {announcementBar: announcement} : {}),
    docs: {
      sidebar: {hideable: false, autoCollapseCategories: false},
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: brand.name,
      logo: {alt: `${brand.name} logo`, src: 'img/logo.svg', width: 28, height: 28},
      hideOnScroll: false,
      items: [
        {type: 'doc', docId: 'overview', label: 'Documentation', position: 'left'},
        // A shortcut into the Documentation section, which stays the one item highlighted there: a pattern no path matches.
        {to: '/getting-started/quickstart', label: 'Quickstart', position: 'left', activeBaseRegex: '^$'},
        {type: 'doc', docId: 'embedded-wallets/overview', label: 'Solutions', position: 'left'},
        // Between 997 px and about 1200 px these show a shorter label (data-short); their names stay the full label.
        // src/css/navbar.css decides what shows at each width.
        {type: 'doc', docId: 'sdks/introduction', label: 'SDK Reference', position: 'left', className: 'navbar-short', 'data-short': 'SDK'},
        {to: '/api', label: 'API Reference', position: 'left', className: 'navbar-short', 'data-short': 'API'},
        {to: '/changelog', label: 'Changelog', position: 'left'},
        {type: 'search', position: 'right'},
        {type: 'localeDropdown', position: 'right', className: 'navbar-icon navbar-icon--locale'},
        {href: brand.repositoryUrl, label: 'GitHub', position: 'right', className: 'navbar-icon navbar-icon--repository', title: 'GitHub'},
        {href: brand.dashboardUrl, label: 'Dashboard', position: 'right', className: 'navbar-icon navbar-icon--dashboard', title: 'Dashboard'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Docs',
          items: [{label: 'Quickstart', to: '/getting-started/quickstart'}],
        },
        {
          title: 'Community',
          items: [{label: brand.socialLabel, href: brand.socialUrl}],
        },
        {
          title: 'More',
          items: [{label: 'GitHub', href: brand.repositoryUrl}],
        },
      ],
      copyright: `Copyright © ${new Date().getFullYear()} ${brand.name}. ${brand.tagline}.`,
    },
    prism: {
      theme: prismThemes.github,
      darkTheme: prismThemes.dracula,
      additionalLanguages,
      magicComments,
    },
  } satisfies Preset.ThemeConfig,
};

export default config;

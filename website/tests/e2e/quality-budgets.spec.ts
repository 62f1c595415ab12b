/**
 * Weight budgets, as tests. For every route of the build, the scripts and
 * stylesheets of a first visit come from the build itself
 * (`.first-load.json`, plugins/chunks/first-load.ts: the entry files plus the
 * chunk groups of the matched routes' modules) and are summed at the gzip size
 * of each built file, so the figures depend on the build only.
 *
 * A browser then visits a sample (one page per section and template, every
 * page with a diagram, and pages hosting each widget) in a fresh context and
 * must request exactly those files until the page is quiet: the model is
 * checked against real visits, and nothing loads eagerly behind its back.
 * Prefetches (`<link rel=prefetch>`, request type "other") are not counted.
 *
 * Diagrams are drawn at build time (plugins/diagrams): a page with a diagram
 * is held to the ordinary budget, and no page may load Mermaid's code.
 */
import {expect, test} from '@playwright/test';
import {gotoSettled} from '../quality/observe';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {buildDir, builtRoutes, sampleRoutes, type BuiltRoute} from '../quality/site';
import {KB, gzipSizeOf, kb, median, table} from '../quality/weight';
import {holdsMermaid} from '../../plugins/chunks/manifest';
import {FIRST_LOAD_FILE} from '../../plugins/chunks';
import {REPORT_FILE as ARTICLES_REPORT} from '../../plugins/article-on-demand';
import {hostsWidget, onDemandWidgets, readManifest, widgetFiles} from '../quality/widgets';

const BUDGET = {
  /**
   * Ordinary reading pages: JavaScript a first visit loads (issues 12, 23 and 36).
   * A plain Docusaurus 3.10 docs page loads about 176 KB; ours load 67-105 KB
   * (median 78.1, /concepts/wallets 78.2) with ~515 routes: a docs page's
   * article, and the components articles are drawn with, load when the reader
   * acts in it, not on a first visit (plugins/article-on-demand: 9-16 KB less
   * on a docs page), the browser runs
   * on Preact's compatibility layer instead of React and React DOM
   * (plugins/preact: 57 KB less on every page, 165 KB before), a page loads
   * the route table and chunk registry of its own section only
   * (plugins/route-sections: about 12 KB less on a docs page), and the sidebar
   * and the docs of its own section only, not all three sidebars and every doc
   * (plugins/route-sections, plugins/client-data: about 3 KB less), writes the
   * head, draws the progress bar and hoists statics with small modules of the
   * site's own (plugins/head, progress-bar, hoist-statics: 6.3 KB less), code is
   * highlighted at build time (no Prism in the bundle, plugins/highlight),
   * schema pages share data files, the browser's copy of the generated data
   * leaves out what only the server render reads and names each route's chunks
   * once (plugins/client-data), and the chunks a docs page always loads
   * together are one file (plugins/chunks/shells.ts). The heaviest page,
   * /concepts/policies/language (104.4 KB), is the one doc whose article runs on
   * a first visit (its playground loads when it scrolls into view), and it
   * brings the article components in its own files.
   */
  docsJs: 106 * KB,
  /**
   * The changelog's list pages show every release in full (spec: no "read more"), five to a page: each post's
   * content is a script of its own, so the first list page loads about 98 KB with five long release notes on it
   * (102 KB with react-helmet-async and nprogress, 112 KB with the whole route table, 168 KB under React, 196 KB
   * when it held all seventeen).
   */
  changelogJs: 100 * KB,
  /**
   * Scripts a doc page's first visit requests (issues 23 and 36): main.js (with the
   * bundler's runtime), its section of the route table (plugins/route-sections),
   * its area's shell and its own content (plugins/chunks/shells.ts). It requested
   * 14 before issue 23: each more script is another response, with its headers,
   * that the page waits for; the section's file (under 1 KB on a docs page) comes
   * in place of about 13 KB of main.js.
   */
  docPageScripts: 4,
  /**
   * A doc whose article runs on a first visit (plugins/article-on-demand's build report lists them: one, the policy
   * language page, for its playground) also loads the file of the components articles are drawn with, which the
   * docs shell no longer carries and the articles loaded on demand share with it.
   */
  wholeDocPageScripts: 5,
  /**
   * API reference pages. The heaviest, a schema page, loads 102.7 KB (101.7 before plugins/article-on-demand, whose
   * table of article files every page's runtime lists). This was a margin over the median docs page until docs pages
   * stopped loading their article on a first visit, which API pages never did; the two no longer move together.
   */
  apiJs: 105 * KB,
  /** Any page's own HTML. */
  html: 100 * KB,
};
const CONCURRENCY = 2;

interface Weight {
  route: BuiltRoute;
  js: number;
  css: number;
  html: number;
  files: string[];
}

/** The first-load files of a built route: `.first-load.json` is keyed by the route paths of the route table. */
function staticFiles(firstLoad: Record<string, string[]>, route: BuiltRoute): string[] | undefined {
  const bare = route.path.replace(/\/+$/, '') || '/';
  return firstLoad[route.path] ?? firstLoad[bare] ?? firstLoad[`${bare}/`];
}

test('first-load weight of every route is within budget, widgets load on demand', {tag: '@quality'}, async ({browser, baseURL}) => {
  test.setTimeout(600_000);
  const dir = buildDir();
  const routes = builtRoutes(dir);
  const origin = new URL(baseURL!).origin;
  const manifest = readManifest(dir);
  const firstLoad = JSON.parse(readFileSync(path.join(dir, FIRST_LOAD_FILE), 'utf8')) as Record<string, string[]>;
  const isMermaid = (f: string) => holdsMermaid(manifest[f]?.packages ?? []);
  const html = (route: BuiltRoute) => readFileSync(path.join(dir, route.file), 'utf8');

  /** Scripts and stylesheets a fresh browser requests for the route until the page is quiet. */
  async function visit(route: BuiltRoute): Promise<string[]> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const files = new Set<string>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin !== origin) return;
      if (req.resourceType() === 'script' || req.resourceType() === 'stylesheet') files.add(url.pathname);
    });
    await gotoSettled(page, route.path, {quietMs: 120});
    await context.close();
    return [...files];
  }

  // Pages a browser checks: every template and section, every diagram, one host of each widget.
  const hostOf = (marker: string, count: number) => routes.filter((r) => html(r).includes(marker)).slice(0, count);
  const checked = [
    ...new Set([
      ...sampleRoutes(routes),
      ...hostOf('data-diagram=""', Infinity),
      ...hostOf('Open the request builder', 3),
      ...hostOf('Policy playground (static preview)', 3),
      ...routes.filter((r) => staticFiles(firstLoad, r) === undefined),
    ]),
  ];
  const visited = new Map<string, string[]>();
  const queue = [...checked];
  await Promise.all(
    Array.from({length: CONCURRENCY}, async () => {
      for (let route = queue.shift(); route; route = queue.shift()) visited.set(route.path, await visit(route));
    }),
  );

  const mismatches: string[] = [];
  for (const route of checked) {
    const seen = visited.get(route.path)!;
    const expected = staticFiles(firstLoad, route);
    if (!expected) continue; // measured by the visit alone (the not-found page)
    const extra = seen.filter((f) => !expected.includes(f));
    const missing = expected.filter((f) => !seen.includes(f));
    if (extra.length || missing.length) mismatches.push(`${route.path}: the browser also loaded [${extra.join(', ')}], did not load [${missing.join(', ')}]`);
  }
  expect(mismatches, `first visits differ from the build's first-load files:\n${mismatches.join('\n')}`).toEqual([]);

  const weights: Weight[] = routes.map((route) => {
    const files = visited.get(route.path) ?? staticFiles(firstLoad, route)!;
    const sum = (keep: (f: string) => boolean) => files.filter(keep).reduce((total, f) => total + gzipSizeOf(dir, f), 0);
    return {
      route,
      js: sum((f) => f.endsWith('.js')),
      css: sum((f) => f.endsWith('.css')),
      html: gzipSizeOf(dir, '/' + route.file),
      files,
    };
  });
  const docs = weights.filter((w) => w.route.kind !== 'api');
  const medianDocsJs = median(docs.map((w) => w.js));
  const budgetOf = (w: Weight) => (w.route.kind === 'api' ? BUDGET.apiJs : w.route.path.replace(/\/+$/, '') === '/changelog' ? BUDGET.changelogJs : BUDGET.docsJs);

  const heaviest = [...weights].sort((a, b) => b.js - a.js || b.html - a.html);
  const report = table(
    ['route', 'kind', 'JS gz', 'JS budget', 'CSS gz', 'HTML gz', 'files'],
    heaviest
      .slice(0, 15)
      .map((w) => [w.route.path, w.route.kind, kb(w.js), kb(budgetOf(w)), kb(w.css), kb(w.html), String(w.files.length)]),
  );
  const summary =
    `${weights.length} routes (${checked.length} also visited in a browser); median docs page ${kb(medianDocsJs)} JS; ` +
    `heaviest HTML ${kb(Math.max(...weights.map((w) => w.html)))}\n${report}`;
  console.log(`\nFirst-load weight (gzip -9 of the built files), heaviest first:\n${summary}\n`);
  await test.info().attach('budgets.txt', {body: summary, contentType: 'text/plain'});

  // A doc page (not a category index, the changelog or an API page) carries its doc id on <html>.
  const isDocPage = (route: BuiltRoute) => /<html\b[^>]*\bdocs-doc-id-/.test(html(route));
  const scriptsOf = (w: Weight) => w.files.filter((f) => f.endsWith('.js')).length;
  // The report names each doc by its file; the docs are served from the site's root (a doc with a slug of its own
  // would not match, and would be held to the budget of four).
  const wholeDocs = new Set(
    (JSON.parse(readFileSync(path.join(buildDir(), ARTICLES_REPORT), 'utf8')) as {whole: {file: string}[]}).whole.map(
      (d) => '/' + d.file.replace(/^docs\//, '').replace(/\.mdx?$/, '').replace(/(^|\/)index$/, ''),
    ),
  );
  const scriptBudgetOf = (w: Weight) =>
    wholeDocs.has(w.route.path.replace(/\/+$/, '')) ? BUDGET.wholeDocPageScripts : BUDGET.docPageScripts;
  const over = weights.flatMap((w) => [
    ...(w.js > budgetOf(w) ? [`${w.route.path}: JS ${kb(w.js)} > ${kb(budgetOf(w))}`] : []),
    ...(isDocPage(w.route) && scriptsOf(w) > scriptBudgetOf(w)
      ? [`${w.route.path}: ${scriptsOf(w)} scripts > ${scriptBudgetOf(w)} (${w.files.filter((f) => f.endsWith('.js')).join(', ')})`]
      : []),
    ...w.files.filter(isMermaid).map((f) => `${w.route.path}: loads ${f}, Mermaid's code (diagrams are drawn at build time)`),
    ...(w.html > BUDGET.html ? [`${w.route.path}: HTML ${kb(w.html)} > ${kb(BUDGET.html)}`] : []),
  ]);
  // Soft: the widget checks below still run and report when pages are over budget.
  expect.soft(over, over.join('\n')).toEqual([]);

  // Widgets that load on demand: none of their files may be part of a plain first visit,
  // except on the pages that render the widget at once or exist for it.
  for (const widget of onDemandWidgets()) {
    const own = widgetFiles(dir, manifest, widget);
    if (own.length === 0) {
      // The component exists but no page uses it yet: nothing can leak.
      test.info().annotations.push({type: 'widget not in this build', description: `${widget.name} (${widget.source})`});
      continue;
    }
    console.log(`${widget.name}: ${own.length} file(s), ${kb(own.reduce((t, f) => t + gzipSizeOf(dir, f), 0))}, not in any plain first visit`);
    const leaks = weights.flatMap((w) =>
      hostsWidget(manifest, widget, w.route.path, w.files) ? [] : w.files.filter((f) => own.includes(f)).map((f) => `${w.route.path} loads ${f}`),
    );
    expect(leaks, `${widget.name} is part of a plain first visit:\n${leaks.join('\n')}`).toEqual([]);
  }
});

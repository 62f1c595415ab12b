/**
 * Weight budgets, as tests. Every route of the build is loaded once in a fresh
 * browser context (nothing cached) and the scripts and stylesheets it
 * requests until the page is quiet are summed, each at the gzip size of its
 * built file (so the figures depend on the build only, not on timing).
 * Prefetches (`<link rel=prefetch>`, request type "other") are not counted.
 *
 * Mermaid draws diagrams in the browser. Its renderer (about 180 KB gzip)
 * loads when a diagram comes near the viewport (src/theme/Mermaid), so most
 * diagram pages do not load it on a first visit; a page with a diagram near
 * its top does. That share is shown apart and has its own cap; the rest of
 * such a page is held to the ordinary budget.
 */
import {expect, test} from '@playwright/test';
import {gotoSettled} from '../quality/observe';
import {buildDir, builtRoutes, type BuiltRoute} from '../quality/site';
import {KB, gzipSizeOf, kb, median, table} from '../quality/weight';
import {isMermaidChunk, mermaidPackages} from '../../plugins/chunks/manifest';
import {hostsWidget, onDemandWidgets, readManifest, widgetFiles} from '../quality/widgets';

const BUDGET = {
  /**
   * Ordinary reading pages: JavaScript a first visit loads (issue 12). A plain
   * Docusaurus 3.10 docs page loads about 176 KB; ours load about 178-188 KB
   * with ~480 routes, because code is highlighted at build time (no Prism in
   * the bundle, plugins/highlight) and schema pages share data files.
   */
  docsJs: 195 * KB,
  /** API reference pages may carry this much more JavaScript than the median docs page. */
  apiExtraJs: 40 * KB,
  /** Any page's own HTML. */
  html: 100 * KB,
  /** Mermaid's renderer, on pages with a diagram. */
  mermaidJs: 220 * KB,
};
const CONCURRENCY = 3;

interface Weight {
  route: BuiltRoute;
  js: number;
  /** The part of `js` that is Mermaid's renderer. */
  mermaid: number;
  css: number;
  html: number;
  files: string[];
}

test('first-load weight of every route is within budget, widgets load on demand', {tag: '@quality'}, async ({browser, baseURL}) => {
  test.setTimeout(900_000); // about 0.8 CPU-seconds a route: some 3 minutes for 470 routes on an idle 2-core machine
  const dir = buildDir();
  const routes = builtRoutes(dir);
  const origin = new URL(baseURL!).origin;
  const manifest = readManifest(dir);
  const mermaid = mermaidPackages();
  const isMermaid = (f: string) => isMermaidChunk(manifest[f]?.packages ?? [], mermaid);

  async function measure(route: BuiltRoute): Promise<Weight> {
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
    const sum = (keep: (f: string) => boolean) => [...files].filter(keep).reduce((total, f) => total + gzipSizeOf(dir, f), 0);
    return {
      route,
      js: sum((f) => f.endsWith('.js')),
      mermaid: sum((f) => f.endsWith('.js') && isMermaid(f)),
      css: sum((f) => f.endsWith('.css')),
      html: gzipSizeOf(dir, '/' + route.file),
      files: [...files],
    };
  }

  const weights: Weight[] = [];
  const queue = [...routes];
  await Promise.all(
    Array.from({length: CONCURRENCY}, async () => {
      for (let route = queue.shift(); route; route = queue.shift()) weights.push(await measure(route));
    }),
  );

  const docs = weights.filter((w) => w.route.kind !== 'api');
  const medianDocsJs = median(docs.map((w) => w.js - w.mermaid));
  const apiJsBudget = medianDocsJs + BUDGET.apiExtraJs;
  const budgetOf = (w: Weight) => (w.route.kind === 'api' ? apiJsBudget : BUDGET.docsJs);

  const heaviest = [...weights].sort((a, b) => b.js - b.mermaid - (a.js - a.mermaid) || b.html - a.html);
  const report = table(
    ['route', 'kind', 'JS gz', 'of it Mermaid', 'JS budget', 'CSS gz', 'HTML gz', 'files'],
    heaviest
      .slice(0, 15)
      .map((w) => [w.route.path, w.route.kind, kb(w.js), w.mermaid ? kb(w.mermaid) : '-', kb(budgetOf(w)), kb(w.css), kb(w.html), String(w.files.length)]),
  );
  const summary =
    `${weights.length} routes; median docs page ${kb(medianDocsJs)} JS; ` +
    `heaviest HTML ${kb(Math.max(...weights.map((w) => w.html)))}\n${report}`;
  console.log(`\nFirst-load weight (gzip -9 of the built files), heaviest first:\n${summary}\n`);
  await test.info().attach('budgets.txt', {body: summary, contentType: 'text/plain'});

  const over = weights.flatMap((w) => [
    ...(w.js - w.mermaid > budgetOf(w) ? [`${w.route.path}: JS ${kb(w.js - w.mermaid)} (without Mermaid) > ${kb(budgetOf(w))}`] : []),
    ...(w.mermaid > BUDGET.mermaidJs ? [`${w.route.path}: Mermaid ${kb(w.mermaid)} > ${kb(BUDGET.mermaidJs)}`] : []),
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

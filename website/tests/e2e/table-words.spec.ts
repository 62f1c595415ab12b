/**
 * Tables never cut a word (issue 24; the check is quality/table-words.ts): on every page with a table, at 400, 1024
 * and 1440 px. The pages are measured as the server rendered them (the app's scripts are not fetched: same markup, no
 * start-up cost), collapsed field lists opened, one evaluate per page and width. The template pages the every-route
 * gate loads in batches as server-rendered markup (quality/template-pages.ts) get this check there, during that load,
 * so they are not loaded a second time here.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {buildDir, builtRoutes} from '../quality/site';
import {TABLE_WIDTHS, tableWordProblems} from '../quality/table-words';
import {qualitySplit} from '../quality/template-pages';

const BATCH = 40;

const dir = buildDir();
const withTables = builtRoutes(dir).filter((r) => r.status === 200 && readFileSync(path.join(dir, r.file), 'utf8').includes('<table'));
const inQualityBatches = new Set(qualitySplit(builtRoutes(dir)).markupOnly.map((r) => r.path));
const routes = withTables.filter((r) => !inQualityBatches.has(r.path));

test('the pages with tables are found, most of them template pages the quality batches check', () => {
  expect(withTables.length).toBeGreaterThan(300);
  expect(routes.length).toBeGreaterThan(20);
  expect(withTables.filter((r) => inQualityBatches.has(r.path)).length).toBeGreaterThan(200);
});

for (let first = 0; first < routes.length; first += BATCH) {
  const batch = routes.slice(first, first + BATCH);
  test(`no word in a table cell is cut: pages ${first + 1}-${first + batch.length} of ${routes.length} (${batch[0]!.path} …)`, async ({browser}) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({viewport: {width: TABLE_WIDTHS[0]!, height: 800}});
    await context.route((url) => url.pathname.startsWith('/assets/js/'), (route) => route.abort());
    const page = await context.newPage();
    const problems: string[] = [];
    for (const route of batch) {
      await page.setViewportSize({width: TABLE_WIDTHS[0]!, height: 800});
      await page.goto(route.path);
      problems.push(...(await tableWordProblems(page, route.path)));
    }
    await context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

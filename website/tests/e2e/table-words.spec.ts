/**
 * Tables never cut a word (issue 24): on every page with a table, at 400, 1024 and 1440 px, no line in
 * a table cell ends between two letters or digits of one token ("policyN/ame",
 * "ACTIVITY_TYPE_C/REATE_WALLET"). Tokens are cut at spaces and at the `<wbr>` break points of code
 * (src/components/Breakable, which split the text), and may wrap at punctuation where the browser allows
 * it ("auth?/bundle"); each is measured with Range.getClientRects. The pages are measured as the server rendered them
 * (the app's scripts are not fetched: same markup, no start-up cost), collapsed field lists opened, one
 * evaluate per page and width.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {buildDir, builtRoutes} from '../quality/site';

const WIDTHS = [400, 1024, 1440];
const BATCH = 40;

const dir = buildDir();
const routes = builtRoutes(dir).filter((r) => r.status === 200 && readFileSync(path.join(dir, r.file), 'utf8').includes('<table'));

/** Runs in the page: every word of a table cell cut across two lines, as "wo|rd (table)". */
function cutWords(): string[] {
  for (const details of Array.from(document.querySelectorAll('main details'))) details.setAttribute('open', '');
  const cut: string[] = [];
  const range = document.createRange();
  const lineOf = (node: Text, i: number): number | undefined => {
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const rect = Array.from(range.getClientRects()).find((r) => r.width > 0);
    return rect && rect.top + rect.height / 2;
  };
  const wordChar = /[\p{L}\p{N}_]/u;
  for (const table of Array.from(document.querySelectorAll('main table'))) {
    const label = table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent?.trim().slice(0, 30) ?? 'table';
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      // Code blocks in cells follow their own wrapping; nested tables are visited as tables of their own.
      if (!parent || parent.closest('pre') || parent.closest('table') !== table) continue;
      // Most cells' text sits on one line: then none of its tokens can be cut, and its tokens need no measuring.
      range.selectNodeContents(node);
      const lines = Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => r.top);
      if (lines.length < 2 || Math.max(...lines) - Math.min(...lines) < 4) continue;
      for (const match of node.data.matchAll(/\S{2,}/g)) {
        const start = match.index;
        const end = start + match[0].length;
        range.setStart(node, start);
        range.setEnd(node, end);
        const tops = Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => r.top);
        if (tops.length < 2 || Math.max(...tops) - Math.min(...tops) < 4) continue;
        // The token spans lines: a break between punctuation ("auth?|bundle", "]|[") is a sensible point,
        // a break between two letters or digits cuts a word.
        for (let i = start + 1; i < end; i += 1) {
          const before = lineOf(node, i - 1);
          const after = lineOf(node, i);
          if (before === undefined || after === undefined || Math.abs(after - before) < 4) continue;
          if (wordChar.test(node.data[i - 1]!) && wordChar.test(node.data[i]!)) {
            cut.push(`"${node.data.slice(start, i)}|${node.data.slice(i, end)}" (${label})`);
          }
        }
      }
    }
  }
  return cut;
}

test('the pages with tables are found', () => {
  expect(routes.length).toBeGreaterThan(50);
});

for (let first = 0; first < routes.length; first += BATCH) {
  const batch = routes.slice(first, first + BATCH);
  test(`no word in a table cell is cut: pages ${first + 1}-${first + batch.length} of ${routes.length} (${batch[0]!.path} …)`, async ({browser}) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({viewport: {width: WIDTHS[0]!, height: 800}});
    await context.route((url) => url.pathname.startsWith('/assets/js/'), (route) => route.abort());
    const page = await context.newPage();
    const problems: string[] = [];
    for (const route of batch) {
      await page.setViewportSize({width: WIDTHS[0]!, height: 800});
      await page.goto(route.path);
      for (const width of WIDTHS) {
        if (width !== WIDTHS[0]) await page.setViewportSize({width, height: 800});
        for (const word of await page.evaluate(cutWords)) problems.push(`${route.path} at ${width} px: ${word}`);
      }
    }
    await context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

/**
 * Narrow screens (400 px, WCAG 1.4.10 reflow): on every page with a table or
 * a code block, whatever scrolls sideways can be scrolled from the keyboard.
 * A scrolling box must take focus, and a box that is a region must be named.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {axeViolations} from '../quality/axe';
import {openInApp} from '../quality/observe';
import {buildDir, builtRoutes, shard, titleOf} from '../quality/site';

const dir = buildDir();
const routes = builtRoutes(dir).filter((r) => r.kind === 'docs' && readFileSync(path.join(dir, r.file), 'utf8').includes('<table'));

// Three interleaved groups, so the pages spread over the workers instead of one long test at the end of the run.
const groups = shard(routes, 3);

test('narrow screens: the pages with a table are found', {tag: '@quality'}, () => {
  expect(routes.length).toBeGreaterThan(10);
});

for (const [index, group] of groups.entries()) {
  test(`narrow screens: every sideways-scrolling box of a page with a table is reachable by keyboard, group ${index + 1} of ${groups.length}`, {tag: '@quality'}, async ({browser}) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({viewport: {width: 400, height: 800}});
    const page = await context.newPage();
    const problems: string[] = [];
    let scrollers = 0;
    for (const route of group) {
      // The first page of the group starts the app; the others open in it as a reader's click opens them.
      await openInApp(page, route.path, titleOf(route, dir), {quietMs: 100});
      const boxes = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('main *'))
          .filter((el) => {
            const overflow = getComputedStyle(el).overflowX;
            return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1 && el.checkVisibility();
          })
          .map((el) => ({
            what: `<${el.tagName.toLowerCase()} class="${el.className}">`,
            focusable: el.tabIndex >= 0,
            region: el.getAttribute('role') === 'region',
            named: Boolean(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')),
          })),
      );
      scrollers += boxes.length;
      for (const box of boxes) {
        if (!box.focusable) problems.push(`${route.path}: ${box.what} scrolls sideways but takes no focus`);
        if (box.region && !box.named) problems.push(`${route.path}: ${box.what} is an unnamed region`);
      }
      problems.push(...(await axeViolations(page, route.path, ['scrollable-region-focusable', 'aria-allowed-attr'], [], 'main')));
    }
    await context.close();
    test.info().annotations.push({type: 'narrow screens', description: `${group.length} pages, ${scrollers} sideways-scrolling boxes`});
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

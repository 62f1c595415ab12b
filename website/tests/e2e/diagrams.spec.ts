/**
 * Diagrams drawn at build time (plugins/diagrams), on every page that has
 * one: labels clear of each other and of other nodes, edge labels on their
 * edges, nothing cut off, text at 12 px or more and at AA contrast in light
 * and dark, at 1024 px and on a phone (390 px), where a diagram wider than
 * the column scrolls inside a named, focusable box. The checks themselves
 * (tests/quality/diagrams.ts) run once per page and width in the browser; a
 * self-test plants each fault and expects it reported.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {gotoSettled} from '../quality/observe';
import {buildDir, builtRoutes, shard} from '../quality/site';
import {DIAGRAM_CHECKS, diagramProblems, type DiagramReport} from '../quality/diagrams';

const dir = buildDir();
const routes = builtRoutes(dir).filter((r) => readFileSync(path.join(dir, r.file), 'utf8').includes('data-diagram=""'));
/**
 * 1024 px with JavaScript off (the diagrams are in the HTML: what a reader
 * without JavaScript sees, and no waiting for the app), then a phone with it
 * on (the scroller becomes a focusable region once the app measures it).
 */
const WIDTHS = [
  {width: 1024, javaScript: false},
  {width: 390, javaScript: true},
];

async function check(page: Page, label: string): Promise<DiagramReport> {
  const report = await page.evaluate(diagramProblems, DIAGRAM_CHECKS);
  return {...report, problems: report.problems.map((p) => `${label}: ${p}`)};
}

/** Boxes that scroll sideways must be named, focusable regions; every SVG must be a named image. */
async function scrollerProblems(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-diagram]')).flatMap((box) => {
      const svg = box.querySelector('svg');
      const name = svg?.getAttribute('aria-label') ?? '';
      const out: string[] = [];
      if (svg?.getAttribute('role') !== 'img' || name.trim() === '') out.push(`a diagram is not a named image (role=${svg?.getAttribute('role')}, name "${name}")`);
      if (box.scrollWidth > box.clientWidth + 1 && (box.getAttribute('role') !== 'region' || box.tabIndex !== 0 || !box.getAttribute('aria-label'))) {
        out.push(`"${name}" scrolls sideways but its box is not a named, focusable region`);
      }
      return out;
    }),
  );
  return found.map((p) => `${label}: ${p}`);
}

test.describe('diagrams: every page with one', {tag: '@quality'}, () => {
  test('the build has diagram pages', () => {
    expect(routes.length, 'pages with a diagram').toBeGreaterThan(30);
  });

  for (const [i, group] of shard(routes, 3).entries()) {
    test(`labels, edges, size and contrast, group ${i + 1} (${group.length} pages)`, async ({browser}) => {
      test.setTimeout(180_000);
      const started = Date.now();
      const problems: string[] = [];
      let diagrams = 0;
      let labels = 0;
      for (const {width, javaScript} of WIDTHS) {
        const context = await browser.newContext({viewport: {width, height: 900}, javaScriptEnabled: javaScript});
        const page = await context.newPage();
        for (const route of group) {
          if (javaScript) await gotoSettled(page, route.path, {quietMs: 80});
          else await page.goto(route.path, {waitUntil: 'load'});
          const light = await check(page, `${route.path} at ${width} px, light`);
          problems.push(...light.problems);
          if (javaScript) problems.push(...(await scrollerProblems(page, `${route.path} at ${width} px`)));
          else {
            diagrams += light.diagrams;
            labels += light.labels;
            expect(light.diagrams, `${route.path}: diagrams found`).toBeGreaterThan(0);
            // Colours only: the theme's attribute switches the variables at once.
            await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
            problems.push(...(await check(page, `${route.path} at ${width} px, dark`)).problems);
          }
        }
        await context.close();
      }
      console.log(`diagrams group ${i + 1}: ${group.length} pages, ${diagrams} diagrams, ${labels} labels, ${WIDTHS.length} widths in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});

test('self-test: each diagram check reports a planted fault', {tag: '@quality'}, async ({page}) => {
  // One node, a label dropped on it, an edge label far from its edge, text too small, grey on grey, a label cut off.
  await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff">
    <div data-diagram><svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200" role="img" aria-label="Planted">
      <g class="node"><rect x="10" y="10" width="120" height="40" fill="#eee"/><g class="label"><text x="20" y="35" font-size="16">Node</text></g></g>
      <text x="30" y="40" font-size="16">Stray label</text>
      <path data-id="e1" d="M200,20 L380,20" stroke="#000"/>
      <g class="edgeLabel"><g class="label" data-id="e1"><text x="220" y="150" font-size="16">far away</text></g></g>
      <text x="20" y="120" font-size="9">tiny</text>
      <rect x="150" y="160" width="100" height="30" fill="#777"/><g><text x="160" y="180" font-size="16" fill="#888">grey</text></g>
      <text x="360" y="100" font-size="16">cut off here</text>
    </svg></div></body></html>`);
  const {problems} = await page.evaluate(diagramProblems, DIAGRAM_CHECKS);
  const text = problems.join('\n');
  expect(text).toContain('label "Stray label" overlaps the node "Node"');
  expect(text).toContain('edge label "far away" is not on its edge');
  expect(text).toMatch(/"tiny" is drawn at 9\.0 px/);
  expect(text).toMatch(/"grey" has contrast 1\.\d+:1/);
  expect(text).toContain('"cut off here" reaches outside the diagram');
  expect(text).toContain('labels "Node" and "Stray label" overlap');
});

/**
 * Every page the build produced, in light and dark mode: zero axe violations
 * (WCAG 2.1 AA: every rule in light mode, the colour-dependent rules again
 * after switching to dark), zero requests to any host but the site's own, and
 * zero Content Security Policy violations. One test per route, so the workers
 * share the routes between them.
 */
import {expect, test, type Page} from '@playwright/test';
import {axeViolations} from '../quality/axe';
import {cspViolations, foreignRequests, gotoSettled, observe, settle} from '../quality/observe';
import {builtRoutes} from '../quality/site';

// SIGIL_QUALITY_STRIDE=N checks every Nth route only: a quick local look, never set in CI.
const stride = Math.max(1, Number(process.env.SIGIL_QUALITY_STRIDE ?? 1));
// The ~290 schema pages come from one template filled with data from the API
// document. Every Nth of them (default 5) gets the full check below; the
// others get axe on their server-rendered markup, the app not started (light,
// then the colour rules in dark), which is the same markup without the cost
// of starting the app: every schema page is checked within CI's time budget.
// SIGIL_QUALITY_SCHEMA_STRIDE=1 gives them all the full check.
const schemaStride = Math.max(1, Number(process.env.SIGIL_QUALITY_SCHEMA_STRIDE ?? 5));
let schemaIndex = 0;
const isSchemaPage = (path: string) => path.startsWith('/api/schemas/');
const routes = builtRoutes()
  .filter((_, i) => i % stride === 0)
  .filter((r) => !isSchemaPage(r.path) || schemaIndex++ % schemaStride === 0);
const markupOnly =
  stride === 1 ? builtRoutes().filter((r) => isSchemaPage(r.path)).filter((_, i) => i % schemaStride !== 0) : [];
const BATCH = 20;

/** Switches to dark mode the way a reader does (the navbar toggle), or by address on a page without one. */
async function toDarkMode(page: Page, path: string): Promise<void> {
  const toggle = page.getByRole('button', {name: /dark mode|system mode|light mode/i}).first();
  // Infima animates link colours; axe must see the settled dark colours, not a mid-transition blend.
  await page.addStyleTag({content: '*, *::before, *::after { transition: none !important; }'});
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Pages only restyle (diagrams too: their colours are CSS variables).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  } else {
    // The theme's inline script honours this parameter before React starts.
    await gotoSettled(page, `${path}${path.includes('?') ? '&' : '?'}docusaurus-theme=dark`);
  }
}

test.describe('every route: accessibility, privacy, content security policy', {tag: '@quality'}, () => {
  for (const route of routes) {
    test(route.path, async ({browser, baseURL}) => {
      const context = await browser.newContext();
      const log = await observe(context);
      const page = await context.newPage();
      const problems: string[] = [];

      const status = await gotoSettled(page, route.path);
      expect(status, 'HTTP status').toBe(route.status);
      await expect(page.locator('head meta[http-equiv="Content-Security-Policy"]'), 'policy meta tag').toHaveCount(1);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      problems.push(...(await axeViolations(page, 'light')));

      await toDarkMode(page, route.path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      problems.push(...(await axeViolations(page, 'dark', 'colour')));

      // Whatever appears on scroll (lazy images, prefetches) must also stay on this host and within the policy.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await settle(page, {quietMs: 100});
      for (const v of await cspViolations(page)) {
        problems.push(`CSP violation: ${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source} ${v.sample}`);
      }
      problems.push(...log.cspConsole.map((m) => `console: ${m}`));
      problems.push(...foreignRequests(log, baseURL!).map((u) => `request to another host: ${u}`));
      if (log.pageErrors.length > 0) test.info().annotations.push({type: 'page errors', description: log.pageErrors.join('\n')});
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});

test.describe('the other schema pages: server-rendered markup, the app not started, light and dark', {tag: '@quality'}, () => {
  for (let first = 0; first < markupOnly.length; first += BATCH) {
    const batch = markupOnly.slice(first, first + BATCH);
    test(`schema pages ${first + 1}-${first + batch.length} of ${markupOnly.length} (${batch[0]!.path} …)`, async ({browser}) => {
      // Forty axe runs: 20-50 s on a quiet machine; the first batch, with the largest schemas, ran past 60 s on a busy one.
      test.setTimeout(180_000);
      const context = await browser.newContext();
      // The app's bundles are not fetched, so the page stays as the server rendered it (axe needs JavaScript itself).
      await context.route((url) => url.pathname.startsWith('/assets/js/'), (route) => route.abort());
      const page = await context.newPage();
      const problems: string[] = [];
      for (const route of batch) {
        const response = await page.goto(route.path);
        expect(response?.status(), `${route.path} HTTP status`).toBe(200);
        // The page's own content: the navbar, API sidebar and footer around it are the same on every
        // schema page and are checked on those with the full check (the sidebar alone lists ~360 links).
        problems.push(...(await axeViolations(page, `${route.path} light`, 'all', [], 'main')));
        // What the theme's script does for a reader who chose dark mode; no transition to catch midway.
        await page.addStyleTag({content: '*, *::before, *::after { transition: none !important; }'});
        await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
        // Code keeps the colours it was rendered with until the app restyles it for dark mode (the theme's
        // CodeBlock does so after mount); code in dark mode is checked on the pages with the full check.
        problems.push(...(await axeViolations(page, `${route.path} dark`, 'colour', ['.prism-code'], 'main')));
      }
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});

/**
 * Every page the build produced, in light and dark mode: zero axe violations
 * (WCAG 2.1 AA: every rule in light mode, the colour-dependent rules on each
 * new colour combination in light and again after switching to dark), zero
 * requests to any host but the site's own, and zero Content Security Policy
 * violations. One test per route (template pages in batches), so the workers
 * share the routes between them. Each route is loaded by address as the server
 * renders it, and opened in the app that each worker starts once, as a reader's
 * click opens it.
 */
import {expect, test, type Page} from '@playwright/test';
import {axeViolations, preloadAxe} from '../quality/axe';
import {cspViolations, describeViolation, foreignRequests, gotoSettled, observe, openInApp, privacyAndPolicyProblems, type PageLog} from '../quality/observe';
import {builtRoutes, sampleRoutes} from '../quality/site';
import {tableWordProblems} from '../quality/table-words';
import {kindOfOperationPage, qualitySplit, stride} from '../quality/template-pages';

// Which routes get the full check, one test each, and which template pages are checked as server-rendered markup in
// batches: quality/template-pages.ts says why.
//
// On every page, the colour rules run on the colour combinations (text, size, weight, what is behind it) that this
// worker has not checked yet in that theme (quality/colour-signature.ts): the same rules on every element, each distinct
// combination measured once instead of on each of its thousands of elements.
const {schemaPages, operationPages, fullOperation, full: routes, markupOnly} = qualitySplit();
// The navbar, the sidebars and the site's footer are the same on every page of a section but for the current
// page's mark: they are checked with everything else on one page of each section and template (sampleRoutes), and
// left out of axe's runs on the others (the page's title, language and skip link are still checked there). On an
// API page the sidebar alone lists ~360 links.
const CHROME = ['.theme-layout-navbar', '.theme-doc-sidebar-container', '#api-sidebar', '.theme-layout-footer'];
const chromeChecked = new Set(sampleRoutes(builtRoutes()).map((r) => r.path));
const BATCH = 20;
// This worker's checked colour combinations, per theme: shared by its tests (a worker restarted after a failure starts afresh).
const seen = {light: new Set<string>(), dark: new Set<string>()};

const themeToggle = (page: Page) => page.getByRole('button', {name: /dark mode|system mode|light mode/i}).first();

/** Switches to dark mode the way a reader does (the navbar toggle), or by address on a page without one. */
async function toDarkMode(page: Page, path: string): Promise<void> {
  const toggle = themeToggle(page);
  // Infima animates link colours; axe must see the settled dark colours, not a mid-transition blend. The tag stays
  // in the document's head across the app's navigations, so it is added once.
  if ((await page.locator('#quality-no-transitions').count()) === 0) {
    await page.addStyleTag({content: '*, *::before, *::after { transition: none !important; }'}).then((tag) => tag.evaluate((el) => (el as HTMLElement).setAttribute('id', 'quality-no-transitions')));
  }
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

/**
 * Back to light mode with the toggle (it cycles through the modes), so that the next route opens in the running app
 * as a reader who never chose a mode sees it; where there is no toggle, the page is emptied and the next route loads afresh.
 */
async function backToLightMode(page: Page): Promise<void> {
  const toggle = themeToggle(page);
  for (let clicks = 0; clicks < 3 && (await page.locator('html').getAttribute('data-theme')) !== 'light'; clicks += 1) {
    if (!(await toggle.isVisible())) break;
    await toggle.click();
  }
  if ((await page.locator('html').getAttribute('data-theme')) !== 'light') await page.goto('about:blank');
}

// Two browser contexts per worker for the every-route tests, a page each: `app`, where the site's app starts once
// and then opens each route as a reader's click does (openInApp: the route's own chunks and rendering, not the app's
// start again), and `markup`, where each route is loaded by address with the app's bundles not fetched: the
// server-rendered page and what it alone loads and runs under that page's own policy (each page's policy carries the
// hashes of its own inline scripts). Each test starts with an empty request log and leaves storage empty (the theme
// toggle writes the choice there), and checks that the page opened in light mode. The start of the app on each kind
// of page is checked by the first route of each worker, and by the functional specs.
const everyRoute = test.extend<object, {shared: {log: PageLog; app: Page; markup: Page; markupLog: PageLog}}>({
  shared: [
    async ({browser}, use) => {
      // A context each: two pages of one context share a window, and the one behind is throttled like a background tab.
      const appContext = await browser.newContext();
      const markupContext = await browser.newContext();
      const log = await observe(appContext);
      const markupLog = await observe(markupContext);
      await markupContext.route((url) => url.pathname.startsWith('/assets/js/'), (route) => route.abort());
      await use({log, app: await appContext.newPage(), markup: await markupContext.newPage(), markupLog});
      await appContext.close();
      await markupContext.close();
    },
    {scope: 'worker'},
  ],
});

everyRoute.describe('every route: accessibility, privacy, content security policy', {tag: '@quality'}, () => {
  for (const route of routes) {
    everyRoute(route.path, async ({shared: {log, app, markup, markupLog}, baseURL}) => {
      for (const list of [log.requests, log.cspConsole, log.pageErrors, markupLog.requests, markupLog.cspConsole, markupLog.pageErrors]) list.length = 0;
      const problems: string[] = [];
      const exclude = chromeChecked.has(route.path) ? [] : CHROME;

      // The page as the server sends it.
      const response = await markup.goto(route.path, {waitUntil: 'load'});
      expect(response?.status(), 'HTTP status').toBe(route.status);
      await expect(markup.locator('head meta[http-equiv="Content-Security-Policy"]'), 'policy meta tag').toHaveCount(1);
      const title = await markup.title();
      problems.push(
        ...[...(await cspViolations(markup)).map(describeViolation), ...markupLog.cspConsole.map((m) => `console: ${m}`)].map((p) => `server-rendered page: ${p}`),
        ...foreignRequests(markupLog, baseURL!).map((u) => `server-rendered page: request to another host: ${u}`),
      );

      // The page as the app renders it, light then dark.
      if (app.url().startsWith('http')) await app.evaluate(() => (window.__cspViolations = []));
      await openInApp(app, route.path, title);
      await expect(app.locator('html')).toHaveAttribute('data-theme', 'light');
      problems.push(...(await axeViolations(app, 'light', 'all', exclude, 'html', seen.light)));

      await toDarkMode(app, route.path);
      await expect(app.locator('html')).toHaveAttribute('data-theme', 'dark');
      problems.push(...(await axeViolations(app, 'dark', 'colour', exclude, 'html', seen.dark)));

      problems.push(...(await privacyAndPolicyProblems(app, log, baseURL!)));
      if (log.pageErrors.length > 0) test.info().annotations.push({type: 'page errors', description: log.pageErrors.join('\n')});
      await backToLightMode(app);
      if (app.url().startsWith('http')) {
        await app.evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        });
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});

test.describe('the other schema and operation pages: server-rendered markup, the app not started, light and dark', {tag: '@quality'}, () => {
  test('the template pages are found, both kinds of operation fully checked', () => {
    if (stride === 1) {
      const fully = new Set(routes.map((r) => r.path));
      expect([...chromeChecked].filter((p) => !fully.has(p)), 'pages whose navbar, sidebar and footer are checked get the full check').toEqual([]);
    }
    expect(operationPages.length).toBeGreaterThan(stride === 1 ? 70 : 0);
    expect(schemaPages.length).toBeGreaterThan(stride === 1 ? 250 : 0);
    if (stride === 1) {
      expect(operationPages.every((r) => kindOfOperationPage(r.path) !== undefined), 'every operation page names an operation of the catalog').toBe(true);
      expect(new Set(fullOperation.map((r) => kindOfOperationPage(r.path)))).toEqual(new Set(['query', 'submission']));
    }
  });
  for (let first = 0; first < markupOnly.length; first += BATCH) {
    const batch = markupOnly.slice(first, first + BATCH);
    test(`template pages ${first + 1}-${first + batch.length} of ${markupOnly.length} (${batch[0]!.path} …)`, async ({browser, baseURL}) => {
      // Twenty pages, most with long field tables, each checked by axe and then for cut words at three widths.
      test.setTimeout(180_000);
      const context = await browser.newContext();
      const log = await observe(context);
      // The app's bundles are not fetched, so the page stays as the server rendered it (axe needs JavaScript itself).
      await context.route((url) => url.pathname.startsWith('/assets/js/'), (route) => route.abort());
      await preloadAxe(context);
      const page = await context.newPage();
      const problems: string[] = [];
      for (const route of batch) {
        const response = await page.goto(route.path);
        expect(response?.status(), `${route.path} HTTP status`).toBe(200);
        await expect(page.locator('head meta[http-equiv="Content-Security-Policy"]'), `${route.path} policy meta tag`).toHaveCount(1);
        // The page's own content: the navbar, API sidebar and footer around it are the same on every
        // template page and are checked on those with the full check (the sidebar alone lists ~360 links).
        problems.push(...(await axeViolations(page, `${route.path} light`, 'all', [], 'main', seen.light)));
        // What the theme's script does for a reader who chose dark mode; no transition to catch midway.
        await page.addStyleTag({content: '*, *::before, *::after { transition: none !important; }'});
        await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
        // Code keeps the colours it was rendered with until the app restyles it for dark mode (the theme's
        // CodeBlock does so after mount); code in dark mode is checked on the pages with the full check.
        problems.push(...(await axeViolations(page, `${route.path} dark`, 'colour', ['.prism-code'], 'main', seen.dark)));
        // Tables never cut a word, at three widths (quality/table-words.ts; these pages are left out of table-words.spec.ts).
        problems.push(...(await tableWordProblems(page, route.path)));
      }
      // What the server-rendered markup loads (images, styles, fonts) stays on this host; the template's scripts,
      // the same on every page, are checked with the app started on the fully checked ones.
      problems.push(...foreignRequests(log, baseURL!).map((u) => `request to another host: ${u}`));
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});

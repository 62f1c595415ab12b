/**
 * Resilience: the site stays readable with JavaScript off (the content is in
 * the HTML, navigation is by plain links), over a sample of routes covering
 * every section and page template; and a widget whose code fails to load
 * leaves its page readable and offers a way to try again.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {gotoSettled} from '../quality/observe';
import {NOT_FOUND_PATH, buildDir, builtRoutes, sampleRoutes} from '../quality/site';
import {WIDGETS, readManifest, widgetFiles} from '../quality/widgets';

test.describe('with JavaScript disabled', {tag: '@quality'}, () => {
  test.use({javaScriptEnabled: false});

  for (const route of sampleRoutes()) {
    test(`no-JS: ${route.path}`, async ({page}) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status);

      // The page's own text is in the HTML.
      const main = page.locator('main').first();
      await expect(main).toBeVisible();
      const text = (await main.innerText()).replace(/\s+/g, ' ').trim();
      expect(text.length, `main text of ${route.path}`).toBeGreaterThan(route.path === NOT_FOUND_PATH ? 20 : 80);
      await expect(page.locator('main :is(h1, h2)').first()).toBeVisible(); // list pages (the changelog) start at h2

      // Navigation works by plain links: the navbar and any sidebar are <a href> to real addresses.
      const navLinks = page.locator('nav.navbar a[href]');
      expect(await navLinks.count()).toBeGreaterThanOrEqual(5);
      // Dropdown toggles (aria-haspopup, e.g. the language menu) open on hover and are not links to pages.
      const hrefs = await page
        .locator('nav a[href]:not([aria-haspopup]), aside a[href]:not([aria-haspopup])')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.filter((h) => h === '' || h === '#' || h.startsWith('javascript:'))).toEqual([]);
      const sidebarLinks = page.locator('.theme-doc-sidebar-menu a[href]');
      if ((await page.locator('.theme-doc-sidebar-menu').count()) > 0) expect(await sidebarLinks.count()).toBeGreaterThan(0);
    });
  }

  test('no-JS: a sidebar link leads to the next page, which is readable too', async ({page}) => {
    await page.goto('/');
    const link = page.locator('.theme-doc-sidebar-menu a.menu__link[href^="/"]:not(.menu__link--active)').first();
    const target = await link.getAttribute('href');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${target!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`));
    await expect(page.locator('main h1').first()).toBeVisible();
  });
});

test.describe('a widget whose code cannot be fetched', {tag: '@quality'}, () => {
  const dir = buildDir();
  const manifest = readManifest(dir);
  const widget = (name: string) => WIDGETS.find((w) => w.name === name)!;
  const pageWith = (marker: string) =>
    builtRoutes(dir).find((r) => r.status === 200 && readFileSync(path.join(dir, r.file), 'utf8').includes(marker))?.path;

  /** Aborts requests for the widget's files while `blocked` is set. */
  async function blockFiles(page: Page, files: string[]): Promise<{unblock: () => void}> {
    let blocked = true;
    await page.route(
      (url) => files.includes(url.pathname),
      (route) => (blocked ? route.abort() : route.continue()),
    );
    return {unblock: () => (blocked = false)};
  }

  test('request builder: says so with a Retry that works once the network is back', async ({page}) => {
    const route = pageWith('Open the request builder');
    test.skip(!route, 'no request builder in this build');
    const files = widgetFiles(dir, manifest, widget('request builder'));
    const block = await blockFiles(page, files);
    await gotoSettled(page, route!);
    await page.getByRole('button', {name: 'Open the request builder'}).click();
    const retry = page.getByRole('button', {name: /retry|try again/i});
    await expect(retry).toBeVisible({timeout: 15_000});
    await expect(page.locator('main h1').first()).toBeVisible(); // the page itself stays readable
    block.unblock();
    await retry.click();
    // The builder has loaded: its default target, the in-browser sandbox, is offered and chosen.
    await expect(page.getByLabel('Sandbox (in your browser)')).toBeChecked({timeout: 15_000});
  });

  test('policy playground: the page stays readable with the static policy and a Retry that works', async ({page}) => {
    const route = pageWith('Policy playground');
    test.skip(!route, 'no policy playground in this build');
    const block = await blockFiles(page, widgetFiles(dir, manifest, widget('policy playground')));
    await gotoSettled(page, route!);
    const preview = page.getByRole('region', {name: 'Policy playground (static preview)'});
    await preview.scrollIntoViewIfNeeded();
    const retry = page.getByRole('button', {name: 'Retry'});
    await expect(retry).toBeVisible({timeout: 15_000});
    await expect(page.getByText('This page crashed')).toHaveCount(0);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(preview).toBeVisible();
    block.unblock();
    await retry.click();
    await expect(page.getByRole('region', {name: 'Policy playground', exact: true}).getByLabel('Condition', {exact: true})).toBeEditable({timeout: 15_000});
  });
});

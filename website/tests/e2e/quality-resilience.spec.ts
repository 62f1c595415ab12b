/**
 * Resilience: the site stays readable with JavaScript off (the content is in
 * the HTML, navigation is by plain links), over a sample of routes covering
 * every section and page template.
 */
import {expect, test} from '@playwright/test';
import {NOT_FOUND_PATH, sampleRoutes} from '../quality/site';

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
      await expect(page.locator('h1').first()).toBeVisible();

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

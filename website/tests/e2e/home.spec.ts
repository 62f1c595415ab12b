/**
 * The home page (issue 24): one first step per reader path on the first
 * screen of a laptop and a phone, then the section cards; the announcement
 * bar in the site's colours in both themes.
 */
import {expect, test, type Page} from '@playwright/test';
import {axeViolations} from '../quality/axe';

const PATHS = [
  {title: 'Embedded wallets', start: '/getting-started/embedded-wallet-quickstart'},
  {title: 'Signing automation', start: '/getting-started/signing-automation-quickstart'},
  {title: 'Policies', start: '/concepts/policies/quickstart'},
  {title: 'The API', start: '/getting-started/quickstart'},
];

async function gotoHome(page: Page, theme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.goto(`/?docusaurus-theme=${theme}`);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

for (const viewport of [
  {width: 1280, height: 800},
  {width: 390, height: 844},
]) {
  test(`every reader path and its first step are on the first screen at ${viewport.width}x${viewport.height}`, async ({page}) => {
    await page.setViewportSize(viewport);
    await gotoHome(page);
    const main = page.locator('main');
    for (const path of PATHS) {
      const block = main.locator('li', {has: page.getByRole('heading', {level: 2, name: path.title, exact: true})});
      const start = block.locator(`a[href="${path.start}"]`);
      await expect(start, path.title).toBeVisible();
      const box = (await start.boundingBox())!;
      expect(box.y + box.height, `${path.title}: quickstart link below the fold`).toBeLessThanOrEqual(viewport.height);
      expect(box.height, `${path.title}: target size`).toBeGreaterThanOrEqual(24);
    }
    // The lead stays short: the paths come first.
    const lead = await main.locator('.theme-doc-markdown > p').first().innerText();
    expect(lead.split(/\s+/).length).toBeLessThanOrEqual(50);
    // Then the cards, after the paths.
    const cards = main.getByRole('heading', {level: 2, name: 'Explore the docs'});
    const pathsTop = (await main.getByRole('heading', {level: 2, name: PATHS[0]!.title}).boundingBox())!.y;
    expect((await cards.boundingBox())!.y).toBeGreaterThan(pathsTop);
  });
}

test('each path links its quickstart once, and every link there leads to a page', async ({page, request}) => {
  await gotoHome(page);
  for (const path of PATHS) {
    // One link to the quickstart among the path blocks (the next steps at the bottom may name it again).
    await expect(page.locator(`main li:has(> h2) a[href="${path.start}"]`)).toHaveCount(1);
  }
  const hrefs = await page.locator('main li a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  for (const href of new Set(hrefs)) expect((await request.get(href)).status(), href).toBe(200);
});

test('the announcement bar follows the colour mode, with readable text and link', async ({page}) => {
  for (const theme of ['light', 'dark'] as const) {
    await gotoHome(page, theme);
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toBeVisible();
    const colours = await bar.evaluate((el) => {
      const luminance = (css: string): number => {
        const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number).map((v) => v / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      return {bar: luminance(getComputedStyle(el).backgroundColor), page: luminance(getComputedStyle(document.body).backgroundColor)};
    });
    if (theme === 'dark') expect(colours.bar, 'dark bar').toBeLessThan(0.1);
    else expect(colours.bar, 'light bar').toBeGreaterThan(0.7);
    const problems = await axeViolations(page, theme, 'all', [], '.theme-announcement-bar, main');
    expect(problems, problems.join('\n')).toEqual([]);
  }
});

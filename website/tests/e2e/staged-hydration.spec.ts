/**
 * Regions of a page the server drew hydrate each in a task of their own after
 * the page's first hydration (plugins/staged-hydration): on docs pages the
 * navbar, docs sidebar, table of contents, pagination, back-to-top button and
 * footer; on API pages the API sidebar, page actions, description and facts,
 * field tables' rows a few at a time (nested tables too), error table, sample
 * tabs, code samples, examples and Try it, and the overview's operation areas,
 * stamp headers and the rows of its tables. What a reader
 * must see: the server's elements kept (hydrated, never drawn again), every
 * region working once the page says it has hydrated, and no region waiting on
 * a page reached by a client-side navigation.
 */
import {expect, test, type Page} from '@playwright/test';
import {errorsOf} from '../quality/observe';

const PAGE = '/concepts/wallets';
const LAYOUT = {navbar: 'nav.navbar', footer: 'footer.footer'};
const API_LAYOUT = {'any table row': 'tr', 'API sidebar': 'nav#api-sidebar', 'page actions': 'main [data-md-omit]:has(button)', 'edit and last updated': 'main .row[data-md-omit]'};
/** Each page kind's staged regions, by what a reader calls them. */
const PAGES: Record<string, Record<string, string>> = {
  [PAGE]: {
    ...LAYOUT,
    'docs sidebar': 'aside.theme-doc-sidebar-container',
    'table of contents': '.theme-doc-toc-desktop',
    pagination: 'nav.pagination-nav',
    'back to top': '.theme-back-to-top-button',
  },
  '/api/wallets/create-wallet': {
    ...LAYOUT,
    ...API_LAYOUT,
    'open sidebar group': 'nav#api-sidebar a[aria-current="page"]',
    description: '[data-testid="operation-panel"] + div > div:first-child > p',
    facts: 'article dl',
    'request fields': 'table[aria-label="Request body fields"]',
    'rows of the request fields': 'table[aria-label="Request body fields"] > tbody',
    'response fields': 'table[aria-label="Response fields"]',
    'rows of a nested field table': 'table[aria-label="Fields of response.activity"] > tbody',
    'error codes': '[role="region"][aria-label^="Errors of"]',
    'sample tabs': '[data-testid="panel-samples"] [role="tablist"]',
    'TypeScript sample': '[data-testid="panel-samples"] [role="tabpanel"] pre',
    'response example': '[data-testid="panel-response"] pre',
    'Try it': 'section[aria-label="Request builder"]',
  },
  '/api/schemas/wallet': {...LAYOUT, ...API_LAYOUT, 'rows of the fields': 'table[aria-label="Fields of Wallet"] > tbody'},
  '/api/': {
    ...LAYOUT,
    ...API_LAYOUT,
    'the operation index': 'h2#operations + div',
    'an area of operations': 'section:has(> h3[id^="area-"])',
    'a stamp header': 'section:has(> h3[id^="stamp-"])',
    limits: '[role="region"][aria-label="Limits"]',
    'rows of the limits': '[role="region"][aria-label="Limits"] tbody',
    'rows of the error codes': '[role="region"][aria-label="Error codes"] tbody',
  },
};

declare global {
  // Set by the init script below, read back by the test.
  interface Window {
    __regionsReplaced?: string[];
    __sameDocument?: boolean;
  }
}

/** Records, from the first moment, every element of a region that is taken out of the page. */
async function recordReplacedRegions(page: Page, regions: Record<string, string>): Promise<void> {
  await page.addInitScript((regions: Record<string, string>) => {
    window.__regionsReplaced = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (!(node instanceof Element)) continue;
          for (const [name, selector] of Object.entries(regions)) {
            if (node.matches(selector) || node.querySelector(selector)) window.__regionsReplaced!.push(name);
          }
        }
      }
    }).observe(document, {childList: true, subtree: true});
  }, regions);
}

test.use({viewport: {width: 1280, height: 800}});

for (const [address, regions] of Object.entries(PAGES)) {
  test(`a first visit to ${address} hydrates every region the server drew, keeping its elements`, async ({page}) => {
    const errors = errorsOf(page);
    await recordReplacedRegions(page, regions);
    await page.goto(address);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    for (const [name, selector] of Object.entries(regions)) await expect(page.locator(selector).first(), name).toBeAttached();
    expect(await page.evaluate(() => window.__regionsReplaced)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the API reference works once the page has hydrated: a sample tab, the operation filter', async ({page}) => {
  const errors = errorsOf(page);
  await page.goto('/api/wallets/create-wallet');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  const samples = page.getByTestId('panel-samples');
  await samples.getByRole('tab', {name: 'Python'}).click();
  await expect(samples.getByRole('tabpanel')).toContainText('import');

  await page.goto('/api/');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  const areas = page.locator('section:has(> h3[id^="area-"])');
  const all = await areas.count();
  await page.getByRole('searchbox').fill('create_wallet');
  await expect(page.getByText(/\d+ of \d+ operations match\./)).toBeVisible();
  await expect.poll(() => areas.evaluateAll((sections) => sections.filter((s) => !(s as HTMLElement).hidden).length)).toBeLessThan(all);
  expect(errors).toEqual([]);
});

test('each region works once the page has hydrated: a sidebar category, the color mode, a pagination link', async ({page}) => {
  const errors = errorsOf(page);
  await page.goto(PAGE);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  await page.evaluate(() => (window.__sameDocument = true));

  // The sidebar: a collapsed category's caret opens it.
  const carets = page.locator('aside .menu__caret');
  const collapsed = await carets.evaluateAll((buttons) => buttons.findIndex((b) => b.getAttribute('aria-expanded') === 'false'));
  expect(collapsed).toBeGreaterThanOrEqual(0);
  const caret = carets.nth(collapsed);
  await caret.click();
  await expect(caret).toHaveAttribute('aria-expanded', 'true');

  // The navbar: the color mode button is enabled (the server draws it disabled) and switches the mode.
  const toggle = page.locator('nav.navbar button[title][aria-label*="dark and light mode"]');
  await expect(toggle).toBeEnabled();
  const before = await page.locator('html').getAttribute('data-theme');
  await toggle.click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', before!);

  // The pagination: its link leads on inside the same document.
  const next = page.locator('nav.pagination-nav a.pagination-nav__link--next');
  const nextPath = new URL((await next.getAttribute('href'))!, page.url()).pathname;
  await next.click();
  await page.waitForURL(`**${nextPath}`);
  expect(await page.evaluate(() => window.__sameDocument)).toBe(true);

  // The next page's regions render at once, as after any client-side navigation.
  await expect(page.locator('aside.theme-doc-sidebar-container .menu__link--active').last()).toHaveAttribute('href', nextPath);
  await expect(page.locator('nav.pagination-nav')).toBeVisible();
  expect(errors).toEqual([]);
});

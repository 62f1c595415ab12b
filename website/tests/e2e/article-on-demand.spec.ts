/**
 * A docs page's article runs only when the reader acts inside it
 * (plugins/article-on-demand): a first visit hydrates the page around the
 * article the server drew and loads no article script; a pointer, focus or
 * key inside it loads the script, and a click or tab key made while it loads
 * is held and then acted out on the same element (a tab chosen, a link
 * followed client-side). A client-side navigation renders the next article
 * with its route, never an empty one. What the page must change at once (a
 * stored tab choice, the dark colour mode's code colours) does not wait for
 * the reader, and wide tables are named, focusable regions before it runs.
 */
import {expect, test, type Page, type Route} from '@playwright/test';
import {errorsOf} from '../quality/observe';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {buildDir} from '../quality/site';
import {REPORT_FILE} from '../../plugins/article-on-demand';

const TABS_PAGE = '/embedded-wallets/code-examples/create-sub-org-passkey';
const CONCEPT_PAGE = '/concepts/wallets';
const ARTICLE = '.theme-doc-markdown';

test.beforeAll(() => {
  // The build says which docs have their article on demand: these two must, or this spec tests nothing.
  const report = JSON.parse(readFileSync(path.join(buildDir(), REPORT_FILE), 'utf8')) as {onDemand: string[]};
  expect(report.onDemand).toEqual(
    expect.arrayContaining(['docs/embedded-wallets/code-examples/create-sub-org-passkey.mdx', 'docs/concepts/wallets.mdx']),
  );
});

/** Scripts the page requests from now on. */
function scriptsFrom(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  await page.waitForLoadState('networkidle');
}

/**
 * Holds every script the page asks for from now on until `release` is called: the article's script is among them,
 * so what the reader does meanwhile happens while the article loads.
 */
async function holdScripts(page: Page): Promise<{requested: Promise<void>; release: () => Promise<void>}> {
  const held: Route[] = [];
  let requested!: () => void;
  const firstRequest = new Promise<void>((resolve) => (requested = resolve));
  let released = false;
  await page.route('**/assets/js/*.js', async (route) => {
    if (released) return route.continue();
    held.push(route);
    requested();
  });
  return {
    requested: firstRequest,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

test('a first visit hydrates the page around the article the server drew and loads its script only when the reader acts', async ({page}) => {
  const errors = errorsOf(page);
  await page.addInitScript((selector) => {
    document.addEventListener('DOMContentLoaded', () => {
      const article = document.querySelector(selector);
      Object.assign(window, {
        __article: article,
        __articleText: article?.textContent,
        __articleNodes: article?.querySelectorAll('*').length,
        __articleParagraph: article?.querySelector('p'),
      });
    });
  }, ARTICLE);
  await page.goto(CONCEPT_PAGE);
  await hydrated(page);
  const scripts = scriptsFrom(page);
  const kept = () =>
    page.evaluate((selector) => {
      const w = window as unknown as {__article: Element; __articleText: string; __articleNodes: number};
      const article = document.querySelector(selector)!;
      return article === w.__article && article.textContent === w.__articleText && article.querySelectorAll('*').length === w.__articleNodes;
    }, ARTICLE);
  expect(await kept()).toBe(true);
  expect(scripts).toEqual([]);

  // A pointer over the article loads its script; the article stays the same element, now hydrated.
  const articleScript = page.waitForRequest((request) => request.resourceType() === 'script');
  await page.locator(`${ARTICLE} p`).first().hover();
  await articleScript;
  await page.waitForLoadState('networkidle');
  // Hydrated in place: the same elements, not new ones (what runs after hydration may add a button or two).
  expect(
    await page.evaluate((selector) => {
      const w = window as unknown as {__article: Element; __articleParagraph: Element};
      const article = document.querySelector(selector)!;
      return article === w.__article && article.querySelector('p') === w.__articleParagraph;
    }, ARTICLE),
  ).toBe(true);
  expect(errors).toEqual([]);
});

test('a click on a tab while the article loads is held, then chooses the tab', async ({page}) => {
  const errors = errorsOf(page);
  await page.goto(TABS_PAGE);
  await hydrated(page);
  const scripts = await holdScripts(page);
  const tabs = page.locator(`${ARTICLE} [role="tab"]`);
  await tabs.nth(1).click();
  await scripts.requested;
  // Held: the server's first tab is still the chosen one.
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'false');
  await scripts.release();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'false');
  expect(errors).toEqual([]);
});

test('a tab key pressed on a focused tab while the article loads moves to the next tab once it has run', async ({page}) => {
  await page.goto(TABS_PAGE);
  await hydrated(page);
  const scripts = await holdScripts(page);
  const tabs = page.locator(`${ARTICLE} [role="tab"]`);
  await tabs.nth(0).focus();
  await scripts.requested;
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(0)).toBeFocused();
  await scripts.release();
  // The theme's tab list moves the focus with the arrow keys (Enter or a click chooses).
  await expect(tabs.nth(1)).toBeFocused();
});

test('a link clicked while the article loads is followed client-side once it has run', async ({page}) => {
  const errors = errorsOf(page);
  await page.goto(CONCEPT_PAGE);
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, {__samePage: true}));
  // A link to another docs page (one to the API reference loads in full: its pages have a policy of their own).
  const link = page.locator(`${ARTICLE} a[href^="/concepts/"]:not([href*="#"])`).first();
  const href = (await link.getAttribute('href'))!;
  const title = page.locator(`${ARTICLE} h1`);
  const before = (await title.textContent())!;
  const scripts = await holdScripts(page);
  await link.click();
  await scripts.requested;
  expect(new URL(page.url()).pathname).toBe(CONCEPT_PAGE);
  await scripts.release();
  await page.waitForURL((url) => url.pathname === href);
  // The same document: the router followed the link, not the browser.
  // The next page is drawn: its own title, not the last one's.
  await expect(title).not.toHaveText(before);
  await expect(page).toHaveTitle(new RegExp(`^${(await title.textContent())!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`));
  expect(await page.evaluate(() => (window as unknown as {__samePage?: boolean}).__samePage)).toBe(true);
  expect(errors).toEqual([]);
});

test('a client-side navigation renders the next article with its route, never an empty one', async ({page}) => {
  const errors = errorsOf(page);
  await page.goto(CONCEPT_PAGE);
  await hydrated(page);
  // Records every moment the address is the next page's and its article is missing or empty.
  await page.evaluate((selector) => {
    const empty: string[] = [];
    const start = window.location.pathname;
    new MutationObserver(() => {
      if (window.location.pathname === start) return;
      const article = document.querySelector(selector);
      if (!article || article.children.length === 0) empty.push(window.location.pathname);
    }).observe(document.body, {childList: true, subtree: true});
    Object.assign(window, {__emptyArticles: empty});
  }, ARTICLE);
  const next = page.locator('.theme-doc-sidebar-menu a.menu__link[href^="/concepts/"]:not(.menu__link--active)').first();
  const href = (await next.getAttribute('href'))!;
  const title = page.locator(`${ARTICLE} h1`);
  const before = await title.textContent();
  await next.click();
  await page.waitForURL((url) => url.pathname === href);
  await expect(title).not.toHaveText(before!);
  expect(await page.evaluate(() => (window as unknown as {__emptyArticles: string[]}).__emptyArticles)).toEqual([]);
  // Its tabs and links work at once: the article ran with the route.
  expect(errors).toEqual([]);
});

test("a reader's stored tab choice is shown on the next visit without waiting for the reader", async ({page}) => {
  await page.goto(TABS_PAGE);
  await hydrated(page);
  const yarn = page.locator(`${ARTICLE} [role="tab"]`, {hasText: 'yarn'}).first();
  await yarn.click();
  await expect(yarn).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await hydrated(page);
  await expect(yarn).toHaveAttribute('aria-selected', 'true');
});

test('in the dark colour mode the article runs at once, and its code is drawn in the dark colours', async ({page}) => {
  await page.goto(CONCEPT_PAGE);
  await hydrated(page);
  await page.getByRole('button', {name: /dark mode|system mode|light mode/i}).first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The server draws code in the default (light) mode's colours, inline; with no act of the reader, the article ran
  // and drew its blocks again in the dark ones.
  const server = readFileSync(path.join(buildDir(), CONCEPT_PAGE, 'index.html'), 'utf8');
  const serverBackground = /<pre[^>]*\bstyle="?[^>]*?background-color:\s*([^;">\s]+)/.exec(server)?.[1];
  expect(serverBackground).toBeDefined();
  const background = () =>
    page.evaluate(
      ([selector, hex]) => {
        const probe = document.createElement('i');
        probe.style.backgroundColor = hex!;
        return {now: (document.querySelector(`${selector} pre`) as HTMLElement).style.backgroundColor, server: probe.style.backgroundColor};
      },
      [ARTICLE, serverBackground] as const,
    );
  await expect.poll(async () => {
    const {now, server: drawn} = await background();
    return now !== '' && now !== drawn;
  }).toBe(true);
});

test('switching to the dark colour mode before acting in the article redraws its code dark', async ({page}) => {
  await page.goto(CONCEPT_PAGE);
  await hydrated(page);
  const pre = page.locator(`${ARTICLE} pre`).first();
  const lightBackground = await pre.evaluate((element) => (element as HTMLElement).style.backgroundColor);
  await page.getByRole('button', {name: /dark mode|system mode|light mode/i}).first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => pre.evaluate((element) => (element as HTMLElement).style.backgroundColor)).not.toBe(lightBackground);
});

test.describe('on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('a table wider than the screen is a named, focusable region before the article runs', async ({page}) => {
    await page.goto(CONCEPT_PAGE);
    await hydrated(page);
    const scripts = scriptsFrom(page);
    const boxes = await page.evaluate((selector) =>
      Array.from(document.querySelectorAll<HTMLElement>(`${selector} [data-region-label]`)).map((box) => ({
        scrolls: box.scrollWidth > box.clientWidth + 1,
        role: box.getAttribute('role'),
        label: box.getAttribute('aria-label'),
        tabIndex: box.tabIndex,
        name: box.dataset.regionLabel,
      })),
    ARTICLE);
    const wide = boxes.filter((box) => box.scrolls);
    expect(wide.length).toBeGreaterThan(0);
    for (const box of wide) expect(box).toMatchObject({role: 'region', label: box.name, tabIndex: 0});
    for (const box of boxes.filter((b) => !b.scrolls)) expect(box.role).toBeNull();
    expect(scripts).toEqual([]);
  });
});

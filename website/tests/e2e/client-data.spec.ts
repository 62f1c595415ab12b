/**
 * What plugins/client-data leaves out of the browser's copy of Docusaurus's
 * generated data, and that nothing a reader sees changes: the docs'
 * descriptions are gone from what every docs page loads, yet each generated
 * index shows its cards' descriptions exactly as its HTML has them, after
 * hydration and after a client-side navigation; the chunk registry no longer
 * carries module paths. The route table and the registry come a section at a
 * time (plugins/route-sections): a page's first load holds its own section's
 * routes only, and a client-side navigation into another section still
 * renders its page, or the not-found page for an address the section lacks.
 * Sidebars come the same way: a page's first load holds the sidebar it shows
 * and no other, and each sidebar is drawn as the HTML has it after hydration
 * and after navigations between sidebars.
 */
import {expect, test, type Page} from '@playwright/test';
import {errorsOf} from '../quality/observe';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {buildDir, builtRoutes} from '../quality/site';
import {FIRST_LOAD_FILE} from '../../plugins/chunks';

const CARD_DESCRIPTION = '[class*="cardDescription"]';

/** The card descriptions of a built page's HTML, as text. */
function cardDescriptionsInHtml(html: string): string[] {
  return [...html.matchAll(/<p class="[^"]*cardDescription[^"]*"[^>]*>([\s\S]*?)<\/p>/g)].map((m) =>
    m[1]!.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'"),
  );
}

const dir = buildDir();
const generatedIndexes = builtRoutes(dir).filter((r) => r.path.startsWith('/category/'));
const htmlOf = (file: string) => readFileSync(path.join(dir, file), 'utf8');

test('the build has generated index pages with card descriptions', () => {
  expect(generatedIndexes.length).toBeGreaterThan(0);
  for (const route of generatedIndexes) expect(cardDescriptionsInHtml(htmlOf(route.file)).filter(Boolean).length, route.path).toBeGreaterThan(0);
});

for (const route of generatedIndexes) {
  test(`${route.path}: the cards show their descriptions after hydration, as in the HTML`, async ({page}) => {
    const expected = cardDescriptionsInHtml(htmlOf(route.file));
    const errors = errorsOf(page);
    await page.goto(route.path);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    await expect(page.locator(CARD_DESCRIPTION)).toHaveText(expected);
    expect(errors).toEqual([]);
  });
}

test('a generated index reached by a client-side navigation shows its card descriptions', async ({page}) => {
  const route = generatedIndexes.find((r) => r.path === '/category/getting-started') ?? generatedIndexes[0]!;
  const expected = cardDescriptionsInHtml(htmlOf(route.file));
  const errors = errorsOf(page);
  await page.goto('/concepts/wallets');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  let documents = 0;
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documents += 1;
  });
  // A router navigation, as a sidebar link makes one (history.push + popstate is what Docusaurus's Link does).
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
  }, route.path);
  await expect(page.locator(CARD_DESCRIPTION)).toHaveText(expected);
  expect(documents).toBe(0);
  expect(errors).toEqual([]);
});

test('a docs page’s first load carries no doc descriptions and no module paths', () => {
  const firstLoad = JSON.parse(readFileSync(path.join(dir, FIRST_LOAD_FILE), 'utf8')) as Record<string, string[]>;
  const scripts = (firstLoad['/concepts/wallets'] ?? []).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  const code = scripts.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
  // Descriptions of the cards above: each is in the version data of a build without the plugin.
  const descriptions = generatedIndexes.flatMap((r) => cardDescriptionsInHtml(htmlOf(r.file))).filter((d) => d.length > 40 && !/[<>&"']/.test(d));
  expect(descriptions.length).toBeGreaterThan(0);
  const found = descriptions.filter((d) => code.includes(JSON.stringify(d).slice(1, -1)));
  expect(found).toEqual([]);
  // The registry (in main.js) named each route module by path: generated files, site sources, theme components.
  const main = scripts.find((f) => /\/main\.[^/]*\.js$/.test(f));
  expect(main).toBeDefined();
  const registryCode = readFileSync(path.join(dir, main!), 'utf8');
  expect(registryCode).not.toMatch(/"[^"]*\.docusaurus\/[^"]*\.json"/);
  expect(registryCode).not.toMatch(/"@site\/docs\/[^"]*"/);
});

test('a docs page’s first load holds its own section’s routes only; another section comes with the navigation into it', async ({page}) => {
  const firstLoad = JSON.parse(readFileSync(path.join(dir, FIRST_LOAD_FILE), 'utf8')) as Record<string, string[]>;
  const code = (firstLoad['/concepts/wallets'] ?? []).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
  // A route of the table as the minified bundle writes it (the sidebar data names every page too, as a link).
  const route = (address: string) => `path:${JSON.stringify(address)}`;
  expect(code).toContain(route('/concepts/wallets'));
  expect(code).not.toContain(route('/getting-started/quickstart'));
  expect(code).not.toContain(route('/api/wallets/create-wallet'));

  const errors = errorsOf(page);
  let documents = 0;
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documents += 1;
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  // A router navigation, as a link makes one. Pages under /api/ have a policy of their own (a crossing reloads, by design).
  const go = (to: string) =>
    page.evaluate((address) => {
      window.history.pushState({}, '', address);
      window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
    }, to);
  const h1 = (address: string) => {
    const file = builtRoutes(dir).find((r) => r.path === address)!.file;
    return htmlOf(file).match(/<h1[^>]*>([\s\S]*?)<\/h1>/)![1]!.replace(/<[^>]+>/g, '').trim();
  };
  const loadedRoute = (address: string) => scripts.some((f) => readFileSync(path.join(dir, f), 'utf8').includes(route(address)));
  const notFound = page.getByRole('heading', {level: 1, name: 'Page not found'});

  await page.goto('/concepts/wallets');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  expect(loadedRoute('/getting-started/quickstart')).toBe(false);
  await go('/getting-started/quickstart');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(h1('/getting-started/quickstart'));
  expect(loadedRoute('/getting-started/quickstart')).toBe(true);
  // An address the loaded section lacks, then one in a section no page has: the not-found page both times.
  await go('/getting-started/no-such-page');
  await expect(notFound).toBeVisible();
  await go('/no-such-section/page');
  await expect(notFound).toBeVisible();
  await go('/concepts/wallets');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(h1('/concepts/wallets'));

  // The API reference is cut by tag: another tag's operation comes with the navigation to it.
  expect(documents).toBe(1);
  const other = builtRoutes(dir).find((r) => /^\/api\/users\/[^/]+$/.test(r.path))!.path;
  await page.goto('/api/wallets/create-wallet');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  documents = 0;
  expect(loadedRoute(other)).toBe(false);
  await go(other);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(h1(other));
  expect(loadedRoute(other)).toBe(true);
  await go('/api/users/no-such-operation');
  await expect(notFound).toBeVisible();
  expect(documents).toBe(0);
  expect(errors).toEqual([]);
});

const SIDEBAR_LINKS = 'nav[aria-label="Docs sidebar"] a.menu__link';

/** The links of the docs sidebar as the built HTML of a page draws them ("label → address"), parsed by the browser. */
const sidebarLinksInHtml = (page: Page, html: string) =>
  page.evaluate(
    ({source, selector}) =>
      Array.from(new DOMParser().parseFromString(source, 'text/html').querySelectorAll(selector), (a) => `${(a.textContent ?? '').trim()} → ${a.getAttribute('href')}`),
    {source: html, selector: SIDEBAR_LINKS},
  );

/**
 * The links of the docs sidebar the page shows now, in the HTML's terms: the theme links a category that has no
 * page of its own to its first doc in the server render only (for readers without JavaScript) and to `#` in the
 * browser, so such a link is taken as the HTML's.
 */
const sidebarLinks = async (page: Page, html: string[]) =>
  (await page.locator(SIDEBAR_LINKS).evaluateAll((links) => links.map((a) => `${(a.textContent ?? '').trim()} → ${a.getAttribute('href')}`))).map(
    (link, i) => (link.endsWith(' → #') && html[i]?.startsWith(link.slice(0, -1)) ? html[i]! : link),
  );

test('a docs page’s first load holds the sidebar it shows and no other; each sidebar is drawn as its HTML has it, first load or after a navigation', async ({page}) => {
  const firstLoad = JSON.parse(readFileSync(path.join(dir, FIRST_LOAD_FILE), 'utf8')) as Record<string, string[]>;
  const codeOf = (address: string) => (firstLoad[address] ?? []).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
  const fileOf = (address: string) => builtRoutes(dir).find((r) => r.path === address)!.file;
  // Three pages with three different sidebars: the documentation's, the SDKs' and the solutions'. The home page's sidebar
  // is the documentation's, which comes in a chunk of its own there (the home page is in no section of the route table).
  const pages = ['/concepts/wallets', '/sdks/javascript-server', '/embedded-wallets/code-examples/create-sub-org-passkey', '/'];
  const links: Record<string, string[]> = {};
  for (const p of pages) links[p] = await sidebarLinksInHtml(page, htmlOf(fileOf(p)));
  const addresses = (list: string[]) => new Set(list.map((l) => l.split(' → ')[1]!));
  const onlyIn = (address: string) => {
    const others = pages.slice(0, 3).filter((p) => p !== address).flatMap((p) => [...addresses(links[p]!)]);
    return [...addresses(links[address]!)].filter((a) => !others.includes(a) && a.startsWith('/'));
  };
  // A sidebar link as the minified bundle writes the sidebar data (an article's links have `children`, the global
  // data and the navbar name pages by `path` or `to`).
  const item = (address: string) => new RegExp(`"?href"?:${JSON.stringify(address).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')},"?label"?:`);
  // The sidebar's own links (addresses no other sidebar has) are in the first load of its page, and not in the others'.
  for (const address of pages.slice(0, 3)) {
    const own = onlyIn(address).filter((a) => item(a).test(codeOf(address)));
    expect(own.length, address).toBeGreaterThan(2);
    for (const other of pages.slice(0, 3).filter((p) => p !== address)) {
      const code = codeOf(other);
      expect(own.filter((a) => item(a).test(code)), `${other} loads the sidebar of ${address}`).toEqual([]);
    }
  }

  const errors = errorsOf(page);
  let documents = 0;
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documents += 1;
  });
  const go = (to: string) =>
    page.evaluate((address) => {
      window.history.pushState({}, '', address);
      window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
    }, to);
  await page.goto(pages[0]!);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  await expect.poll(() => sidebarLinks(page, links[pages[0]!]!)).toEqual(links[pages[0]!]);
  for (const address of [...pages.slice(1), pages[0]!]) {
    await go(address);
    await expect.poll(() => sidebarLinks(page, links[address]!), address).toEqual(links[address]);
  }
  // The home page's first load, with its sidebar from its own chunk.
  await page.goto('/');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  await expect.poll(() => sidebarLinks(page, links['/']!)).toEqual(links['/']);
  await go(pages[1]!);
  await expect.poll(() => sidebarLinks(page, links[pages[1]!]!)).toEqual(links[pages[1]!]);
  expect(documents).toBe(2);
  expect(errors).toEqual([]);
});

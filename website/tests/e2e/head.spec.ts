/**
 * The head the browser build writes (plugins/head: its own small stand-in for react-helmet-async, which the server
 * render keeps): hydration leaves the head the server wrote as it is, and after client-side navigations (a click, an
 * address pushed, the back button) the title, the `<html>` attributes and every tag the pages' heads manage are
 * exactly those the server writes for the new address, with nothing left over from the page before.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {openInApp} from '../quality/observe';
import {buildDir, builtRoutes, titleOf} from '../quality/site';

const dir = buildDir();
const routes = builtRoutes(dir);
const routeOf = (address: string) => {
  const route = routes.find((r) => r.path === address);
  if (!route) throw new Error(`${address} is not in the build`);
  return route;
};

interface HeadSnapshot {
  title: string;
  /** The server's `<html>` attributes but `data-has-hydrated` (the app sets it to true), as the document has them. */
  html: Record<string, string | null>;
  /** Every managed head tag (`data-rh`), as a sorted list of its name, attributes and content. */
  tags: string[];
}

/** The head of a document: the live one, or the server's HTML of `address` parsed in the page. */
async function headOf(page: Page, serverHtml?: string): Promise<HeadSnapshot> {
  return page.evaluate((html) => {
    const doc = html === undefined ? document : new DOMParser().parseFromString(html, 'text/html');
    // JSON-LD by its data: the build's HTML minifier sorts its keys, the app writes them in the order the theme gives.
    const sorted = (_key: string, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : +(a > b)))) : value;
    const contentOf = (el: Element) =>
      el.getAttribute('type') === 'application/ld+json' ? JSON.stringify(JSON.parse(el.textContent ?? ''), sorted) : JSON.stringify(el.textContent);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} ${Array.from(el.attributes)
        .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
        .sort()
        .join(' ')} ${contentOf(el)}`;
    return {
      title: doc.title,
      html: {},
      tags: Array.from(doc.head.querySelectorAll('[data-rh]'))
        .filter((el) => el.tagName !== 'TITLE')
        .map(describe)
        .sort(),
    };
  }, serverHtml);
}

/** The page's head beside the server's for the address it shows. */
async function expectServerHead(page: Page, address: string): Promise<void> {
  const server = readFileSync(path.join(dir, routeOf(address).file), 'utf8');
  const expected = await headOf(page, server);
  const names = await page.evaluate(
    (html) => Array.from(new DOMParser().parseFromString(html, 'text/html').documentElement.attributes).map((a) => a.name).filter((n) => n !== 'data-has-hydrated'),
    server,
  );
  expect(names, 'the server gives <html> a class and a language').toEqual(expect.arrayContaining(['class', 'lang']));
  const attributesOf = (source: string | undefined) =>
    page.evaluate(
      ({html, names}) => {
        const root = html === undefined ? document.documentElement : new DOMParser().parseFromString(html, 'text/html').documentElement;
        return Object.fromEntries(names.map((n) => [n, root.getAttribute(n)]));
      },
      {html: source, names},
    );
  expected.html = await attributesOf(server);
  // Docusaurus's base-URL banner script is written by the server render only (the app renders nothing for it).
  expected.tags = expected.tags.filter((tag) => !tag.includes('__docusaurus-base-url-issue-banner'));
  const live = await headOf(page);
  live.html = await attributesOf(undefined);
  expect(live, `the head of ${address} after a client-side navigation`).toEqual(expected);
}

test('hydration leaves the head the server wrote untouched', async ({page}) => {
  // Watches the head from the end of parsing (before the deferred scripts run) for managed tags taken out or put in.
  await page.addInitScript(() => {
    const changes: string[] = [];
    (window as unknown as {__headChanges: string[]}).__headChanges = changes;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of [...Array.from(record.removedNodes), ...Array.from(record.addedNodes)]) {
            if (node instanceof Element && node.hasAttribute('data-rh')) changes.push(`${record.removedNodes.length ? 'removed' : 'added'} ${node.outerHTML}`);
          }
        }
      }).observe(document.head, {childList: true});
    });
  });
  const address = '/concepts/wallets';
  await page.goto(address);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  await expect(page).toHaveTitle(titleOf(routeOf(address), dir));
  expect(await page.evaluate(() => (window as unknown as {__headChanges: string[]}).__headChanges)).toEqual([]);
  await expectServerHead(page, address);
});

test('after client-side navigations the head is the one the server writes for the new address', async ({page}) => {
  await page.goto('/concepts/wallets');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();

  // A reader's click into another kind of page (the changelog: a blog list, with its own classes and feeds).
  await page.locator('.navbar').getByRole('link', {name: 'Changelog'}).click();
  await expect(page).toHaveURL(/\/changelog$/);
  await expect(page).toHaveTitle(titleOf(routeOf('/changelog'), dir));
  await expectServerHead(page, '/changelog');

  // An API operation, then the home page, opened as the history does.
  for (const address of ['/api/wallets/create-wallet', '/']) {
    await openInApp(page, address, titleOf(routeOf(address), dir));
    await expectServerHead(page, address);
  }

  // Back to where the reader came from.
  await page.goBack();
  await expect(page).toHaveTitle(titleOf(routeOf('/api/wallets/create-wallet'), dir));
  await expectServerHead(page, '/api/wallets/create-wallet');
});

/**
 * The interactive widgets, used the way a reader uses them, under the site's
 * Content Security Policy: no policy violation, no request to another host,
 * and their code arrives only when they are used. Also checks that the
 * every-route checks themselves can fail (a gate that cannot fail proves
 * nothing).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {axeViolations} from '../quality/axe';
import {cspViolations, foreignRequests, gotoSettled, observe, settle, type PageLog} from '../quality/observe';
import {buildDir, builtRoutes} from '../quality/site';

/** The first built page whose HTML contains `marker`, or undefined when none does (the widget is not built yet). */
function pageContaining(marker: string): string | undefined {
  const dir = buildDir();
  return builtRoutes(dir).find((r) => r.status === 200 && readFileSync(path.join(dir, r.file), 'utf8').includes(marker))?.path;
}

async function expectClean(page: Page, log: PageLog, baseURL: string): Promise<void> {
  const problems = [
    ...(await cspViolations(page)).map((v) => `CSP violation: ${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}`),
    ...log.cspConsole.map((m) => `console: ${m}`),
    ...foreignRequests(log, baseURL).map((u) => `request to another host: ${u}`),
    ...log.pageErrors.map((m) => `uncaught error: ${m}`),
  ];
  expect(problems, problems.join('\n')).toEqual([]);
}

test('search: the dialog and Pagefind load when opened, and search works under the policy', {tag: '@quality'}, async ({browser, baseURL}) => {
  test.skip(!pageContaining('aria-keyshortcuts="Control+K Meta+K /"'), 'no search button in this build');
  const context = await browser.newContext();
  const log = await observe(context);
  const page = await context.newPage();
  await gotoSettled(page, '/');
  const before = log.requests.length;
  expect(log.requests.filter((u) => u.includes('/pagefind/'))).toEqual([]);

  await page.getByRole('button', {name: 'Search'}).first().click();
  const box = page.getByRole('combobox', {name: 'Search the documentation'});
  await box.fill('wallet');
  await expect(page.getByRole('listbox', {name: 'Search results'}).getByRole('option').first()).toBeVisible({timeout: 15_000});
  expect(log.requests.slice(before).some((u) => u.includes('/pagefind/')), 'Pagefind loads on demand').toBe(true);
  await expectClean(page, log, baseURL!);
  await context.close();
});

test('request builder: loads on demand, runs the sandbox and signs a request under the policy', {tag: '@quality'}, async ({browser, baseURL}) => {
  const route = pageContaining('Open the request builder');
  test.skip(!route, 'no request builder in this build');
  const context = await browser.newContext();
  const log = await observe(context);
  const page = await context.newPage();
  await gotoSettled(page, route!);
  const open = page.getByRole('button', {name: 'Open the request builder'});
  await open.click();
  // The default target is the sandbox: its worker starts under the policy, and the builder signs with its key
  // (the stamp is computed in the page, the curl command then carries it) and sends to it.
  await expect(page.getByText(/X-Stamp: [A-Za-z0-9_-]{40,}/).first()).toBeVisible({timeout: 30_000});
  await page.getByRole('button', {name: 'Send to the sandbox'}).click();
  await expect(page.getByTestId('sandbox-answer')).toBeVisible({timeout: 15_000});
  // A server as the target: the reader's own key (here the documentation test key) signs.
  await page.getByLabel('A server at a base URL').check();
  await page.getByRole('button', {name: 'Use the documentation test key'}).click();
  await expect(page.getByText(/X-Stamp: [A-Za-z0-9_-]{40,}/).first()).toBeVisible({timeout: 15_000});
  await settle(page);
  await expectClean(page, log, baseURL!);
  await context.close();
});

test('policy playground: evaluates as the reader edits, under the policy', {tag: '@quality'}, async ({browser, baseURL}) => {
  const route = pageContaining('Policy playground');
  test.skip(!route, 'no policy playground in this build');
  const context = await browser.newContext();
  const log = await observe(context);
  const page = await context.newPage();
  await gotoSettled(page, route!);
  // The playground loads when it comes into view.
  await page.getByRole('region', {name: /^Policy playground/}).first().scrollIntoViewIfNeeded();
  const condition = page.getByLabel('Condition').first();
  await expect(condition).toBeEditable({timeout: 15_000});
  await condition.fill("activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION'");
  await settle(page);
  await expectClean(page, log, baseURL!);
  await context.close();
});

/** Appends a paragraph to the page's main content, styled inline. */
function plantText(page: Page, text: string, css: string): Promise<void> {
  return page.evaluate(
    ({text, css}) => {
      const p = document.createElement('p');
      p.textContent = text;
      p.style.cssText = css;
      document.querySelector('main')!.append(p);
    },
    {text, css},
  );
}

const LOW_CONTRAST = 'color:#bbb;background:#fff';

test('the every-route checks can fail: axe, the policy listener and the request log each catch a planted fault', {tag: '@quality'}, async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await observe(context);
  const page = await context.newPage();
  await gotoSettled(page, '/');
  await plantText(page, 'Planted low-contrast text', LOW_CONTRAST);
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.setAttribute('data-planted', '');
    document.querySelector('main')!.append(button);
    const script = document.createElement('script');
    script.textContent = 'window.__planted = true';
    document.body.append(script);
    void fetch('http://planted.invalid/').catch(() => undefined);
  });
  const all = (await axeViolations(page, 'planted')).join('\n');
  expect(all).toContain('color-contrast');
  expect(all).toContain('button-name');
  // The operation pages' lighter check: the same rules but the colour ones.
  const structure = (await axeViolations(page, 'planted', 'structure')).join('\n');
  expect(structure).toContain('button-name');
  expect(structure).not.toContain('color-contrast');
  await expect.poll(async () => (await cspViolations(page)).map((v) => v.directive)).toEqual(expect.arrayContaining(['script-src-elem', 'connect-src']));
  expect(await page.evaluate(() => (window as unknown as {__planted?: boolean}).__planted)).toBeUndefined();
  await context.close();

  // Without the policy, the request log is what catches a call to another host.
  const open = await browser.newContext({bypassCSP: true});
  const log = await observe(open);
  const unguarded = await open.newPage();
  await gotoSettled(unguarded, '/');
  await unguarded.evaluate(() => fetch('http://planted.invalid/').catch(() => undefined));
  expect(foreignRequests(log, baseURL!)).toContain('http://planted.invalid/');
  await open.close();
});

test('the colour rules run once per combination, and a new or failing combination is always checked', {tag: '@quality'}, async ({browser}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoSettled(page, '/');
  const light = new Set<string>();
  const dark = new Set<string>();
  expect(await axeViolations(page, 'home', 'colour', [], 'html', light)).toEqual([]);
  const known = light.size;
  expect(known).toBeGreaterThan(3);
  // More text like what was checked adds nothing to measure.
  await page.evaluate(() => {
    const copy = document.querySelector('main p')!.cloneNode(true) as HTMLElement;
    copy.textContent = 'Another paragraph in the same colours';
    document.querySelector('main')!.append(copy);
  });
  expect(await axeViolations(page, 'home', 'colour', [], 'html', light)).toEqual([]);
  expect(light.size).toBe(known);
  // Hidden text is not counted as checked; the same combination, visible, is measured and fails.
  await plantText(page, 'Hidden low-contrast text', `${LOW_CONTRAST};display:none`);
  expect(await axeViolations(page, 'home', 'colour', [], 'html', light)).toEqual([]);
  expect(light.size).toBe(known);
  await plantText(page, 'Planted low-contrast text', LOW_CONTRAST);
  const first = (await axeViolations(page, 'planted', 'colour', [], 'html', light)).join('\n');
  expect(first).toContain('color-contrast');
  // A failing combination stays unchecked, so every page that has it fails too; the other theme has its own set.
  expect((await axeViolations(page, 'planted again', 'colour', [], 'html', light)).join('\n')).toContain('color-contrast');
  expect((await axeViolations(page, 'planted', 'colour', [], 'html', dark)).join('\n')).toContain('color-contrast');
  await context.close();
});


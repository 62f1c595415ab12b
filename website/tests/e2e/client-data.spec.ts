/**
 * What plugins/client-data leaves out of the browser's copy of Docusaurus's
 * generated data, and that nothing a reader sees changes: the docs'
 * descriptions are gone from what every docs page loads, yet each generated
 * index shows its cards' descriptions exactly as its HTML has them, after
 * hydration and after a client-side navigation; the chunk registry no longer
 * carries module paths.
 */
import {expect, test, type Page} from '@playwright/test';
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

/** Console errors and uncaught exceptions of a page (a hydration mismatch is reported as one). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
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

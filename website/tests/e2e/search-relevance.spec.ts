/**
 * Search relevance against the built index: every query of
 * tests/search-queries.ts, typed into the search page as a reader would.
 * Prints precision at 1 and at 3 (overall and per kind of query) and fails
 * below the targets of RELEVANCE_TARGETS, or when a nonsense query finds
 * anything; each miss is listed with what came first instead.
 */
import {expect, test, type Page} from '@playwright/test';
import {SEARCH_SUGGESTIONS} from '../../src/search/suggestions';
import {matchesExpectation, RELEVANCE_TARGETS, relevanceCases, type RelevanceCase} from '../search-queries';

test.describe.configure({mode: 'serial'});

const box = (page: Page) => page.getByRole('searchbox', {name: 'Search query'});

/** The first `count` result pages for `query`, or [] when the page says "No results for". */
async function topPages(page: Page, query: string, count: number): Promise<string[]> {
  // Cleared first, so the status below can only be this query's answer.
  await box(page).fill('');
  await box(page).fill(query);
  const status = page.getByRole('status');
  await expect(status).toContainText(/found for “|No results for “|Unable to fetch results/);
  // "No results for “walet”. Showing results for “wallet”." is a corrected answer, not an empty one.
  if (!(await status.textContent())?.includes('found for “')) {
    await expect(status).toContainText('Try searching for');
    return [];
  }
  const links = page.getByRole('list', {name: 'Search results'}).locator(':scope > li h2 a');
  return links.evaluateAll((as, n) => as.slice(0, n).map((a) => a.getAttribute('href') ?? ''), count);
}

const pct = (n: number, of: number): string => `${((n / Math.max(of, 1)) * 100).toFixed(1)}%`;

test('the relevance set meets its precision targets, and nonsense finds nothing', async ({page}) => {
  test.setTimeout(300_000);
  const ranked = relevanceCases.filter((c) => c.expect.length > 0);
  const nonsense = relevanceCases.filter((c) => c.expect.length === 0);
  expect(ranked.length, 'queries with an expected page').toBeGreaterThanOrEqual(100);
  expect(nonsense.length, 'nonsense queries').toBeGreaterThanOrEqual(10);

  await page.goto('/search');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  const started = Date.now();
  const byKind = new Map<string, {n: number; one: number; three: number}>();
  let atOne = 0;
  let atThree = 0;
  const misses: string[] = [];
  const found: string[] = [];
  const hits = (top: string[], c: RelevanceCase) => top.some((url) => c.expect.some((e) => matchesExpectation(url, e)));
  for (const c of relevanceCases) {
    const top = await topPages(page, c.query, 3);
    if (c.expect.length === 0) {
      if (top.length > 0) found.push(`  "${c.query}": expected nothing; got ${top.join(', ')}`);
      continue;
    }
    const one = hits(top.slice(0, 1), c);
    const three = hits(top, c);
    atOne += one ? 1 : 0;
    atThree += three ? 1 : 0;
    const k = byKind.get(c.kind) ?? {n: 0, one: 0, three: 0};
    byKind.set(c.kind, {n: k.n + 1, one: k.one + (one ? 1 : 0), three: k.three + (three ? 1 : 0)});
    if (!one) misses.push(`  ${three ? 'not first' : 'not in 3 '} ${c.kind.padEnd(26)} "${c.query}": expected ${c.expect[0]}; got ${top.join(', ') || 'nothing'}`);
  }
  const lines = [
    `search relevance over ${ranked.length} queries (${((Date.now() - started) / 1000).toFixed(1)} s): ` +
      `precision@1 ${pct(atOne, ranked.length)} (target ${pct(RELEVANCE_TARGETS.atOne, 1)}), ` +
      `precision@3 ${pct(atThree, ranked.length)} (target ${pct(RELEVANCE_TARGETS.atThree, 1)}); ` +
      `nonsense with no results: ${nonsense.length - found.length}/${nonsense.length}`,
    ...[...byKind.entries()].map(([kind, k]) => `  ${kind.padEnd(26)} ${String(k.n).padStart(3)} queries  @1 ${pct(k.one, k.n).padStart(6)}  @3 ${pct(k.three, k.n).padStart(6)}`),
    ...(misses.length ? ['misses:', ...misses] : []),
    ...(found.length ? ['nonsense that found pages:', ...found] : []),
  ];
  console.log(lines.join('\n'));
  expect(found, 'nonsense queries must find nothing').toEqual([]);
  expect(atOne / ranked.length, 'precision at 1').toBeGreaterThanOrEqual(RELEVANCE_TARGETS.atOne);
  expect(atThree / ranked.length, 'precision at 3').toBeGreaterThanOrEqual(RELEVANCE_TARGETS.atThree);
});

test('every "Try searching for" suggestion finds pages', async ({page}) => {
  await page.goto('/search');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  for (const s of SEARCH_SUGGESTIONS) expect(await topPages(page, s, 1), s).toHaveLength(1);
});

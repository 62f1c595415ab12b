/**
 * Search relevance: every query of tests/search-queries.ts, typed into the
 * search page as a reader would, must bring one of its expected pages into
 * the first three results; the suite fails when fewer than 90% do, listing
 * each miss with what came first instead.
 */
import {expect, test, type Page} from '@playwright/test';
import {SEARCH_SUGGESTIONS} from '../../src/search/suggestions';
import {matchesExpectation, RELEVANCE_THRESHOLD, relevanceCases} from '../search-queries';

test.describe.configure({mode: 'serial'});

async function topPages(page: Page, query: string, count: number): Promise<string[]> {
  const box = page.getByRole('searchbox', {name: 'Search query'});
  await box.fill(query);
  const status = page.getByRole('status');
  await expect(status).toContainText(/found for|No results for|Unable to fetch results/);
  await expect(status).not.toContainText('Searching');
  // The summary names the query it answers: wait for this query's answer, not the previous one's.
  await expect(status).toContainText(/“[^”]*”/);
  const links = page.getByRole('list', {name: 'Search results'}).locator(':scope > li h2 a');
  const hrefs = await links.evaluateAll((as, n) => as.slice(0, n).map((a) => a.getAttribute('href') ?? ''), count);
  return hrefs;
}

test('queries find their pages in the top three', async ({page}) => {
  test.setTimeout(180_000);
  expect(relevanceCases.length).toBeGreaterThanOrEqual(30);
  await page.goto('/search');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  const misses: string[] = [];
  for (const c of relevanceCases) {
    await page.getByRole('searchbox', {name: 'Search query'}).fill('');
    const top = await topPages(page, c.query, 3);
    if (!top.some((url) => c.expect.some((e) => matchesExpectation(url, e)))) {
      misses.push(`  ${c.kind.padEnd(10)} "${c.query}": expected ${c.expect.join(' or ')}; got ${top.join(', ') || 'nothing'}`);
    }
  }
  const passed = relevanceCases.length - misses.length;
  const share = passed / relevanceCases.length;
  console.log(`search relevance: ${passed}/${relevanceCases.length} (${(share * 100).toFixed(0)}%)${misses.length ? `\n${misses.join('\n')}` : ''}`);
  expect(share, `misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLD);
});

test('every "Try searching for" suggestion finds pages', async ({page}) => {
  await page.goto('/search');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  for (const s of SEARCH_SUGGESTIONS) {
    await page.getByRole('searchbox', {name: 'Search query'}).fill('');
    expect(await topPages(page, s, 1), s).toHaveLength(1);
  }
});

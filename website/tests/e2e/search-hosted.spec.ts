/**
 * The hosted search option, checked against a build made with
 * SIGIL_SEARCH_APP_ID, SIGIL_SEARCH_API_KEY and SIGIL_SEARCH_INDEX set (run
 * this spec with the same variables). The service is played by a fixture:
 * the test answers its requests, so nothing leaves the machine.
 * Skipped for the default build, which has no hosted engine in it.
 */
import {expect, test} from '@playwright/test';

const appId = process.env.SIGIL_SEARCH_APP_ID ?? '';
const indexName = process.env.SIGIL_SEARCH_INDEX ?? '';

test.skip(appId === '', 'the build under test uses the local index (SIGIL_SEARCH_APP_ID is not set)');

const hits = [
  {
    objectID: '1',
    url: 'https://docs.example/concepts/wallets#accounts',
    hierarchy: {lvl0: 'Documentation', lvl1: 'Wallets', lvl2: 'Accounts'},
    _snippetResult: {content: {value: 'Each <mark>wallet</mark> holds &lt;img src=x onerror=alert(1)&gt;'}},
  },
  {
    objectID: '2',
    url: 'https://docs.example/sdks/introduction',
    hierarchy: {lvl0: 'SDKs', lvl1: 'SDK introduction'},
    _snippetResult: {content: {value: 'Create a <mark>wallet</mark> with an SDK'}},
  },
];

test('the dialog asks the hosted index, with contextual filters, and opens its results on this site', async ({page}) => {
  const bodies: unknown[] = [];
  const local: string[] = [];
  page.on('request', (r) => r.url().includes('/pagefind/') && local.push(r.url()));
  await page.route(new RegExp(`^https://${appId}-(dsn\\.algolia\\.net|\\d\\.algolianet\\.com)/`, 'i'), async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: {'access-control-allow-origin': '*'},
      body: JSON.stringify({results: [{hits, nbHits: hits.length, page: 0, hitsPerPage: 100, processingTimeMS: 1, query: 'wallet', params: ''}]}),
    });
  });
  await page.goto('/getting-started/quickstart');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('wallet');
  const dialog = page.getByRole('dialog', {name: 'Search the documentation'});
  await expect(dialog.getByRole('option')).toHaveCount(2);
  await expect(dialog.getByRole('group')).toHaveCount(2);
  await expect(dialog.getByRole('option').first()).toContainText('Wallets › Accounts');
  await expect(dialog.getByRole('option').first()).toContainText('<img src=x onerror=alert(1)>');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(bodies[0]).toMatchObject({
    requests: [{indexName, query: 'wallet', facetFilters: ['language:en', expect.arrayContaining(['docusaurus_tag:default'])]}],
  });
  expect(local, 'the local index is not fetched').toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/concepts/wallets#accounts');
});

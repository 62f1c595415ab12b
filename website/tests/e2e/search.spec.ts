/**
 * Site search (spec §2, §8): the navbar button and its shortcuts, the dialog
 * (grouped results, keyboard, empty and failure messages, recent results),
 * the /search page with its section filter, accessibility, privacy (no
 * request leaves the site) and safety of what the reader types.
 */
import {expect, test, type Page} from '@playwright/test';
import {axeViolations} from '../quality/axe';
import {cspViolations, foreignRequests, observe, type PageLog} from '../quality/observe';

const DOC = '/getting-started/quickstart';
/** A query many pages answer, with sections in more than one part of the site. */
const COMMON = 'wallet';
const XSS = '<img src=x onerror=alert(1)>';

let log: PageLog;
let dialogs: string[];

test.beforeEach(async ({page, context}) => {
  log = await observe(context);
  dialogs = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
});

test.afterEach(async ({page, baseURL}) => {
  expect(foreignRequests(log, baseURL!), 'requests to other hosts').toEqual([]);
  // Pagefind compiles WebAssembly and fetches its index: all within the site's Content Security Policy.
  expect(await cspViolations(page), 'Content Security Policy violations').toEqual([]);
  expect(log.cspConsole, 'Content Security Policy messages').toEqual([]);
  expect(dialogs, 'alert/confirm dialogs').toEqual([]);
});

async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
}

const searchButton = (page: Page) => page.locator('.navbar').getByRole('button', {name: 'Search'});
const dialog = (page: Page) => page.getByRole('dialog', {name: 'Search the documentation'});
const combobox = (page: Page) => dialog(page).getByRole('combobox');
const options = (page: Page) => dialog(page).getByRole('option');
/** A visible message of the dialog (the live region repeats some of them for screen readers). */
const message = (page: Page, text: string) => dialog(page).locator('p', {hasText: text});

async function openWithShortcut(page: Page, keys = 'Control+k'): Promise<void> {
  await page.keyboard.press(keys);
  await expect(dialog(page)).toBeVisible();
  await expect(combobox(page)).toBeFocused();
}

async function search(page: Page, query: string): Promise<void> {
  await combobox(page).fill(query);
  await expect(dialog(page).getByRole('listbox').or(dialog(page).locator('p', {hasText: /No results for|Unable to fetch results/})).first()).toBeVisible();
  // Results show before their excerpts and sections (busy meanwhile); the tests read the complete list.
  await expect(dialog(page).locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('opening and closing', () => {
  test('Ctrl+K and Cmd+K open the dialog; Escape closes it and focus returns to the button', async ({page}) => {
    await gotoHydrated(page, DOC);
    await openWithShortcut(page, 'Control+k');
    await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(searchButton(page)).toBeFocused();
    await openWithShortcut(page, 'Meta+k');
    await page.keyboard.press('Meta+k');
    await expect(dialog(page)).toBeHidden();
  });

  test('"/" opens the dialog, but not while typing in a field', async ({page}) => {
    await gotoHydrated(page, DOC);
    await page.keyboard.press('/');
    await expect(dialog(page)).toBeVisible();
    // Keys go where the focus is: the query box, once the dialog has moved it there.
    await expect(combobox(page)).toBeFocused();
    // Inside the dialog "/" is just a character of the query.
    await page.keyboard.type('a/b');
    await expect(combobox(page)).toHaveValue('a/b');
    await page.keyboard.press('Escape');
    // Closing hands the focus back to where it was: let that happen before the fields below take it.
    await expect(dialog(page)).toBeHidden();

    await page.evaluate(() => {
      const add = (el: HTMLElement) => document.querySelector('article')!.prepend(el);
      const input = Object.assign(document.createElement('input'), {id: 't-input'});
      input.setAttribute('aria-label', 'test input');
      const area = Object.assign(document.createElement('textarea'), {id: 't-area'});
      area.setAttribute('aria-label', 'test area');
      const editable = Object.assign(document.createElement('div'), {id: 't-edit', contentEditable: 'true'});
      add(input);
      add(area);
      add(editable);
    });
    for (const id of ['t-input', 't-area', 't-edit']) {
      await page.locator(`#${id}`).focus();
      await expect(page.locator(`#${id}`)).toBeFocused();
      await page.keyboard.type('a/b');
      await expect(dialog(page)).toBeHidden();
    }
    await expect(page.locator('#t-input')).toHaveValue('a/b');
    await expect(page.locator('#t-area')).toHaveValue('a/b');
    await expect(page.locator('#t-edit')).toHaveText('a/b');
  });

  test('the button opens the dialog and focus stays inside while it is open', async ({page}) => {
    await gotoHydrated(page, DOC);
    await searchButton(page).click();
    await expect(combobox(page)).toBeFocused();
    await search(page, COMMON);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    // The page behind is inert while the dialog is open.
    await expect(page.locator('#__docusaurus')).toHaveAttribute('inert', '');
    await page.keyboard.press('Escape');
    await expect(page.locator('#__docusaurus')).not.toHaveAttribute('inert');
  });
});

test.describe('results', () => {
  test('results appear as you type, grouped by page, with the heading path and matched words', async ({page}) => {
    await gotoHydrated(page, DOC);
    await openWithShortcut(page);
    await search(page, COMMON);
    const groups = dialog(page).getByRole('listbox').getByRole('group');
    expect(await groups.count()).toBeGreaterThan(1);
    // Each group is one page; each option names its place in the page.
    const labels = await groups.evaluateAll((els) => els.map((g) => document.getElementById(g.getAttribute('aria-labelledby')!)!.textContent));
    expect(new Set(labels).size).toBe(labels.length);
    await expect(options(page).filter({hasText: '›'}).first()).toBeVisible();
    await expect(dialog(page).locator('mark').first()).toHaveText(/^wallet/i);
    // The first option is active, as the combobox announces.
    const first = options(page).first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(combobox(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  });

  test('arrow keys move through the results and Enter opens the page at the section', async ({page}) => {
    await gotoHydrated(page, DOC);
    await openWithShortcut(page);
    await search(page, COMMON);
    const texts = await options(page).allTextContents();
    const target = texts.findIndex((t) => t.includes('›'));
    expect(target, 'a result inside a section').toBeGreaterThanOrEqual(0);
    for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const chosen = options(page).nth(target);
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    const [pageTitle, ...headings] = (await chosen.locator(':scope > span').first().textContent())!.split(' › ');
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeHidden();
    await expect(page.locator('article h1, main h1').first()).toHaveText(pageTitle!);
    const hash = new URL(page.url()).hash;
    expect(hash).not.toBe('');
    const anchor = page.locator(`[id="${decodeURIComponent(hash.slice(1))}"]`);
    await expect(anchor).toHaveText(headings[headings.length - 1]!);
    await expect(anchor).toBeInViewport();
  });

  test('a query with no match says so and suggests real queries', async ({page}) => {
    await gotoHydrated(page, DOC);
    await openWithShortcut(page);
    await search(page, 'qzxwvjqk');
    await expect(message(page, 'No results for')).toContainText('qzxwvjqk');
    await expect(message(page, 'Try searching for')).toBeVisible();
    const suggestion = dialog(page).getByRole('button', {name: 'passkey'});
    await suggestion.click();
    await expect(combobox(page)).toHaveValue('passkey');
    await expect(options(page).first()).toBeVisible();
  });

  test('a typo still finds the page', async ({page}) => {
    await gotoHydrated(page, DOC);
    await openWithShortcut(page);
    await search(page, 'pasky');
    await expect(message(page, 'Showing results for “passkey”')).toBeVisible();
    await expect(options(page).first()).toContainText(/passkey/i);
  });

  test('when the index cannot be fetched, the dialog says so, and recovers', async ({page}) => {
    await gotoHydrated(page, DOC);
    await page.route('**/pagefind/**', (route) => route.abort());
    await openWithShortcut(page);
    await search(page, COMMON);
    await expect(message(page, 'Unable to fetch results')).toBeVisible();
    await expect(message(page, 'You might want to check your network connection.')).toBeVisible();
    await page.unroute('**/pagefind/**');
    await combobox(page).fill('');
    await search(page, COMMON);
    await expect(options(page).first()).toBeVisible();
  });

  test('chosen results are remembered (title and address only) and can be cleared', async ({page}) => {
    await gotoHydrated(page, DOC);
    await openWithShortcut(page);
    await search(page, COMMON);
    const firstText = (await options(page).first().locator(':scope > span').first().textContent())!;
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeHidden();
    const stored = await page.evaluate(() => localStorage.getItem('sigil-search-recent'));
    const entries = JSON.parse(stored!) as {title: string; url: string}[];
    expect(entries).toHaveLength(1);
    expect(Object.keys(entries[0]!).sort()).toEqual(['title', 'url']);
    expect(entries[0]!.title).toBe(firstText);

    await openWithShortcut(page);
    await expect(dialog(page).getByText('Recent', {exact: true})).toBeVisible();
    await expect(options(page)).toHaveCount(1);
    await expect(options(page).first()).toHaveText(firstText);
    await dialog(page).getByRole('button', {name: 'Clear recent searches'}).click();
    await expect(options(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('sigil-search-recent'))).toBeNull();
  });
});

test.describe('the search page', () => {
  test('"See all results" opens /search with the same results, and the section filter narrows them', async ({page}) => {
    await gotoHydrated(page, DOC);
    await openWithShortcut(page);
    await search(page, COMMON);
    const inDialog = await dialog(page)
      .getByRole('group')
      .evaluateAll((els) => els.map((g) => document.getElementById(g.getAttribute('aria-labelledby')!)!.firstElementChild!.textContent));
    await dialog(page).getByRole('link', {name: 'See all results'}).click();
    await expect(page).toHaveURL(`/search?q=${COMMON}`);
    await expect(page.getByRole('searchbox', {name: 'Search query'})).toHaveValue(COMMON);
    const results = page.getByRole('list', {name: 'Search results'});
    const titles = results.locator(':scope > li h2');
    await expect(titles.first()).toBeVisible();
    expect((await titles.allTextContents()).slice(0, inDialog.length)).toEqual(inDialog);

    const pagesFound = async () => Number(/(\d+) pages? found/.exec((await page.getByRole('status').textContent()) ?? '')?.[1]);
    const all = await pagesFound();
    await page.getByRole('radio', {name: /^Documentation/}).check();
    await expect(page).toHaveURL(/section=Documentation/);
    await expect(page.getByRole('status')).toContainText('in Documentation');
    const narrowed = await pagesFound();
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(all);
    const metas = await results.locator(':scope > li > p').allTextContents();
    expect(metas.length).toBeGreaterThan(0);
    for (const meta of metas) expect(meta).toMatch(/^Documentation · /);
  });

  test('reads q on load and keeps the address in step while typing', async ({page}) => {
    await gotoHydrated(page, '/search?q=policy');
    const box = page.getByRole('searchbox', {name: 'Search query'});
    await expect(box).toHaveValue('policy');
    await expect(page.getByRole('list', {name: 'Search results'}).locator(':scope > li').first()).toBeVisible();
    const before = await page.evaluate(() => history.length);
    await box.fill('passkey');
    await expect(page).toHaveURL('/search?q=passkey');
    expect(await page.evaluate(() => history.length)).toBe(before);
    await expect(page.getByRole('list', {name: 'Search results'}).locator('mark').first()).toHaveText(/passkey/i);
  });

  test('works with the keyboard alone', async ({page}) => {
    await gotoHydrated(page, '/search');
    await page.getByRole('searchbox', {name: 'Search query'}).focus();
    await page.keyboard.type(COMMON);
    await expect(page.getByRole('list', {name: 'Search results'}).locator(':scope > li').first()).toBeVisible();
    // Tab past the filters to the first result and open it.
    let onLink = false;
    for (let i = 0; i < 12 && !onLink; i++) {
      await page.keyboard.press('Tab');
      onLink = await page.evaluate(() => document.activeElement?.closest('ol[aria-label="Search results"]') != null && document.activeElement.tagName === 'A');
    }
    expect(onLink).toBe(true);
    const href = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).getAttribute('href'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(href!);
  });
});

test.describe('accessibility and safety', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`axe finds nothing with the dialog open and on /search (${mode})`, async ({page}) => {
      await gotoHydrated(page, `${DOC}?docusaurus-theme=${mode}`);
      await openWithShortcut(page);
      await search(page, COMMON);
      const problems = await axeViolations(page, `dialog ${mode}`);
      await combobox(page).fill('qzxwvjqk');
      await expect(message(page, 'No results for')).toBeVisible();
      problems.push(...(await axeViolations(page, `dialog empty ${mode}`)));
      await gotoHydrated(page, `/search?q=${COMMON}&docusaurus-theme=${mode}`);
      await expect(page.getByRole('list', {name: 'Search results'})).toBeVisible();
      problems.push(...(await axeViolations(page, `/search ${mode}`)));
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  test('markup typed as a query is shown as text, in the dialog and on /search', async ({page}) => {
    await gotoHydrated(page, DOC);
    await openWithShortcut(page);
    await combobox(page).fill(XSS);
    await expect(dialog(page).getByRole('link', {name: /See all results/})).toContainText(XSS);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);

    await gotoHydrated(page, `/search?q=${encodeURIComponent(XSS)}`);
    await expect(page.getByRole('searchbox', {name: 'Search query'})).toHaveValue(XSS);
    await expect(page.getByRole('status')).toContainText(XSS);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });
});

test.describe('finding the operation you mean (issue 22)', () => {
  const results = (page: Page) => page.getByRole('list', {name: 'Search results'});

  test('the dialog and /search put the operation a plain-language query names first', async ({page}) => {
    await gotoHydrated(page, DOC);
    await openWithShortcut(page);
    await search(page, 'create wallet');
    const firstGroup = dialog(page).getByRole('group').first();
    await expect(firstGroup).toContainText('Create a wallet');
    await gotoHydrated(page, '/search?q=who%20am%20i');
    await expect(results(page).locator(':scope > li h2 a').first()).toHaveAttribute('href', '/api/organizations/whoami');
  });

  test('section counts match the results each section shows, and "All sections" is their sum', async ({page}) => {
    await gotoHydrated(page, `/search?q=${COMMON}`);
    await expect(results(page)).toBeVisible();
    const status = page.getByRole('status');
    const found = async (): Promise<number> => Number(/(\d+) pages? found/.exec((await status.textContent()) ?? '')?.[1] ?? 0);
    const labels = await page.getByRole('radio').evaluateAll((inputs) => inputs.map((i) => i.parentElement!.textContent ?? ''));
    const count = (label: string): number => Number(/\((\d+)\)$/.exec(label)?.[1] ?? NaN);
    const all = await found();
    expect(count(labels[0]!), labels[0]).toBe(all);
    const sections = labels.slice(1);
    expect(sections.reduce((n, l) => n + count(l), 0)).toBe(all);
    expect(sections.filter((l) => count(l) > 0).length, labels.join(' | ')).toBeGreaterThan(1);
    for (const label of sections) {
      const name = label.replace(/ \(\d+\)$/, '');
      await page.getByRole('radio', {name: new RegExp(`^${name}`)}).check();
      if (count(label) === 0) {
        await expect(status).toContainText(`No results for “${COMMON}” in ${name}`);
      } else {
        await expect(status).toContainText(`in ${name}`);
        expect(await found(), label).toBe(count(label));
      }
    }
  });

  test('a query that matches only pieces of identifiers finds nothing', async ({page}) => {
    await gotoHydrated(page, '/search?q=zzqxvplm');
    await expect(page.getByRole('status')).toContainText('No results for “zzqxvplm”');
    await expect(page.getByRole('status')).toContainText('Try searching for');
    await gotoHydrated(page, DOC);
    await openWithShortcut(page);
    await search(page, 'zzqxvplm');
    await expect(message(page, 'No results for')).toContainText('zzqxvplm');
    await expect(options(page)).toHaveCount(0);
  });

  test('only page content is indexed, and table cells are separated in excerpts', async ({page}) => {
    // The "Copy page" menu was indexed: its words opened snippets and matched queries.
    await gotoHydrated(page, '/search?q=View%20as%20Markdown');
    await expect(page.getByRole('status')).toContainText(/found for “|No results for “/);
    // The results show before their excerpts (the list is busy until they are in).
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    for (const excerpt of await results(page).locator('p').allTextContents()) expect(excerpt).not.toMatch(/^View as Markdown/);
    await gotoHydrated(page, '/search?q=walletAccountId');
    await expect(results(page)).toBeVisible();
    await expect(results(page)).not.toHaveAttribute('aria-busy', 'true');
    const excerpts = (await results(page).locator('li li p').allTextContents()).join('\n');
    expect(excerpts).toContain(' · ');
    expect(excerpts).not.toMatch(/FieldTypeDescription/);
  });

  test('a name and the label after it stay two words in excerpts ("create_wallet Submission")', async ({page}) => {
    await gotoHydrated(page, '/search?q=create_wallet%20submission');
    await expect(results(page)).toBeVisible();
    await expect(results(page)).not.toHaveAttribute('aria-busy', 'true');
    const excerpts = (await results(page).locator('li li p').allTextContents()).join('\n');
    expect(excerpts).toMatch(/create_wallet Submission/);
    expect(excerpts).not.toMatch(/[a-z_](Submission|Query)\b/);
  });

  test('a very long ?q= is cut to the length the box accepts', async ({page}) => {
    await gotoHydrated(page, `/search?q=${'wallet '.repeat(1000)}`);
    const box = page.getByRole('searchbox', {name: 'Search query'});
    await expect(box).toHaveAttribute('maxlength', '200');
    expect((await box.inputValue()).length).toBeLessThanOrEqual(200);
    await expect(page.getByRole('status')).toContainText(/found for “|No results for “/);
  });

  test('recent results that would leave the site are not listed', async ({page}) => {
    await gotoHydrated(page, DOC);
    await page.evaluate(() =>
      localStorage.setItem(
        'sigil-search-recent',
        JSON.stringify([
          {title: 'Elsewhere', url: '/\\example.com/x'},
          {title: 'Wallets', url: '/concepts/wallets'},
        ]),
      ),
    );
    await openWithShortcut(page);
    await expect(options(page)).toHaveCount(1);
    await options(page).first().click();
    await expect(page).toHaveURL('/concepts/wallets');
  });
});

test.describe('speed (issue 22): what loads when, and results before excerpts', () => {
  test('the index loads when a reader focuses a search box or points at the button, never with the page', async ({page}) => {
    const fetched: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith('/pagefind/')) fetched.push(path);
    });
    await gotoHydrated(page, '/search');
    // The page's own loading is over (network quiet after load): whatever it fetches by itself has been requested.
    await page.waitForLoadState('networkidle');
    expect(fetched, 'nothing of the index with the page').toEqual([]);
    await page.getByRole('searchbox', {name: 'Search query'}).focus();
    await expect.poll(() => fetched).toEqual(expect.arrayContaining(['/pagefind/pagefind.js', '/pagefind/search-pages.json', '/pagefind/search-names.json']));
    // The engine is loaded, so the first query fetches only its index chunk and the shown results' fragments.
    await expect.poll(() => fetched.some((p) => p.startsWith('/pagefind/wasm.'))).toBe(true);
    const before = fetched.length;
    await page.getByRole('searchbox', {name: 'Search query'}).fill(COMMON);
    await expect(page.getByRole('list', {name: 'Search results'})).not.toHaveAttribute('aria-busy', 'true');
    const byQuery = fetched.slice(before);
    expect(byQuery.length).toBeGreaterThan(0);
    for (const p of byQuery) expect(p).toMatch(/^\/pagefind\/(index|fragment)\//);

    fetched.length = 0;
    await gotoHydrated(page, DOC);
    // As above: the page has finished loading without anyone pointing at the button.
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    await searchButton(page).hover();
    await expect.poll(() => fetched).toContain('/pagefind/pagefind.js');
  });

  test("Pagefind's gzipped files arrive with Content-Encoding: gzip, so the browser inflates them, not the page's script", async ({page}) => {
    const encodings = new Map<string, string | undefined>();
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (/^\/pagefind\/(wasm\.|index\/|fragment\/)/.test(path)) encodings.set(path, res.headers()['content-encoding']);
    });
    await gotoHydrated(page, `/search?q=${COMMON}`);
    await expect(page.getByRole('list', {name: 'Search results'})).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('list', {name: 'Search results'}).locator(':scope > li')).toHaveCount(10);
    const paths = [...encodings.keys()];
    for (const kind of ['wasm.', 'index/', 'fragment/']) expect(paths.some((p) => p.startsWith(`/pagefind/${kind}`)), kind).toBe(true);
    expect([...encodings].filter(([, e]) => e !== 'gzip')).toEqual([]);
  });

  test("a keystroke fetches its query's index chunk from the input handler, even when the search waits for typing to pause", async ({page}) => {
    const chunks = new Set<string>();
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/pagefind/index/')) chunks.add(req.url());
    });
    await gotoHydrated(page, '/search');
    await page.getByRole('searchbox', {name: 'Search query'}).focus();
    // Pagefind's init has its files (entry, meta, wasm): the engine marked itself ready before that init asked for them, so
    // the keystroke's prepare() reaches Pagefind (before it is ready, prepare() does nothing and no chunk would come).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const loaded = performance.getEntriesByType('resource').map((r) => r.name);
          return ['/pagefind/wasm.', '/pagefind/pagefind-entry.json', '.pf_meta'].every((part) => loaded.some((name) => name.includes(part)));
        }),
      )
      .toBe(true);
    // "account" is searched at once; "webauthn", typed right after, waits for a pause and is erased
    // before it comes, so no search runs for it: only the keystroke can have fetched its chunk.
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      for (const value of ['account', 'webauthn', '']) {
        set.call(input, value);
        input.dispatchEvent(new Event('input', {bubbles: true}));
      }
    });
    await expect.poll(() => chunks.size).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('status')).toHaveText('');
  });

  test('/search says "Searching…" only once a search has taken 200 ms, then shows the results', async ({page}) => {
    // A slow index chunk, so the search takes a while.
    await page.route('**/pagefind/index/*', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await gotoHydrated(page, '/search');
    const box = page.getByRole('searchbox', {name: 'Search query'});
    await box.focus();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/pagefind/wasm.')))).toBe(true);
    const shownAfter = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const status = document.querySelector('[role="status"]')!;
          const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
          const started = performance.now();
          new MutationObserver(() => {
            if (status.textContent === 'Searching…') resolve(performance.now() - started);
          }).observe(status, {childList: true, subtree: true, characterData: true});
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'passkey');
          input.dispatchEvent(new Event('input', {bubbles: true}));
        }),
    );
    expect(await shownAfter).toBeGreaterThanOrEqual(200);
    await expect(page.getByRole('status')).toContainText(/\d+ pages found for “passkey”/);
  });

  test('the dialog says "Searching…" only once a search has taken 200 ms, then shows the results', async ({page}) => {
    await page.route('**/pagefind/index/*', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await gotoHydrated(page, '/');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', {name: 'Search the documentation'});
    await expect(dialog).toBeVisible();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/pagefind/wasm.')))).toBe(true);
    const shownAfter = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const box = document.querySelector<HTMLElement>('[role="dialog"]')!;
          const input = box.querySelector<HTMLInputElement>('input')!;
          const started = performance.now();
          new MutationObserver(() => {
            if (box.textContent?.includes('Searching…')) resolve(performance.now() - started);
          }).observe(box, {childList: true, subtree: true, characterData: true});
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'passkey');
          input.dispatchEvent(new Event('input', {bubbles: true}));
        }),
    );
    expect(await shownAfter).toBeGreaterThanOrEqual(200);
    await expect(dialog.getByRole('listbox', {name: 'Search results'})).toBeVisible();
    await expect(dialog).not.toContainText('Searching…');
  });

  test('a pages file cached from an older build is fetched again, and the results are complete', async ({page}) => {
    let served = 0;
    await page.route('**/pagefind/search-pages.json', async (route) => {
      served += 1;
      // The first answer knows none of this build's pages, as a stale copy from an older build would.
      if (served === 1) await route.fulfill({contentType: 'application/json', body: '{}'});
      else await route.continue();
    });
    await gotoHydrated(page, `/search?q=${COMMON}`);
    await expect(page.getByRole('status')).toContainText(/\d+ pages found for “wallet”/);
    expect(served).toBe(2);
    await expect(page.getByRole('list', {name: 'Search results'}).locator(':scope > li')).toHaveCount(10);
  });

  test('/search shows the results before their excerpts, in the order and with the counts they end with', async ({page}) => {
    await gotoHydrated(page, '/search');
    const box = page.getByRole('searchbox', {name: 'Search query'});
    await box.focus();
    // Record what the page shows while the list is busy (the preview), then compare with the final list.
    await page.evaluate(() => {
      const w = window as unknown as {previews: {titles: string[]; status: string; excerpts: number}[]};
      w.previews = [];
      const main = document.querySelector('main')!;
      new MutationObserver(() => {
        const list = main.querySelector('ol[aria-busy="true"]');
        if (!list) return;
        w.previews.push({
          titles: Array.from(list.querySelectorAll(':scope > li h2'), (h) => h.textContent ?? ''),
          status: document.querySelector('[role="status"]')?.textContent ?? '',
          excerpts: list.querySelectorAll('li li').length,
        });
      }).observe(main, {childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy']});
    });
    await box.fill('create wallet');
    const list = page.getByRole('list', {name: 'Search results'});
    await expect(list).toBeVisible();
    await expect(list).not.toHaveAttribute('aria-busy', 'true');
    const previews = await page.evaluate(() => (window as unknown as {previews: {titles: string[]; status: string; excerpts: number}[]}).previews);
    expect(previews.length, 'a preview was shown').toBeGreaterThan(0);
    const preview = previews[0]!;
    expect(preview.excerpts).toBe(0);
    expect(preview.titles).toEqual(await list.locator(':scope > li h2').allTextContents());
    expect(preview.status).toBe(await page.getByRole('status').textContent());
    expect(await list.locator('li li').count()).toBeGreaterThan(0);
  });
});

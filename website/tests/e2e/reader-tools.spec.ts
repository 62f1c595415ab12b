/**
 * Reader tools (issues 13 and 24): Markdown twins of every docs and API page
 * and every changelog post, /llms.txt and /llms-full.txt, last-updated dates
 * and edit links, the changelog page and its feeds, the "Copy page" split
 * button and the opt-in "Ask AI" chatbot.
 * The build-output checks read the build folder directly; the rest drive
 * Chromium against the static server.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test, type Page, type Request} from '@playwright/test';
import {axeViolations} from '../quality/axe';
import * as cheerio from 'cheerio';
import {XMLParser, XMLValidator} from 'fast-xml-parser';
import {markdownPathFor} from '../../plugins/markdown-twins/urls';

const websiteDir = path.resolve(__dirname, '../..');
const buildDir = path.resolve(websiteDir, process.env.SIGIL_BUILD_DIR ?? 'build');
const read = (rel: string): string => readFileSync(path.join(buildDir, rel), 'utf8');

/** Routes in the sitemap without a Markdown twin: showcase, search, and the changelog's list pages (its posts have twins). */
const NON_DOC = /^\/(markdown-page|search|tags|__tests__)(\/|$)|^\/changelog(\/(archive|tags|authors|page)(\/.*)?)?$/;
const isApi = (route: string): boolean => route === '/api' || route.startsWith('/api/');

function sitemap(): {siteUrl: string; routes: string[]} {
  const xml = read('sitemap.xml');
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
  expect(urls.length, 'sitemap entries').toBeGreaterThan(0);
  return {siteUrl: urls[0]!.origin, routes: urls.map((u) => u.pathname)};
}

function htmlOf(route: string): string {
  const rel = route.replace(/^\/+|\/+$/g, '');
  const file = [path.join(rel, 'index.html'), `${rel}.html`].find((f) => existsSync(path.join(buildDir, f)));
  if (!file) throw new Error(`No HTML for ${route}`);
  return read(file);
}

/** Markdown reduced to its words: escapes, inline code ticks, emphasis and link targets removed. */
function plain(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/\s+/g, ' ');
}

const words = (text: string): string => text.replace(/[\u200B\s]+/g, ' ').trim();

/** Code compared line by line without indentation: a code block inside a list item is indented in Markdown. */
const unindented = (text: string): string =>
  text
    .split('\n')
    .map((l) => l.trim())
    .join('\n');

/** What the HTML page shows: h1/h2 texts and code blocks of its main content, minus what the twin deliberately omits. */
function visibleContent(html: string): {headings: string[]; code: string[]} {
  // parse5 (cheerio's default), not the plugin's htmlparser2: the check does not share the plugin's parser.
  const $ = cheerio.load(html);
  const main = $('main').first();
  main.find('nav, footer, [data-md-omit], .theme-doc-card-icon').remove();
  const headings = main
    .find('h1, h2')
    .map((_, h) => words($(h).text()))
    .get()
    .filter((t) => t !== '');
  const code = main
    .find('.theme-code-block')
    .map((_, block) => {
      const lines = $(block).find('.token-line');
      const text = lines.length ? lines.map((_, l) => $(l).text()).get().join('\n') : $(block).find('pre').text();
      return text.replace(/\n+$/, '');
    })
    .get()
    .filter((t) => t.trim() !== '');
  return {headings, code};
}

test.describe('Markdown twins', () => {
  test('every docs and API route in the sitemap has a .md twin with its headings and code', () => {
    const {routes} = sitemap();
    const pages = routes.filter((r) => !NON_DOC.test(r));
    const problems: string[] = [];
    for (const route of pages) {
      const mdFile = path.join(buildDir, markdownPathFor(route));
      if (!existsSync(mdFile)) {
        problems.push(`${route}: no ${markdownPathFor(route)}`);
        continue;
      }
      const md = readFileSync(mdFile, 'utf8');
      const text = plain(md);
      const mdCode = unindented(md);
      const {headings, code} = visibleContent(htmlOf(route));
      if (!md.startsWith('# ')) problems.push(`${route}: twin does not start with an h1`);
      for (const h of headings) if (!text.includes(h)) problems.push(`${route}: heading "${h}" missing`);
      for (const c of code) if (!mdCode.includes(unindented(c))) problems.push(`${route}: code block missing: ${c.slice(0, 60)}`);
      if (/<(div|span|svg|button)\b/.test(md.replace(/```[\s\S]*?```/g, ''))) problems.push(`${route}: HTML left outside code`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('the twin is served next to the page, as Markdown', async ({request}) => {
    const response = await request.get('/getting-started/quickstart.md');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/markdown');
    const body = await response.text();
    expect(body).toMatch(/^# Quickstart\n/);
    expect(body).toContain('```bash');
    // Links are absolute, to the configured site URL.
    expect(body).toMatch(/\]\(https?:\/\/[^)]+\)/);
    expect(body).not.toMatch(/\]\(\/[^)]*\)/);
  });

  test('llms.txt lists every docs route exactly once, and every API page', () => {
    const {siteUrl, routes} = sitemap();
    const llms = read('llms.txt');
    expect(llms).toMatch(/^# Sigil docs\n\n> \S/);
    const problems: string[] = [];
    for (const route of routes.filter((r) => !NON_DOC.test(r))) {
      const link = `](${siteUrl}${markdownPathFor(route)})`;
      const count = llms.split(link).length - 1;
      if (count !== 1) problems.push(`${route}: listed ${count} times`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    // Every listed Markdown URL exists in the build.
    for (const m of llms.matchAll(/\]\((https?:\/\/[^)]+\.md)\)/g)) {
      expect(existsSync(path.join(buildDir, new URL(m[1]!).pathname)), m[1]).toBe(true);
    }
    expect(llms).toContain('## Documentation');
    if (routes.some(isApi)) expect(llms).toContain('## API reference');
  });

  test('changelog posts have twins, a Changelog section in llms.txt, and their full text in llms-full.txt', () => {
    const {siteUrl, routes} = sitemap();
    const posts = routes.filter((r) => r.startsWith('/changelog/') && !NON_DOC.test(r));
    expect(posts.length).toBeGreaterThanOrEqual(2);
    const llms = read('llms.txt');
    const section = llms.slice(llms.indexOf('## Changelog\n'), llms.indexOf('## Optional'));
    const full = read('llms-full.txt');
    for (const route of posts) {
      expect(section, route).toContain(`](${siteUrl}${markdownPathFor(route)})`);
      const twin = read(markdownPathFor(route).slice(1));
      expect(full, route).toContain(`\nSource: ${siteUrl}${route}\n`);
      // The body of the post, not only its title: the twin's last line is in the full file too.
      const lastLine = twin.trimEnd().split('\n').pop()!;
      expect(lastLine.length).toBeGreaterThan(20);
      expect(full).toContain(lastLine);
    }
  });

  test('llms-full.txt holds every page, in llms.txt order', () => {
    const llms = read('llms.txt');
    const full = read('llms-full.txt');
    const pages = [...llms.matchAll(/\]\((https?:\/\/[^)]+)\.md\)/g)].map((m) => m[1]!.replace(/\/index$/, ''));
    let last = -1;
    for (const url of pages) {
      // The twin's URL drops a trailing slash the page may have (`/sdks/swift/` -> `/sdks/swift.md`).
      const at = Math.max(full.indexOf(`\nSource: ${url}\n`), full.indexOf(`\nSource: ${url}/\n`));
      expect(at, url).toBeGreaterThan(last);
      last = at;
    }
  });
});

test.describe('last updated and edit links', () => {
  test('every docs page shows its git date and an edit link to its file', () => {
    const shallow = execFileSync('git', ['rev-parse', '--is-shallow-repository'], {cwd: websiteDir, encoding: 'utf8'}).trim();
    expect(shallow, 'a shallow clone dates every page to its one commit: clone with full history (fetch-depth: 0)').toBe('false');
    const {routes} = sitemap();
    // The date of the newest commit that lists the file, read from the whole history the way the site's build reads it:
    // a merge commit lists no files, so a file last touched by a merge is dated by the commit it merged.
    const repoRoot = path.resolve(websiteDir, '..');
    const lastChanged = new Map<string, string>();
    let when = '';
    const history = execFileSync('git', ['-c', 'log.showSignature=false', 'log', '--format=t:%ct', '--name-status', '--no-renames'], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    for (const line of history.split('\n')) {
      if (line.startsWith('t:')) when = line.slice(2);
      else if (/^[AMT]\t/.test(line)) {
        const file = line.slice(2);
        if (!lastChanged.has(file)) lastChanged.set(file, when);
      }
    }
    const problems: string[] = [];
    let checked = 0;
    for (const route of routes.filter((r) => !NON_DOC.test(r) && !isApi(r))) {
      const $ = cheerio.load(htmlOf(route));
      if ($('.theme-doc-markdown').length === 0) continue; // generated category pages have no source file
      const edit = $('a.theme-edit-this-page').attr('href');
      const m = edit && /\/edit\/main\/(website\/.+)$/.exec(edit);
      if (!m) {
        problems.push(`${route}: no edit link`);
        continue;
      }
      const file = path.resolve(websiteDir, '..', m[1]!);
      if (!existsSync(file)) problems.push(`${route}: edit link to a missing file ${m[1]}`);
      const seconds = lastChanged.get(path.relative(repoRoot, file)) ?? '';
      const shown = $('.theme-last-updated time').attr('datetime');
      if (seconds === '') {
        // Not committed yet (local drafts): Docusaurus shows no date rather than a wrong one.
        if (shown) problems.push(`${route}: uncommitted file shows a date ${shown}`);
        continue;
      }
      checked++;
      const expected = new Date(Number(seconds) * 1000).toISOString();
      if (shown !== expected) problems.push(`${route}: shows ${shown ?? 'no date'}, git says ${expected}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(checked, 'pages with a committed source').toBeGreaterThan(0);
  });
});

test.describe('changelog feeds', () => {
  const posts = readdirSync(path.join(websiteDir, 'changelog')).filter((f) => /\.mdx?$/.test(f));
  const titleOf = (file: string): string =>
    /^title:\s*(.+)$/m.exec(readFileSync(path.join(websiteDir, 'changelog', file), 'utf8'))?.[1]?.replace(/^['"]|['"]$/g, '') ?? '';

  for (const [file, kind] of [
    ['changelog/rss.xml', 'rss'],
    ['changelog/atom.xml', 'atom'],
  ] as const) {
    test(`${kind} is valid XML and lists every entry`, () => {
      const xml = read(file);
      expect(XMLValidator.validate(xml)).toBe(true);
      const doc = new XMLParser({ignoreAttributes: false}).parse(xml) as Record<string, unknown>;
      const raw = kind === 'rss' ? (doc.rss as {channel: {item: unknown}}).channel.item : (doc.feed as {entry: unknown}).entry;
      const entries = (Array.isArray(raw) ? raw : [raw]) as {title: unknown}[];
      expect(entries.length).toBeGreaterThanOrEqual(posts.length);
      const titles = entries.map((e) => String(typeof e.title === 'object' ? (e.title as {'#text': string})['#text'] : e.title));
      for (const post of posts) expect(titles, post).toContain(titleOf(post));
      // The feed names its own address (rel="self"), on the configured site URL.
      const {siteUrl} = sitemap();
      const links = [kind === 'rss' ? (doc.rss as {channel: Record<string, unknown>}).channel['atom:link'] : (doc.feed as {link: unknown}).link].flat() as Record<string, string>[];
      const self = links.find((l) => l['@_rel'] === 'self');
      expect(self?.['@_href']).toBe(`${siteUrl}/${file}`);
      if (kind === 'rss') expect((doc.rss as Record<string, string>)['@_xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    });
  }

  test('/changelog has an h1, every entry in full over its list pages, modest titles and visible feed links', async ({page, request}) => {
    // Every list page is visited and every entry's title measured: more work than one page load on a busy machine.
    test.slow();
    await page.setViewportSize({width: 1280, height: 800});
    // The list pages, newest first, five entries each (postsPerPage in docusaurus.config.ts), linked by the paginator.
    const listPages: string[] = [];
    const shown = new Map<string, string>();
    for (let url: string | null = '/changelog'; url; ) {
      await page.goto(url);
      listPages.push(url);
      await expect(page.getByRole('heading', {level: 1, name: 'Changelog'})).toBeVisible();
      await expect(page.getByRole('link', {name: /read more/i})).toHaveCount(0);
      const articles = await page.locator('main article').count();
      expect(articles, url).toBeGreaterThan(0);
      expect(articles, url).toBeLessThanOrEqual(5);
      for (const title of await page.locator('main article h2').allInnerTexts()) shown.set(title.trim(), url);
      const text = (await page.locator('main').textContent()) ?? '';
      for (const post of posts) if (shown.get(titleOf(post)) === url) shown.set(`text:${post}`, text);
      url = await page.locator('a.pagination-nav__link--next').getAttribute('href', {timeout: 1000}).catch(() => null);
    }
    expect(listPages.length).toBe(Math.ceil(posts.length / 5));
    for (const post of posts) {
      // The last line of each post's source is on the list page.
      const source = readFileSync(path.join(websiteDir, 'changelog', post), 'utf8').trimEnd();
      // As the page shows it: no list marker, code ticks, emphasis or link targets.
      const lastItem = source
        .split('\n')
        .pop()!
        .replace(/^- /, '')
        .replace(/`/g, '')
        .replace(/\*\*/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
      const listPage = shown.get(titleOf(post));
      expect(listPage, `${post} is on a list page`).toBeDefined();
      expect(shown.get(`text:${post}`)!.replace(/\s+/g, ' '), post).toContain(lastItem.replace(/\s+/g, ' '));
      if (page.url() !== new URL(listPage!, page.url()).href) await page.goto(listPage!);
      const title = page.getByRole('heading', {level: 2, name: titleOf(post)});
      const size = await title.evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
      expect(size, `${post} title size`).toBeLessThanOrEqual(32);
      expect(size).toBeGreaterThanOrEqual(20);
    }
    await page.goto('/changelog');
    for (const [name, file] of [
      ['RSS feed', 'rss.xml'],
      ['Atom feed', 'atom.xml'],
    ]) {
      const link = page.getByRole('link', {name});
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', `/changelog/${file}`);
      expect((await request.get(`/changelog/${file}`)).status()).toBe(200);
    }
    // Links fade their colour (Infima's transition): axe must not read a colour halfway between the themes.
    await page.addStyleTag({content: '*, *::before, *::after { transition: none !important; }'});
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      // Code blocks keep the colours they were rendered with until the theme restyles them on a real toggle; the
      // quality gate checks /changelog's code in dark mode that way (quality-a11y.spec.ts).
      // Light: every WCAG rule; dark changes only colours, so the colour rules (quality/axe.ts).
      const problems = await axeViolations(page, theme, theme === 'dark' ? 'colour' : 'all', theme === 'dark' ? ['.prism-code'] : [], 'main');
      expect(problems, problems.join('\n')).toEqual([]);
    }
  });

  test('/changelog links both feeds from its head', async ({page}) => {
    await page.goto('/changelog');
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', /\/changelog\/rss\.xml$/);
    await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', /\/changelog\/atom\.xml$/);
  });
});

const QUICKSTART = '/getting-started/quickstart';

async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
}

test.describe('Copy page split button', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  const copyButton = (page: Page) => page.locator('[data-copy-page]');
  const toggle = (page: Page) => page.getByRole('button', {name: 'More page actions'});

  test('one click copies the page Markdown to the clipboard', async ({page, request}) => {
    await gotoHydrated(page, QUICKSTART);
    const expected = await (await request.get(`${QUICKSTART}.md`)).text();
    const button = page.getByRole('button', {name: 'Copy page', exact: true});
    await button.click();
    await expect(page.getByRole('status').filter({hasText: 'clipboard'})).toHaveText(/on your clipboard as Markdown/);
    await expect(copyButton(page)).toHaveText('Copied');
    await expect(page.getByRole('menu')).toBeHidden();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await expect(copyButton(page)).toBeFocused();
  });

  test('the chevron opens the other actions, with the keyboard too (menu button pattern)', async ({page, baseURL}) => {
    await gotoHydrated(page, QUICKSTART);
    const chevron = toggle(page);
    const menu = page.getByRole('menu');
    const items = menu.getByRole('menuitem');
    await chevron.focus();
    await page.keyboard.press('Enter');
    await expect(chevron).toHaveAttribute('aria-expanded', 'true');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(0)).toBeFocused();
    await page.keyboard.press('End');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(chevron).toBeFocused();
    await expect(chevron).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press(' ');
    await expect(items.nth(0)).toBeFocused();
    await expect(items.nth(0)).toHaveAttribute('href', `${QUICKSTART}.md`);
    await expect(items.nth(0)).toHaveAccessibleName('View as Markdown (opens in a new tab)');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowUp');
    await expect(items.nth(1)).toBeFocused();
    await expect(items.nth(1)).toHaveAccessibleName('Copy the Markdown address');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('status').filter({hasText: 'clipboard'})).toHaveText(/address of the Markdown version/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${QUICKSTART}.md`);
  });

  test('is on generated category pages and index routes too, pointing at the right twin', async ({page}) => {
    await gotoHydrated(page, '/category/getting-started');
    await toggle(page).click();
    await expect(page.getByRole('menuitem', {name: /View as Markdown/})).toHaveAttribute('href', '/category/getting-started.md');
    await gotoHydrated(page, '/');
    await toggle(page).click();
    await expect(page.getByRole('menuitem', {name: /View as Markdown/})).toHaveAttribute('href', '/index.md');
  });

  test('14 px text, targets of 24 px or more, and colours of the page in both themes', async ({page}) => {
    await gotoHydrated(page, QUICKSTART);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      // Colours are measured once the theme's transitions have run (the button fades its background).
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      for (const control of [copyButton(page), toggle(page)]) {
        const m = await control.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          const luminance = (css: string): number => {
            const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number).map((v) => v / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
            return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
          };
          const contrast = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
          // The colour actually behind an element: its own, or the first painted one of its ancestors (white at the top).
          const paint = (from: Element | null): string => {
            for (let e = from; e; e = e.parentElement) {
              const c = getComputedStyle(e).backgroundColor;
              if (c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c)) return c;
            }
            return 'rgb(255, 255, 255)';
          };
          const bg = luminance(paint(el));
          const page = luminance(paint(el.parentElement));
          return {
            width: box.width,
            height: box.height,
            fontSize: parseFloat(style.fontSize),
            text: contrast(luminance(style.color), bg),
            border: contrast(luminance(style.borderTopColor), page),
            bg,
            page,
          };
        });
        expect(m.width, theme).toBeGreaterThanOrEqual(24);
        expect(m.height, theme).toBeGreaterThanOrEqual(24);
        expect(m.fontSize, theme).toBeGreaterThanOrEqual(14);
        expect(m.text, `${theme}: text contrast`).toBeGreaterThanOrEqual(4.5);
        expect(m.border, `${theme}: border contrast`).toBeGreaterThanOrEqual(3);
        // A dark button on a dark page, a light one on a light page: no light-grey button in dark mode.
        expect(Math.abs(m.bg - m.page), `${theme}: button background vs page`).toBeLessThan(0.15);
      }
    }
  });

  test('has no accessibility violations with the menu open, light and dark', async ({page}) => {
    await gotoHydrated(page, QUICKSTART);
    await toggle(page).click();
    await page.addStyleTag({content: '*, *::before, *::after { transition: none !important; }'});
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      const problems = await axeViolations(page, theme, theme === 'dark' ? 'colour' : 'all', [], '[data-md-omit]');
      expect(problems, problems.join('\n')).toEqual([]);
    }
  });
});

test.describe('Ask AI chatbot', () => {
  const WIDGET = /^https:\/\/widget\.kapa\.ai\//;

  test('unset: no Ask AI button, the copy item speaks to AI assistants, and no other host is contacted', async ({page, baseURL}) => {
    const foreign: string[] = [];
    page.on('request', (r: Request) => {
      if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await gotoHydrated(page, QUICKSTART);
    await expect(page.getByRole('button', {name: 'Ask AI'})).toHaveCount(0);
    await expect(page.getByRole('button', {name: 'Copy page', exact: true})).toHaveAccessibleDescription(
      'Copies this page as Markdown, ready to paste into your AI assistant.',
    );
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });

  test.describe('with a project id (fixtures build: ?chatbot-test-project=)', () => {
    // The site's CSP allows the provider only when a project id is configured at build time; this
    // build simulates one on the URL, so the test lifts the policy to see the request happen.
    test.use({bypassCSP: true});

    test('the widget script is requested only after the click, once', async ({page}) => {
      const requests: string[] = [];
      await page.route(WIDGET, async (route) => {
        requests.push(route.request().url());
        await route.fulfill({
          contentType: 'text/javascript',
          body: 'window.Kapa = {open: function () { window.__askAiOpened = (window.__askAiOpened || 0) + 1; }};',
        });
      });
      await gotoHydrated(page, `${QUICKSTART}?chatbot-test-project=test-project-id`);
      const ask = page.getByRole('button', {name: 'Ask AI'});
      await expect(ask).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(requests).toEqual([]);

      await ask.click();
      await expect.poll(() => page.evaluate(() => (window as unknown as {__askAiOpened?: number}).__askAiOpened)).toBe(1);
      expect(requests).toHaveLength(1);
      await expect(page.locator('script[src^="https://widget.kapa.ai/"]')).toHaveAttribute('data-website-id', 'test-project-id');

      await ask.click();
      await expect.poll(() => page.evaluate(() => (window as unknown as {__askAiOpened?: number}).__askAiOpened)).toBe(2);
      expect(requests).toHaveLength(1);
      // With a chatbot, the copy button does not point readers to their own assistant.
      await expect(page.getByRole('button', {name: 'Copy page', exact: true})).toHaveAccessibleDescription('Copies this page as Markdown.');
      // Both toolbar buttons share one size.
      const heights = await Promise.all([ask, page.locator('[data-copy-page]')].map((l) => l.evaluate((el) => el.getBoundingClientRect().height)));
      expect(heights[0]).toBe(heights[1]);
    });

    test('a failed load says so and can be retried', async ({page}) => {
      let calls = 0;
      await page.route(WIDGET, (route) => (++calls === 1 ? route.abort() : route.fulfill({contentType: 'text/javascript', body: 'window.Kapa = {open() {}};'})));
      await gotoHydrated(page, `${QUICKSTART}?chatbot-test-project=test-project-id`);
      await page.getByRole('button', {name: 'Ask AI'}).click();
      await expect(page.getByRole('status').filter({hasText: 'could not be loaded'})).toBeAttached();
      await page.getByRole('button', {name: 'Ask AI'}).click();
      await expect.poll(() => calls).toBe(2);
      await expect(page.getByRole('status').filter({hasText: 'could not be loaded'})).toHaveCount(0);
    });
  });
});

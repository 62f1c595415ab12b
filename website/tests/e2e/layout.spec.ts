import {expect, test, type Page} from '@playwright/test';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {buildDir} from '../quality/site';
import {readManifest} from '../quality/widgets';
import {scriptsAfterFirstPaint} from '../../plugins/chunks/after-first-paint';

const QUICKSTART = '/getting-started/quickstart';

/** Docusaurus marks <html> once React has hydrated; before that, clicks do nothing. */
async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
}

/** Docusaurus namespaces its storage keys with a site-specific suffix (e.g. `theme-b8f`). */
async function storageEntry(page: Page, prefix: string): Promise<[string, string] | undefined> {
  return page.evaluate(
    (p) => Object.entries(localStorage).find(([k]) => k === p || k.startsWith(`${p}-`)) as [string, string] | undefined,
    prefix,
  );
}

/** The paths `<Link>` asked `window.docusaurus` to prefetch (a link came into view) and to preload (a link was hovered). */
type LinkCalls = {prefetch: string[]; preload: string[]};

/**
 * Records each call `<Link>` makes to `window.docusaurus` (plugins/prefetch/client.ts) after it returns: the call
 * is where the site decides whether to prefetch, and any `<link rel=prefetch>` it adds is in the head by then.
 */
async function recordLinkCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Loader = {prefetch: (path: string) => unknown; preload: (path: string) => unknown};
    const calls: LinkCalls = {prefetch: [], preload: []};
    let wrapped: Loader | undefined;
    (window as unknown as {__linkCalls: LinkCalls}).__linkCalls = calls;
    // The client entry assigns window.docusaurus once, before React renders any link.
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      get: () => wrapped,
      set: (real: Loader) => {
        wrapped = {
          prefetch: (path) => {
            const result = real.prefetch(path);
            calls.prefetch.push(path);
            return result;
          },
          preload: (path) => {
            const result = real.preload(path);
            calls.preload.push(path);
            return result;
          },
        };
      },
    });
  });
}

/** Resolves once `<Link>` has asked to prefetch and to preload `path`, i.e. both decisions for it are made. */
async function linkCallsMade(page: Page, path: string): Promise<void> {
  const made = (p: string) => {
    const calls = (window as unknown as {__linkCalls: LinkCalls}).__linkCalls;
    return {prefetch: calls.prefetch.includes(p), preload: calls.preload.includes(p)};
  };
  await expect.poll(() => page.evaluate(made, path)).toEqual({prefetch: true, preload: true});
}

async function blockScriptsUntilNextDocument(page: Page): Promise<{arm: () => void}> {
  let blocked = false;
  page.on('request', (req) => {
    if (req.resourceType() === 'document') blocked = false;
  });
  // Routing also turns the HTTP cache off, so a prefetched chunk is requested again.
  await page.route('**/*.js', (route) => (blocked ? route.abort() : route.continue()));
  return {arm: () => (blocked = true)};
}

test.describe('colour mode', () => {
  test('light by default, even when the system prefers dark', async ({browser}) => {
    const context = await browser.newContext({colorScheme: 'dark'});
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await context.close();
  });

  test('a dark choice persists across reloads', async ({page}) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', {name: /dark mode|system mode|light mode/i}).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect((await storageEntry(page, 'theme'))?.[1]).toBe('dark');
  });
});

test.describe('navbar highlight and breadcrumbs', () => {
  test('the home page shows no breadcrumb, a docs page does, and both keep the page tools', async ({page}) => {
    await gotoHydrated(page, '/');
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    await expect(page.locator('main nav.theme-doc-breadcrumbs, main .breadcrumbs')).toHaveCount(0);
    await expect(page.locator('main [data-copy-page]')).toBeVisible();
    await gotoHydrated(page, QUICKSTART);
    await expect(page.locator('main nav.theme-doc-breadcrumbs')).toHaveCount(1);
    await expect(page.locator('main [data-copy-page]')).toBeVisible();
  });

  test('one navbar item is highlighted on the quickstart: Documentation, its section', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await gotoHydrated(page, QUICKSTART);
    const active = page.locator('.navbar__items .navbar__link--active');
    await expect(active).toHaveCount(1);
    await expect(active).toHaveText('Documentation');
    // A client-side navigation into another sidebar's section: the doc at the new address comes with its section
    // (plugins/client-data/global-docs.ts), and the highlight moves to the item of that sidebar.
    const go = (to: string) =>
      page.evaluate((address) => {
        window.history.pushState({}, '', address);
        window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
      }, to);
    await go('/sdks/javascript-server');
    await expect(active).toHaveCount(1);
    await expect(active).toContainText('SDK');
    await go('/embedded-wallets/code-examples/create-sub-org-passkey');
    await expect(active).toHaveText('Solutions');
    await go(QUICKSTART);
    await expect(active).toHaveText('Documentation');
    // The highlight follows the page: on the API reference it is API Reference alone.
    await gotoHydrated(page, '/api');
    await expect(active).toHaveCount(1);
    await expect(active).toContainText('API');
  });
});

test.describe('responsive layout', () => {
  test('at 996 px the navbar collapses into the slide-in menu', async ({page}) => {
    await page.setViewportSize({width: 996, height: 800});
    await gotoHydrated(page, QUICKSTART);
    const toggle = page.getByRole('button', {name: /toggle navigation bar/i});
    await expect(toggle).toBeVisible();
    await expect(page.locator('.navbar__items--right .navbar__link', {hasText: 'GitHub'})).toBeHidden();
    await toggle.click();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', {name: 'Changelog'})).toBeVisible();
  });

  test('on a phone the menu is drawn when first opened, slides in, and stays drawn', async ({page}) => {
    await page.setViewportSize({width: 412, height: 823});
    await gotoHydrated(page, '/api/');
    // Nothing of the menu exists until the reader asks for it (src/theme/Navbar/MobileSidebar).
    await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
    await page.evaluate(() => {
      document.addEventListener('transitionstart', (event) => {
        const target = event.target as Element;
        if (target.classList.contains('navbar-sidebar') && event.propertyName === 'transform') document.documentElement.dataset.menuSlid = 'started';
      });
      document.addEventListener('transitionend', (event) => {
        const target = event.target as Element;
        if (target.classList.contains('navbar-sidebar') && event.propertyName === 'transform') document.documentElement.dataset.menuSlid = 'ended';
      });
    });
    const toggle = page.getByRole('button', {name: /toggle navigation bar/i});
    // Pressed before anything drew it (a script's click has no pointer before it), it is drawn then, and slides in.
    await toggle.evaluate((button: HTMLElement) => button.click());
    const menu = page.locator('.navbar-sidebar');
    await expect(menu.getByRole('link', {name: 'Create a wallet', exact: true})).toBeVisible();
    // The slide started from the closed position and, once it ended, the menu rests fully open.
    // Read only after transitionend: in between, the transform is part-way (CI once read -19 px).
    await expect(page.locator('html')).toHaveAttribute('data-menu-slid', 'ended');
    expect(await menu.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
    // Closed, it stays in the page, so opening it again runs the theme's transition as before.
    await page.getByRole('button', {name: /close navigation bar/i}).click();
    await expect(menu).toBeHidden();
    await expect(menu).toHaveCount(1);
    await toggle.click();
    await expect(menu.getByRole('link', {name: 'Create a wallet', exact: true})).toBeVisible();

    // A pointer over the button (or focus on it) draws the menu ahead of the press, still closed.
    await page.mouse.move(400, 700);
    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    await expect(menu).toHaveCount(0);
    await toggle.hover();
    await expect(menu).toHaveCount(1);
    await expect(menu).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('link', {name: 'Create a wallet', exact: true})).toBeVisible();
  });

  test('at 997 px the full navbar shows and there is no menu toggle', async ({page}) => {
    await page.setViewportSize({width: 997, height: 800});
    await gotoHydrated(page, QUICKSTART);
    await expect(page.getByRole('button', {name: /toggle navigation bar/i})).toBeHidden();
    await expect(page.locator('.navbar').getByRole('link', {name: 'Changelog'})).toBeVisible();
  });

  test('the docs sidebar is 300 px wide and cannot be hidden', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await gotoHydrated(page, QUICKSTART);
    const sidebar = page.locator('.theme-doc-sidebar-container');
    const box = await sidebar.boundingBox();
    expect(box?.width).toBe(300);
    await expect(page.locator('button[title="Collapse sidebar"]')).toHaveCount(0);
  });

  test('sidebar categories are collapsed except the current page\'s, and stay open when another opens', async ({page}) => {
    await gotoHydrated(page, '/concepts/policies/language');
    const menu = page.locator('.theme-doc-sidebar-menu');
    const expandedLabels = () =>
      menu.locator('.menu__list-item-collapsible:has([aria-expanded="true"]) .menu__link--sublist').allInnerTexts();
    // The current page's category and its parent are open; every other category is closed.
    expect(await expandedLabels()).toEqual(['Concepts', 'Policies']);
    expect(await menu.locator('[aria-expanded="false"]').count()).toBeGreaterThan(3);
    await expect(menu.getByRole('link', {name: 'Policy language', exact: true})).toHaveAttribute('aria-current', 'page');
    // Opening another category leaves the open ones open (autoCollapseCategories: false).
    await menu.getByRole('button', {name: /expand sidebar category 'Security'/i}).click();
    await expect.poll(expandedLabels).toEqual(['Concepts', 'Policies', 'Security']);
  });
});

test.describe('announcement bar', () => {
  test('is dismissible and stays dismissed', async ({page}) => {
    await gotoHydrated(page, '/');
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toBeVisible();
    await bar.getByRole('button', {name: /close/i}).click();
    await expect(bar).toBeHidden();
    expect((await storageEntry(page, 'docusaurus.announcement.dismiss'))?.[1]).toBe('true');
    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    await expect(page.locator('.theme-announcement-bar')).toBeHidden();
  });

  test('shows again when its id changes', async ({page}) => {
    await gotoHydrated(page, '/');
    await page.locator('.theme-announcement-bar').getByRole('button', {name: /close/i}).click();
    const [idKey, currentId] = (await storageEntry(page, 'docusaurus.announcement.id'))!;
    expect(currentId.length).toBeGreaterThan(0);
    // The same reader, after the site publishes an announcement with another id.
    await page.evaluate((key) => localStorage.setItem(key, 'an-older-announcement'), idKey);
    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    await expect(page.locator('.theme-announcement-bar')).toBeVisible();
  });
});

test.describe('addresses', () => {
  test('the trailing slash is optional', async ({page}) => {
    for (const path of [QUICKSTART, `${QUICKSTART}/`]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', {level: 1, name: 'Quickstart'})).toBeVisible();
    }
  });

  test('.html and index.html paths show the clean page', async ({page}) => {
    await page.goto(`${QUICKSTART}.html`);
    await expect(page.getByRole('heading', {level: 1, name: 'Quickstart'})).toBeVisible();
    await page.goto('/sdks/introduction/index.html');
    await expect(page.getByRole('heading', {level: 1, name: 'SDK introduction'})).toBeVisible();
  });

  test('an unknown path shows the not-found page with status 404', async ({page}) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1, name: 'Page not found'})).toBeVisible();
    await expect(page.getByRole('link', {name: 'Quickstart'}).last()).toBeVisible();
  });
});

test.describe('scrolling after navigation', () => {
  test('a URL hash scrolls its heading into view', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 700});
    await page.goto(`${QUICKSTART}#6-sign-a-payload`);
    await expect(page.locator('[id="6-sign-a-payload"]')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });

  test('a client-side navigation without a hash starts at the top', async ({page}) => {
    await gotoHydrated(page, QUICKSTART);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.locator('footer').getByRole('link', {name: 'Quickstart'}).click();
    await page.locator('article').getByRole('link', {name: 'Embedded wallets'}).first().click();
    await expect(page).toHaveURL(/\/embedded-wallets\/overview$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('the skip link moves focus to the main content', async ({page}) => {
  await gotoHydrated(page, QUICKSTART);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', {name: 'Skip to main content'});
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  // The next Tab continues inside the content, past the navbar and sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('a crashing page shows the crash screen with the chain of errors', async ({page}) => {
  await page.goto('/__tests__/crash');
  await expect(page.getByText('This page crashed.')).toBeVisible();
  await expect(page.getByText('Fixture render failure')).toBeVisible();
  await expect(page.getByText('Fixture root cause')).toBeVisible();
  const retry = page.getByRole('button', {name: 'Try again'});
  await expect(retry).toBeVisible();
  await retry.click();
  // The fixture throws on every render, so trying again crashes again: the screen stays usable.
  await expect(page.getByText('This page crashed.')).toBeVisible();
});

test.describe('lazy loading', () => {
  test('shows the loading animation after a delay, then the error with Retry, then recovers', async ({page}) => {
    let mode: 'slow-fail' | 'pass' = 'slow-fail';
    // Chunk files are named by number; the build's chunk manifest says which one holds the widget.
    const manifest = readManifest(buildDir());
    const widgetChunks = Object.keys(manifest).filter((f) => manifest[f]!.sources.includes('plugins/test-fixtures/LazyWidget.tsx'));
    expect(widgetChunks).toHaveLength(1);
    await page.route((url) => widgetChunks.includes(url.pathname), async (route) => {
      if (mode === 'pass') return route.continue();
      await new Promise((r) => setTimeout(r, 1500));
      return route.abort();
    });
    await page.goto('/__tests__/lazy', {waitUntil: 'domcontentloaded'});
    await expect(page.locator('svg#loader')).toBeVisible();
    const retry = page.getByRole('button', {name: 'Retry'});
    await expect(retry).toBeVisible({timeout: 15_000});
    mode = 'pass';
    await retry.click();
    await expect(page.getByTestId('lazy-widget')).toHaveText('Lazy widget loaded');
  });

  test('the progress bar appears for a slow page change, configured as the spec says', async ({page}) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as {__bar: string[]}).__bar = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLElement>('#nprogress .bar');
        if (bar) seen.push(`${bar.style.transform}|${bar.style.transition}`);
      }).observe(document.body, {childList: true, subtree: true, attributes: true});
    });
    await page.route('**/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      return route.continue();
    });
    const clickedAt = Date.now();
    await page.locator('.navbar').getByRole('link', {name: 'Changelog'}).click();
    await expect(page.locator('#nprogress')).toBeAttached({timeout: 5000});
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(200);
    await expect(page).toHaveURL(/\/changelog$/, {timeout: 15_000});
    const frames = await page.evaluate(() => (window as unknown as {__bar: string[]}).__bar);
    // minimum 0.08 -> the bar starts 92 % off-screen; speed 200 ms.
    expect(frames.some((f) => f.includes('-92%'))).toBe(true);
    expect(frames.some((f) => f.includes('200ms'))).toBe(true);
    // The new page has rendered: the bar fills, fades and is taken out.
    await expect(page.locator('#nprogress')).toHaveCount(0, {timeout: 5000});
    await expect(page.locator('html')).not.toHaveClass(/nprogress-busy/);
  });
});

test.describe('preloading and prefetching', () => {
  test('when preloading the next page fails, the site reloads into it', async ({page}) => {
    const blocker = await blockScriptsUntilNextDocument(page);
    await gotoHydrated(page, QUICKSTART);
    await page.waitForLoadState('networkidle');
    const documents: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents.push(req.url());
    });
    blocker.arm();
    await page.locator('.navbar').getByRole('link', {name: 'Changelog'}).click();
    await expect(page).toHaveURL(/\/changelog$/, {timeout: 15_000});
    await expect(page.getByRole('heading', {level: 1, name: 'Changelog'})).toBeVisible();
    expect(documents.some((u) => u.endsWith('/changelog'))).toBe(true);
  });

  test('prefetching is skipped on a 2g connection', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        configurable: true,
        value: {effectiveType: 'slow-2g', saveData: false},
      });
    });
    await recordLinkCalls(page);
    await gotoHydrated(page, QUICKSTART);
    await page.waitForLoadState('networkidle');
    await page.locator('.navbar').getByRole('link', {name: 'Changelog'}).hover();
    // The link in view asked to prefetch and the hover asked to preload: the rule has had its say, so no link now means none.
    await linkCallsMade(page, '/changelog');
    expect(await page.locator('head link[rel="prefetch"]').count()).toBe(0);
  });

  test('prefetching is skipped with data saver on, and happens otherwise', async ({page, browser}) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        configurable: true,
        value: {effectiveType: '4g', saveData: true},
      });
    });
    await recordLinkCalls(page);
    await gotoHydrated(page, QUICKSTART);
    await page.waitForLoadState('networkidle');
    await page.locator('.navbar').getByRole('link', {name: 'Changelog'}).hover();
    // The link in view asked to prefetch and the hover asked to preload: the rule has had its say, so no link now means none.
    await linkCallsMade(page, '/changelog');
    expect(await page.locator('head link[rel="prefetch"]').count()).toBe(0);

    const normal = await browser.newPage();
    await gotoHydrated(normal, QUICKSTART);
    await normal.waitForLoadState('networkidle');
    await normal.locator('.navbar').getByRole('link', {name: 'Changelog'}).hover();
    await expect.poll(() => normal.locator('head link[rel="prefetch"]').count()).toBeGreaterThan(0);
    await normal.close();
  });

  test('each chunk file is prefetched once, and none the page already loaded (plugins/prefetch)', async ({page}) => {
    await page.setViewportSize({width: 1350, height: 900});
    await gotoHydrated(page, '/concepts/wallets');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('head link[rel="prefetch"]').count()).toBeGreaterThan(5);
    const {prefetched, loaded} = await page.evaluate(() => ({
      prefetched: Array.from(document.querySelectorAll('head link[rel="prefetch"]')).map((l) => l.getAttribute('href')!),
      loaded: Array.from(document.querySelectorAll('script[src]')).map((s) => s.getAttribute('src')!),
    }));
    expect(prefetched.length).toBe(new Set(prefetched).size);
    expect(prefetched.filter((href) => loaded.includes(href))).toEqual([]);
  });

  test("a page's scripts start after its first paint, and are the ones its HTML lists (plugins/chunks)", async ({page}) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    const html = await (await page.request.get('/concepts/wallets')).text();
    // Nothing in the HTML fetches a script: the list is data, read by the loader after the first paint.
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    const listed = scriptsAfterFirstPaint(html) ?? [];
    expect(listed.length).toBeGreaterThan(2);
    await gotoHydrated(page, '/concepts/wallets');
    await page.waitForLoadState('networkidle');
    // Every script of the first visit is listed, none is requested twice, and none before the text was on screen.
    expect(scripts.filter((s) => !listed.includes(s))).toEqual([]);
    expect(scripts.length).toBe(new Set(scripts).size);
    const {paint, firstScript} = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      firstScript: Math.min(...performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js')).map((r) => r.startTime)),
    }));
    expect(paint).toBeDefined();
    expect(firstScript).toBeGreaterThan(paint!);
  });
});

test('the last-updated date is the one the HTML writes, after hydration and after a navigation (src/theme/LastUpdated)', async ({page}) => {
  const htmlDate = (address: string) => {
    const html = readFileSync(path.join(buildDir(), address, 'index.html'), 'utf8');
    const time = html.match(/<time[^>]*itemprop="?dateModified"?[^>]*>([^<]+)<\/time>/);
    expect(time, `${address} shows when it was last updated`).not.toBeNull();
    return time![1]!;
  };
  const shown = page.locator('.theme-last-updated time');
  await gotoHydrated(page, QUICKSTART);
  await expect(shown).toHaveText(htmlDate(QUICKSTART));
  await expect(shown).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
  }, '/concepts/wallets');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(/Wallets/);
  await expect(shown).toHaveText(htmlDate('/concepts/wallets'));
});

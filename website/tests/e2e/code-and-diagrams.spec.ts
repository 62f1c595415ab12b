import {expect, test} from '@playwright/test';
import {readManifest} from '../quality/widgets';
import {buildDir} from '../quality/site';
import {holdsMermaid} from '../../plugins/chunks/manifest';

const CODE_PAGE = '/getting-started/quickstart';
const DIAGRAM_PAGE = '/api-overview/submissions';
/** Three diagrams, one of them in view on arrival. */
const DIAGRAMS_PAGE = '/security/enclave-secure-channels';

const manifest = readManifest(buildDir());
const isMermaidFile = (pathname: string) => holdsMermaid(manifest[pathname]?.packages ?? []);
const isPrismFile = (pathname: string) => (manifest[pathname]?.packages ?? []).includes('prism-react-renderer');

test.describe('code blocks highlighted at build time', () => {
  test('the HTML carries the colours: highlighted without JavaScript', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto(CODE_PAGE);
    const keyword = page.locator('pre.prism-code .token.keyword').first();
    await expect(keyword).toBeVisible();
    // github theme (light): keywords are #00009f
    await expect(keyword).toHaveCSS('color', 'rgb(0, 0, 159)');
    await context.close();
  });

  test('no highlighter is downloaded, and the colours follow dark mode', async ({page}) => {
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await page.goto(CODE_PAGE);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    const keyword = page.locator('pre.prism-code .token.keyword').first();
    await expect(keyword).toHaveCSS('color', 'rgb(0, 0, 159)');
    await page.getByRole('button', {name: /dark mode|system mode|light mode/i}).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // dracula (dark): keywords are rgb(189, 147, 249)
    await expect(keyword).toHaveCSS('color', 'rgb(189, 147, 249)');
    expect(scripts.filter(isPrismFile)).toEqual([]);
  });

  test('a reader in the default mode keeps the blocks the server drew; one who chose dark gets them redrawn dark', async ({page}) => {
    // Counts code blocks taken out of the page: the theme's CodeBlock replaced every one after hydration.
    await page.addInitScript(() => {
      const w = window as unknown as {removedCodeBlocks: number};
      w.removedCodeBlocks = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of Array.from(r.removedNodes)) if (n instanceof Element && (n.matches('pre.prism-code') || n.querySelector('pre.prism-code'))) w.removedCodeBlocks++;
      }).observe(document, {childList: true, subtree: true});
    });
    await page.goto(CODE_PAGE);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('pre.prism-code').count()).toBeGreaterThan(3);
    expect(await page.evaluate(() => (window as unknown as {removedCodeBlocks: number}).removedCodeBlocks)).toBe(0);
    const keyword = page.locator('pre.prism-code .token.keyword').first();
    await expect(keyword).toHaveCSS('color', 'rgb(0, 0, 159)');

    await page.getByRole('button', {name: /dark mode|system mode|light mode/i}).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // The server drew github's colours; the blocks are redrawn with dracula's once the page has hydrated.
    await expect(keyword).toHaveCSS('color', 'rgb(189, 147, 249)');
  });

  test('a tab chosen earlier is shown after a reload, and the tab groups are not rebuilt after hydration (plugins/stable-tabs)', async ({page}) => {
    const TABS_PAGE = '/embedded-wallets/code-examples/import';
    await page.addInitScript(() => {
      const w = window as unknown as {removedTabGroups: number};
      w.removedTabGroups = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of Array.from(r.removedNodes)) if (n instanceof Element && n.matches('.tabs-container')) w.removedTabGroups++;
      }).observe(document, {childList: true, subtree: true});
    });
    await page.goto(TABS_PAGE);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    const group = page.locator('.tabs-container').first();
    await expect(group.getByRole('tab', {name: 'npm', exact: true})).toHaveAttribute('aria-selected', 'true');
    await group.getByRole('tab', {name: 'pnpm'}).click();
    await expect(group.getByRole('tab', {name: 'pnpm'})).toHaveAttribute('aria-selected', 'true');

    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    // The stored choice is applied after hydration, as an update of the same elements.
    await expect(group.getByRole('tab', {name: 'pnpm'})).toHaveAttribute('aria-selected', 'true');
    await expect(group.getByRole('tabpanel')).toContainText('pnpm');
    await expect(group.getByRole('tab', {name: 'npm', exact: true})).toHaveAttribute('aria-selected', 'false');
    expect(await page.evaluate(() => (window as unknown as {removedTabGroups: number}).removedTabGroups)).toBe(0);
  });

  test('copy gives the code exactly as written', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(CODE_PAGE);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    const block = page.locator('.theme-code-block').first();
    // Lines are drawn as blocks; compare the text, ignoring how line breaks are rendered.
    const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');
    const shown = lines(await block.locator('pre').innerText());
    await block.hover();
    await block.getByRole('button', {name: /copy/i}).click();
    expect(lines(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(shown);
  });
});

test.describe('diagrams drawn at build time', () => {
  test('without JavaScript every diagram is a named SVG image, its colours from the theme', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    for (const path of [DIAGRAM_PAGE, DIAGRAMS_PAGE]) {
      await page.goto(path);
      const diagrams = page.locator('[data-diagram] > svg');
      expect(await diagrams.count(), path).toBeGreaterThan(0);
      for (const svg of await diagrams.all()) {
        await svg.scrollIntoViewIfNeeded();
        await expect(svg).toBeVisible();
        await expect(svg).toHaveAttribute('role', 'img');
        await expect(svg).toHaveAttribute('aria-label', /\w{4,}/);
        const box = (await svg.boundingBox())!;
        expect(box.width * box.height, 'drawn at a real size').toBeGreaterThan(200 * 100);
      }
    }
    // The state diagram's labels are text, in light colours drawn from the CSS variables.
    await page.goto(DIAGRAM_PAGE);
    const label = page.locator('[data-diagram] svg text', {hasText: 'ACTIVITY_STATUS_PENDING'}).first();
    await expect(label).toBeVisible();
    await expect(label).toHaveCSS('fill', 'rgb(28, 30, 33)');
    await context.close();
  });

  test('no Mermaid code is requested, even scrolling through every diagram; dark mode recolours them', async ({page}) => {
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await page.goto(DIAGRAMS_PAGE);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    for (const svg of await page.locator('[data-diagram] > svg').all()) await svg.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(scripts.length, 'the page loads its scripts').toBeGreaterThan(0);
    expect(scripts.filter(isMermaidFile)).toEqual([]);
    expect(Object.values(manifest).filter((m) => holdsMermaid(m.packages)), 'no script of the build holds Mermaid').toEqual([]);

    const label = page.locator('[data-diagram] svg text.messageText').first();
    await expect(label).toHaveCSS('fill', 'rgb(28, 30, 33)');
    await page.getByRole('button', {name: /dark mode|system mode|light mode/i}).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(label).toHaveCSS('fill', 'rgb(235, 237, 240)');
  });

  test('the Markdown twin keeps the diagram as a mermaid block', async ({request}) => {
    const twin = await (await request.get(`${DIAGRAM_PAGE}.md`)).text();
    expect(twin).toMatch(/```mermaid\nstateDiagram-v2\n\s+accTitle: /);
    expect(twin).not.toContain('<svg');
  });
});

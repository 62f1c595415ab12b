import {expect, test} from '@playwright/test';
import {readManifest} from '../quality/widgets';
import {buildDir} from '../quality/site';
import {isMermaidChunk, mermaidPackages} from '../../plugins/chunks/manifest';

const CODE_PAGE = '/getting-started/quickstart';
const DIAGRAM_PAGE = '/api-overview/submissions';

const manifest = readManifest(buildDir());
const mermaid = mermaidPackages();
const isMermaidFile = (pathname: string) => isMermaidChunk(manifest[pathname]?.packages ?? [], mermaid);
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

test.describe('diagrams drawn when the reader reaches them', () => {
  test('a first visit shows the source in its place and loads no renderer; scrolling draws it', async ({page}) => {
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await page.goto(DIAGRAM_PAGE);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    const source = page.locator('[data-diagram-source]').first();
    await expect(source).toContainText(/sequenceDiagram|flowchart|graph|stateDiagram/);
    expect(scripts.filter(isMermaidFile)).toEqual([]);

    await source.scrollIntoViewIfNeeded();
    await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible({timeout: 20_000});
    await expect(page.locator('[data-diagram-source]')).toHaveCount(0);
    expect(scripts.some(isMermaidFile)).toBe(true);
  });

  test('without JavaScript the diagram source is readable text', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto(DIAGRAM_PAGE);
    await expect(page.locator('[data-diagram-source]').first()).toBeVisible();
    await context.close();
  });
});

/**
 * Reading density (issue 24): API pages keep a readable measure (at most about 90 characters a line,
 * however wide the window), and body text has one size across the site.
 */
import {expect, test} from '@playwright/test';

const MAX_CHARACTERS_PER_LINE = 90;

/** Runs in the page: the characters on each line of the longest body paragraph of the article. */
function charactersPerLine(): {text: string; lines: number[]} {
  // Paragraphs, and the one-block descriptions of schema pages.
  const paragraphs = Array.from(document.querySelectorAll<HTMLElement>('main article :is(p, [class*="description"])')).filter(
    (p) => !p.closest('table, header, details'),
  );
  const longest = paragraphs.sort((a, b) => (b.textContent?.length ?? 0) - (a.textContent?.length ?? 0))[0];
  if (!longest) return {text: '', lines: []};
  const counts = new Map<number, number>();
  const range = document.createRange();
  const walker = document.createTreeWalker(longest, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (let i = 0; i < node.data.length; i += 1) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      // Characters of one line share (nearly) one bottom edge; code sits a pixel or two off.
      const line = [...counts.keys()].find((b) => Math.abs(b - rect.bottom) < 6) ?? rect.bottom;
      counts.set(line, (counts.get(line) ?? 0) + 1);
    }
  }
  return {text: longest.textContent?.slice(0, 60) ?? '', lines: [...counts.values()]};
}

/** Runs in the page: the font sizes of the body paragraphs of the main text (at least 60 characters). */
function bodyFontSizes(): string[] {
  const paragraphs = Array.from(document.querySelectorAll<HTMLParagraphElement>('main article p')).filter(
    (p) =>
      (p.textContent?.trim().length ?? 0) >= 60 &&
      !p.closest('table, header, details, aside, nav, [role="search"], .theme-admonition, [class*="card"]'),
  );
  return [...new Set(paragraphs.map((p) => getComputedStyle(p).fontSize))];
}

for (const path of ['/api/', '/api/wallets/create-wallet', '/api/schemas/wallet']) {
  test(`API page lines hold at most ${MAX_CHARACTERS_PER_LINE} characters: ${path}`, async ({page}) => {
    await page.goto(path);
    for (const width of [1280, 1440, 2560]) {
      await page.setViewportSize({width, height: 900});
      const {text, lines} = await page.evaluate(charactersPerLine);
      // The paragraph measured must fill more than one line, or the measure says nothing.
      expect(lines.length, `lines of "${text}" at ${width} px`).toBeGreaterThan(1);
      expect(Math.max(...lines), `characters a line of "${text}" at ${width} px`).toBeLessThanOrEqual(MAX_CHARACTERS_PER_LINE);
    }
  });
}

test('body text has one size on the API home, an operation page and a docs page', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  const sizes: Record<string, string[]> = {};
  for (const path of ['/api/', '/api/wallets/create-wallet', '/getting-started/quickstart']) {
    await page.goto(path);
    sizes[path] = await page.evaluate(bodyFontSizes);
    expect(sizes[path]!.length, `body paragraphs found on ${path}`).toBeGreaterThan(0);
  }
  expect(sizes).toEqual({
    '/api/': ['16px'],
    '/api/wallets/create-wallet': ['16px'],
    '/getting-started/quickstart': ['16px'],
  });
});

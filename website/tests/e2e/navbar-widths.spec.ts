/**
 * The navbar at every width from 320 to 2560 px, in steps of 20 px (issue 24): no two visible items
 * overlap, none wraps onto a second line, none is clipped or pushed out of the window, and each is what
 * a click at its centre reaches. One page per representative route is resized through every width and
 * measured with one evaluate per width.
 */
import {expect, test} from '@playwright/test';

const WIDTHS = Array.from({length: (2560 - 320) / 20 + 1}, (_, i) => 320 + i * 20);
const PAGES = ['/', '/getting-started/quickstart', '/api/wallets/create-wallet'];

/** Runs in the page: what is wrong with the navbar at the current width (empty when nothing is). */
function navbarProblems(): string[] {
  const problems: string[] = [];
  const navbar = document.querySelector<HTMLElement>('.navbar');
  if (!navbar) return ['no navbar'];
  const nav = navbar.getBoundingClientRect();
  // The items: the children of the left and right groups (brand, links, dropdown, search, colour mode, menu toggle).
  const items = Array.from(navbar.querySelectorAll<HTMLElement>('.navbar__inner > .navbar__items > *')).filter(
    (el) => el.checkVisibility({visibilityProperty: true}) && el.getBoundingClientRect().width > 0,
  );
  const name = (el: HTMLElement): string =>
    (el.getAttribute('aria-label') ?? el.querySelector('[aria-label]')?.getAttribute('aria-label') ?? el.textContent ?? '')
      .trim()
      .slice(0, 30) || el.className;
  if (items.length === 0) problems.push('no visible navbar items');
  const boxes = items.map((el) => ({el, box: el.getBoundingClientRect()}));
  for (const [i, {el, box}] of boxes.entries()) {
    const label = name(el);
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5) problems.push(`"${label}" is outside the window (${box.left}-${box.right})`);
    if (box.top < nav.top - 0.5 || box.bottom > nav.bottom + 0.5) problems.push(`"${label}" sticks out of the navbar`);
    for (const {el: other, box: b} of boxes.slice(i + 1)) {
      const overlapX = Math.min(box.right, b.right) - Math.max(box.left, b.left);
      const overlapY = Math.min(box.bottom, b.bottom) - Math.max(box.top, b.top);
      if (overlapX > 0.5 && overlapY > 0.5) problems.push(`"${label}" and "${name(other)}" overlap by ${Math.round(overlapX)} px`);
    }
    // Wrapping: all of the item's visible text sits on one line.
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !node.parentElement?.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
      if (Number.parseFloat(getComputedStyle(node.parentElement).fontSize) === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.top / 4));
    }
    if (tops.size > 1) problems.push(`"${label}" wraps onto ${tops.size} lines`);
    // Visible: the item shows text, an icon or a label drawn by CSS (a condensed item), not an empty box.
    const before = getComputedStyle(el.matches('a, button') ? el : (el.querySelector('a, button') ?? el), '::before');
    const drawn = before.content !== 'none' && before.content !== 'normal' && (Number.parseFloat(before.fontSize) > 0 || Number.parseFloat(before.width) > 0);
    const icon = Array.from(el.querySelectorAll('svg, img')).some((g) => g.getBoundingClientRect().width > 0 && g.checkVisibility());
    if (tops.size === 0 && !drawn && !icon) problems.push(`"${label}" shows nothing`);
    // Clipping: no box inside the item hides part of its content (a truncated title, say).
    for (const inner of [el, ...Array.from(el.querySelectorAll<HTMLElement>('*'))]) {
      const style = getComputedStyle(inner);
      if (style.display === 'inline' || style.display === 'none' || inner instanceof SVGElement) continue;
      if (inner.scrollWidth > inner.clientWidth + 1 && style.overflowX !== 'visible') {
        problems.push(`"${label}" is clipped (${inner.tagName.toLowerCase()}.${inner.className}: ${inner.scrollWidth} > ${inner.clientWidth})`);
      }
    }
    if (el.matches('.navbar__brand') && (el.querySelector<HTMLElement>('.navbar__title')?.getBoundingClientRect().width ?? 1) < 1) {
      problems.push('the product name has no room');
    }
    // Clickable: a pointer at the item's centre lands on the item, not on something drawn over it.
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || !el.contains(hit)) problems.push(`a click at the centre of "${label}" reaches ${hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : 'nothing'}`);
  }
  return problems;
}

for (const path of PAGES) {
  test(`navbar fits at every width from 320 to 2560 px: ${path}`, async ({page}) => {
    test.setTimeout(120_000);
    await page.setViewportSize({width: WIDTHS[0]!, height: 700});
    await page.goto(path);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({width, height: 700});
      // Two frames: React's own reaction to the resize (desktop or mobile navbar) has rendered.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      for (const problem of await page.evaluate(navbarProblems)) problems.push(`${width} px: ${problem}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('condensed navbar items keep their full names and the search icon opens search', async ({page}) => {
  await page.setViewportSize({width: 1024, height: 700});
  await page.goto('/getting-started/quickstart');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  const navbar = page.locator('.navbar');
  for (const name of ['SDK Reference', 'API Reference', 'GitHub', 'Dashboard']) {
    await expect(navbar.getByRole('link', {name, exact: false}).first()).toBeVisible();
  }
  await expect(navbar.getByRole('button', {name: 'English'})).toBeVisible();
  // What the reader sees: the short labels and no word on the icons.
  await expect.poll(() => navbar.getByRole('link', {name: 'SDK Reference'}).evaluate((a) => getComputedStyle(a, '::before').content)).toContain('SDK');
  const search = navbar.getByRole('button', {name: 'Search'});
  expect((await search.boundingBox())!.width).toBeLessThan(48);
  await search.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('searchbox').or(page.getByRole('dialog').getByRole('combobox')).first()).toBeFocused();
});

/**
 * Keyboard use on a sample of pages (one per section and page template): Tab
 * reaches every visible interactive element, and each one shows a visible
 * focus indicator (an outline or a box-shadow) while focused.
 */
import {expect, test} from '@playwright/test';
import {gotoSettled} from '../quality/observe';
import {sampleRoutes} from '../quality/site';

interface Stop {
  key: string;
  label: string;
  indicator: boolean;
}

declare global {
  interface Window {
    __focusStops?: Stop[];
  }
}

for (const route of sampleRoutes()) {
  test(`keyboard: ${route.path}`, {tag: '@quality'}, async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await gotoSettled(page, route.path);

    // Number every visible, enabled, tabbable element, and log each focus with its computed focus style.
    const candidates = await page.evaluate(() => {
      const selector =
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [tabindex], [contenteditable="true"]';
      const label = (el: Element) =>
        `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> ${(el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 40)}`;
      const list: Array<{key: string; label: string}> = [];
      document.querySelectorAll<HTMLElement>(selector).forEach((el, i) => {
        if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest('[inert]')) return;
        if (!el.checkVisibility({checkVisibilityCSS: true})) return;
        // A radio group is one Tab stop (arrow keys move inside it): any of its radios counts for all.
        const radio = el instanceof HTMLInputElement && el.type === 'radio' && el.name ? `radio:${el.name}` : undefined;
        el.dataset.focusKey = radio ?? String(i);
        if (!list.some((c) => c.key === el.dataset.focusKey)) list.push({key: el.dataset.focusKey, label: label(el)});
      });
      window.__focusStops = [];
      document.addEventListener('focusin', (event) => {
        const el = event.target as HTMLElement;
        const style = getComputedStyle(el);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !/rgba\(.*,\s*0\)$|transparent/.test(style.outlineColor);
        const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
        window.__focusStops!.push({key: el.dataset.focusKey ?? '', label: label(el), indicator: outline || shadow});
      });
      return list;
    });
    expect(candidates.length, 'interactive elements on the page').toBeGreaterThan(0);

    // Tab until focus comes back round to the first stop (or enough presses for every candidate). The wrap is looked
    // for every ten presses, not after each: a page with ~400 stops then costs a tenth of the round trips.
    for (let pressed = 0; pressed < candidates.length + 15; ) {
      for (let i = 0; i < 10; i++, pressed++) await page.keyboard.press('Tab');
      const wrapped = await page.evaluate(() => {
        const [first, ...rest] = window.__focusStops!;
        return first !== undefined && first.key !== '' && rest.some((s) => s.key === first.key);
      });
      if (wrapped) break;
    }
    const stops = await page.evaluate(() => window.__focusStops!);
    const reached = new Set(stops.map((s) => s.key));
    const unreached = candidates.filter((c) => !reached.has(c.key)).map((c) => `not reachable by Tab: ${c.label}`);
    const invisible = [...new Map(stops.filter((s) => !s.indicator).map((s) => [s.key, s])).values()].map(
      (s) => `no visible focus indicator: ${s.label}`,
    );
    const problems = [...unreached, ...invisible];
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

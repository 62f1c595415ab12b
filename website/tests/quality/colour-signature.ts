/**
 * The colour rules (axe's `color-contrast` and `link-in-text-block`), run once per distinct colour combination
 * instead of once per element. Their outcome for an element depends only on what the browser paints: the text's
 * colour, size, weight, shadow and decoration, and the backgrounds, images, opacities and filters of the boxes
 * behind it (its ancestors; for a link, the colour of the text around it too). Those computed values are the
 * element's signature, computed here in the page. axeViolations (axe.ts) marks the visible elements whose signature
 * is not in the set it is given, and runs the colour rules on those alone. A spec that passes one set per theme for
 * all the pages a worker visits runs no colour rule on a page with nothing new.
 *
 * Colour checks were most of the time of an every-route check (axe measures every text node against what is
 * painted behind it), while a docs site repeats a few dozen combinations on every page. What the signature
 * cannot see: another box (not an ancestor) drawn over the text, and the pixels of a background image. The site
 * has neither over running text; both would show on the page that first has the combination.
 */

/** The attribute that marks the elements whose combination is new, for axe's `include`. */
export const COLOUR_MARK = 'data-quality-colour';

/** In the page (passed to page.evaluate, so self-contained): marks the visible text elements (inside `include`, outside `exclude`) whose signature is new; returns the new signatures. */
export function markNewColours({include, exclude, seen, mark}: {include: string; exclude: string[]; seen: string[]; mark: string}): string[] {
  const known = new Set(seen);
  const found = new Set<string>();
  const behind = new Map<Element, string>();
  // The boxes behind an element, from it to the root: only those that paint or change what is painted.
  const backgrounds = (element: Element | null): string => {
    if (!element) return '';
    const cached = behind.get(element);
    if (cached !== undefined) return cached;
    const style = getComputedStyle(element);
    const own = [
      style.backgroundColor === 'rgba(0, 0, 0, 0)' ? '' : style.backgroundColor,
      style.backgroundImage === 'none' ? '' : style.backgroundImage,
      style.opacity === '1' ? '' : `opacity ${style.opacity}`,
      style.filter === 'none' ? '' : style.filter,
      style.mixBlendMode === 'normal' ? '' : style.mixBlendMode,
    ]
      .filter(Boolean)
      .join(' ');
    const signature = `${own ? `${own} < ` : ''}${backgrounds(element.parentElement)}`;
    behind.set(element, signature);
    return signature;
  };
  const roots = Array.from(document.querySelectorAll(include));
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let element = walker.currentNode as Element | null; element; element = walker.nextNode() as Element | null) {
      if (exclude.some((selector) => element!.closest(selector))) continue;
      const hasText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      if (!hasText) continue;
      // Only what is painted counts as seen: axe skips hidden text, so a hidden first instance must not stand for a visible one.
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width < 2 || box.height < 2 || style.visibility !== 'visible') continue;
      const around = element.tagName === 'A' && element.parentElement ? getComputedStyle(element.parentElement).color : '';
      const signature = [
        element.tagName,
        style.color,
        style.fontSize,
        style.fontWeight,
        style.textShadow,
        style.textDecorationLine,
        style.textDecorationColor,
        element.matches(':disabled, [aria-disabled="true"]') ? 'disabled' : '',
        around,
        backgrounds(element),
      ].join('|');
      if (known.has(signature)) continue;
      element.setAttribute(mark, '');
      found.add(signature);
    }
  }
  return [...found];
}


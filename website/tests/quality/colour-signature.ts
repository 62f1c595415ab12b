/**
 * An element's colour signature, computed in the page: what the colour rules' outcome for its text depends on.
 * Used by axe.ts to run the colour rules once per distinct combination (see colour.ts for why that is sound).
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


/**
 * The colour rules (axe's `color-contrast` and `link-in-text-block`), run once per distinct colour combination
 * instead of once per element. Their outcome for an element depends only on what the browser paints: the text's
 * colour, size, weight, shadow and decoration, and the backgrounds, images, opacities and filters of the boxes
 * behind it (its ancestors; for a link, the colour of the text around it too). Those computed values are the
 * element's signature (colour-signature.ts). Every axe run of the quality helpers marks the visible elements whose
 * signature it has not seen, and runs the colour rules on those alone; this module keeps what was seen across the
 * pages a worker visits, per theme, so a page with nothing new runs none.
 *
 * Colour checks were most of the time of an every-route check (axe measures every text node against what is
 * painted behind it), while a docs site repeats a few dozen combinations on every page. What the signature
 * cannot see: another box (not an ancestor) drawn over the text, and the pixels of a background image. The site
 * has neither over running text; both would show on the page that first has the combination.
 */
import type {Page} from '@playwright/test';
import {axeViolations} from './axe';

/** Combinations already checked, per theme (`light`, `dark`): one per worker, shared by its tests. */
export type SeenColours = Map<string, Set<string>>;

export function seenColours(): SeenColours {
  return new Map();
}

/**
 * The colour rules' violations on this page's combinations not yet seen in `theme`. `include` and `exclude` are as
 * for axeViolations. A combination that fails is not recorded, so every page that has it reports it.
 */
export async function colourViolations(
  page: Page,
  label: string,
  seen: SeenColours,
  theme: string,
  exclude: string[] = [],
  include = 'html',
): Promise<string[]> {
  const known = seen.get(theme) ?? new Set<string>();
  seen.set(theme, known);
  return axeViolations(page, label, 'colour', exclude, include, known);
}

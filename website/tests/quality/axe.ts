/**
 * axe-core on a loaded page. The engine is the one @axe-core/playwright ships
 * with, but called directly: injected once per document and run with
 * `axe.run`, which is about four times faster here than AxeBuilder's default
 * mode (that one finishes every run in a fresh blank page). The site has no
 * iframes, the one thing the builder would add.
 */
import {readFileSync} from 'node:fs';
import type {BrowserContext, Page} from '@playwright/test';
import type {AxeResults} from 'axe-core';
import {COLOUR_MARK, markNewColours} from './colour-signature';

/** WCAG 2.1 A and AA, the level the site promises. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const axeSource = readFileSync(
  require.resolve('axe-core/axe.min.js', {paths: [require.resolve('@axe-core/playwright')]}),
  'utf8',
);

interface AxeWindow {
  axe?: {run: (context: {include: string[][]; exclude: string[][]}, options: object) => Promise<AxeResults>};
}

/**
 * Puts axe in every document the context opens, from its first moment: for checks that load many pages one after
 * another, where injecting it into each loaded page costs more (the browser compiles the injected engine afresh for each
 * document, while a script it runs at every document's start is compiled once and cached).
 */
export async function preloadAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({content: axeSource});
}

/**
 * The WCAG rules whose outcome depends on colours. Switching the colour mode
 * changes only colours (the DOM, names, roles and structure stay the same),
 * so the dark-mode pass runs these and the light pass runs every rule.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Which rules: every WCAG rule, only the colour rules, every rule but the colour ones (`structure`), or the rules named. */
export type RuleSet = 'all' | 'colour' | 'structure' | string[];

async function runAxe(page: Page, only: RuleSet, exclude: string[] = [], include = 'html'): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(axeSource);
  const runOnly = Array.isArray(only)
    ? {type: 'rule', values: only}
    : only === 'colour'
      ? {type: 'rule', values: COLOUR_RULES}
      : {type: 'tag', values: WCAG_TAGS};
  const rules = only === 'structure' ? Object.fromEntries(COLOUR_RULES.map((id) => [id, {enabled: false}])) : {};
  return page.evaluate(
    async ({options, exclude, include}) =>
      (await (window as AxeWindow).axe!.run({include: [[include]], exclude: exclude.map((s) => [s])}, options)).violations,
    {options: {runOnly, rules, resultTypes: ['violations']}, exclude, include},
  );
}

/**
 * The colour rules on the elements whose colour combination is not in `seen` (colour-signature.ts says why that is sound);
 * the combinations are added to `seen` when none of them fails.
 */
async function colourResults(page: Page, exclude: string[], include: string, seen: Set<string>): Promise<AxeResults['violations']> {
  const fresh = await page.evaluate(markNewColours, {include, exclude, seen: [...seen], mark: COLOUR_MARK});
  if (fresh.length === 0) return [];
  const violations = await runAxe(page, COLOUR_RULES, exclude, `[${COLOUR_MARK}]`);
  await page.evaluate((mark) => document.querySelectorAll(`[${mark}]`).forEach((element) => element.removeAttribute(mark)), COLOUR_MARK);
  if (violations.length === 0) for (const signature of fresh) seen.add(signature);
  return violations;
}

/**
 * Runs axe on the page as rendered; one readable entry per violated rule (empty when clean). With `all` and
 * `colour`, the colour rules run once per colour combination: on this page's combinations not in `seen` (by
 * default a new set, so once per combination of this page).
 */
export async function axeViolations(
  page: Page,
  label: string,
  only: RuleSet = 'all',
  exclude: string[] = [],
  include = 'html',
  seen: Set<string> = new Set(),
): Promise<string[]> {
  const violations =
    only === 'all' || only === 'colour'
      ? [...(only === 'all' ? await runAxe(page, 'structure', exclude, include) : []), ...(await colourResults(page, exclude, include, seen))]
      : await runAxe(page, only, exclude, include);
  return violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 4)
      .map((n) => {
        const why = n.failureSummary?.split('\n').slice(1, 2).join(' ').trim();
        return `      ${n.target.join(' ')}${why ? ` — ${why}` : ''}`;
      })
      .join('\n');
    const more = v.nodes.length > 4 ? `\n      … and ${v.nodes.length - 4} more` : '';
    return `${label}: [${v.impact}] ${v.id} (${v.nodes.length}×): ${v.help}\n${nodes}${more}`;
  });
}

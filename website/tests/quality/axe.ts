/**
 * axe-core on a loaded page. The engine is the one @axe-core/playwright ships
 * with, but called directly: injected once per document and run with
 * `axe.run`, which is about four times faster here than AxeBuilder's default
 * mode (that one finishes every run in a fresh blank page). The site has no
 * iframes, the one thing the builder would add.
 */
import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import type {AxeResults} from 'axe-core';

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

/** Runs axe on the page as rendered; one readable entry per violated rule (empty when clean). */
export async function axeViolations(
  page: Page,
  label: string,
  only: RuleSet = 'all',
  exclude: string[] = [],
  include = 'html',
): Promise<string[]> {
  return (await runAxe(page, only, exclude, include)).map((v) => {
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

import {expect, test, type Page} from '@playwright/test';
import {axeViolations} from '../quality/axe';
import {settle} from '../quality/observe';

const LANGUAGE = '/concepts/policies/language';
// A string literal of the generated policy parser (peggy); minifiers keep string literals.
const PARSER_MARKER = "Can't start parsing from rule";

async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
}

/** The interactive playground (not its static fallback), once its chunk has loaded. */
async function openPlayground(page: Page, path = LANGUAGE) {
  await gotoHydrated(page, path);
  // It loads when it comes into view.
  await page.locator('#playground').scrollIntoViewIfNeeded();
  const playground = page.getByRole('region', {name: 'Policy playground', exact: true});
  await expect(playground.getByLabel('Condition', {exact: true})).toBeVisible();
  return playground;
}

/** Every JavaScript file the page loads, with its text, until the network is quiet. */
async function scriptsLoadedBy(page: Page, path: string, ready?: () => Promise<void>): Promise<{url: string; text: string}[]> {
  const pending: Promise<{url: string; text: string}>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) {
      pending.push(response.text().then((text) => ({url: response.url(), text}), () => ({url: response.url(), text: ''})));
    }
  });
  await gotoHydrated(page, path);
  await page.waitForLoadState('networkidle');
  // Scroll through the whole page, a screen at a time, so anything that loads on view has loaded.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      // Two frames: the first renders this position, whose intersection check runs after its animation-frame
      // callbacks, so the second proves every observer has seen it before the next scroll.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
  });
  // networkidle was reached before the scroll; wait for what the scroll started to finish.
  await settle(page, {quietMs: 500});
  await ready?.();
  return Promise.all(pending);
}

test.describe('policy playground', () => {
  test('the verdict follows the condition', async ({page}) => {
    const playground = await openPlayground(page);
    const verdict = playground.getByText('Verdict:');
    // The default policy allows up to 1 ETH, and the default request sends 0.5 ETH.
    await expect(verdict).toContainText('Verdict: Allowed');

    await playground.getByLabel('Condition', {exact: true}).fill('eth.tx.value > 1000000000000000000');
    await expect(verdict).toContainText('Verdict: Denied');

    await playground.getByLabel('Condition', {exact: true}).fill("eth.tx.to == '0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2'");
    await playground.getByLabel('Consensus', {exact: true}).fill('approvers.count() >= 1');
    await expect(verdict).toContainText('Verdict: Consensus needed');
  });

  test('a syntax error shows its line and column and marks the spot', async ({page}) => {
    const playground = await openPlayground(page);
    const condition = playground.getByLabel('Condition', {exact: true});
    await condition.fill('eth.tx.value > > 1');

    const alert = playground.getByRole('alert');
    await expect(alert).toHaveText(/^Line 1:16: Expected an expression but found ">"/);
    await expect(playground.locator('mark')).toHaveText('>');
    await expect(condition).toHaveAttribute('aria-invalid', 'true');
    await expect(playground.getByText('Verdict:')).toContainText('Cannot evaluate');

    // Fixing it clears the error.
    await condition.fill('eth.tx.value > 1');
    await expect(playground.getByRole('alert')).toHaveCount(0);
    await expect(playground.locator('mark')).toHaveCount(0);
  });

  test('works with the keyboard alone, and Tab leaves it again', async ({page}) => {
    const playground = await openPlayground(page);
    // Start from the link just before the playground, then use only the keyboard.
    await page.getByRole('link', {name: 'examples', exact: true}).first().focus();

    const expected = [
      playground.getByLabel('Start from an example'),
      playground.getByRole('radio', {name: 'EFFECT_ALLOW'}),
      playground.getByLabel('Condition', {exact: true}),
      playground.getByLabel('Consensus', {exact: true}),
      playground.getByLabel('Request context (JSON)'),
    ];
    for (const control of expected) {
      await page.keyboard.press('Tab');
      await expect(control).toBeFocused();
    }
    // No trap: Tab from the last control moves on to the rest of the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[aria-label="Policy playground"]')))).toBe(false);

    // And back with Shift+Tab.
    await page.keyboard.press('Shift+Tab');
    await expect(expected[4]!).toBeFocused();

    // Edit with keys: Tab inside a text area is not captured.
    for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+Tab');
    await expect(expected[2]!).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('eth.tx.value > 1000000000000000000');
    await expect(playground.getByText('Verdict:')).toContainText('Verdict: Denied');

    // The effect radios change with the arrow keys.
    await page.keyboard.press('Shift+Tab');
    await expect(expected[1]!).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(playground.getByRole('radio', {name: 'EFFECT_DENY'})).toBeChecked();

    // The example selector works from the keyboard too.
    await page.keyboard.press('Shift+Tab');
    await expect(expected[0]!).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(playground.getByLabel('Sample request')).toBeVisible();
  });

  test('an expression nested too deeply says so inline and keeps the text', async ({page}) => {
    const playground = await openPlayground(page);
    const condition = playground.getByLabel('Condition', {exact: true});
    const bangs = '!'.repeat(5000);
    await condition.fill(bangs);

    await expect(playground.getByRole('alert')).toHaveText(/^Line 1:33: The expression is too deeply nested: more than 32 levels/);
    await expect(condition).toHaveValue(bangs);
    await expect(condition).toHaveAttribute('aria-invalid', 'true');
    await expect(playground.getByText('Verdict:')).toContainText('Cannot evaluate');
    await expect(page.getByText('could not load')).toHaveCount(0);
    await expect(page.getByRole('button', {name: 'Retry'})).toHaveCount(0);
  });

  test('a request context nested too deeply says so inline and keeps the text', async ({page}) => {
    const playground = await openPlayground(page);
    const context = playground.getByLabel('Request context (JSON)');
    const brackets = '['.repeat(20000);
    await context.fill(brackets);

    await expect(playground.getByRole('alert')).toHaveText(/^Line 1:33: The request context is too deeply nested/);
    await expect(context).toHaveValue(brackets);
    await expect(context).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('could not load')).toHaveCount(0);
    // Still working: a valid context brings the verdict back.
    await context.fill('{"activity": {"type": "ACTIVITY_TYPE_SIGN_TRANSACTION"}, "eth": {"tx": {"value": "1"}}}');
    await expect(playground.getByText('Verdict:')).toContainText('Verdict: Allowed');
  });

  test('while its code loads it says it is loading, not that it needs JavaScript', async ({page}) => {
    await gotoHydrated(page, LANGUAGE);
    // Hold back every script requested from now on: the playground's chunk is fetched when it comes into view.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.locator('#playground').scrollIntoViewIfNeeded();
    const preview = page.getByRole('region', {name: 'Policy playground (static preview)'});
    await expect(preview.getByRole('status')).toHaveText('Loading the playground…');
    await expect(preview).toHaveAttribute('aria-busy', 'true');
    // Playwright's text matchers skip <noscript>, so read what the reader sees.
    expect(await preview.innerText()).not.toContain('needs JavaScript');

    release();
    const playground = page.getByRole('region', {name: 'Policy playground', exact: true});
    await expect(playground.getByLabel('Condition', {exact: true})).toBeVisible();
    await expect(preview).toHaveCount(0);
  });

  test('without JavaScript it shows the policy and says the playground needs JavaScript', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto(LANGUAGE);
    const preview = page.getByRole('region', {name: 'Policy playground (static preview)'});
    // Playwright's text matchers skip <noscript>; innerText is what the reader sees.
    const shown = await preview.innerText();
    expect(shown).toContain('Editing and evaluating it needs JavaScript.');
    expect(shown).not.toContain('Loading');
    await context.close();
  });

  test('a "Try it" link opens the playground with that example', async ({page}) => {
    await gotoHydrated(page, '/concepts/policies/examples');
    await page.getByRole('link', {name: 'Try it in the playground: Large transfers need two approvals'}).click();
    await expect(page).toHaveURL(/\/concepts\/policies\/language\?example=two-approvals-for-large-transfers#playground$/);
    const playground = page.getByRole('region', {name: 'Policy playground', exact: true});
    await expect(playground.getByLabel('Consensus', {exact: true})).toHaveValue('approvers.count() >= 2');
    await expect(playground.getByLabel('Start from an example')).toHaveValue('two-approvals-for-large-transfers');
    await expect(playground.getByText('Verdict:')).toContainText('Verdict: Consensus needed');
  });

  test('the parser loads only on the page with the playground', async ({page, browser}) => {
    const withPlayground = await scriptsLoadedBy(page, LANGUAGE, async () => {
      await expect(page.getByRole('region', {name: 'Policy playground', exact: true}).getByLabel('Condition', {exact: true})).toBeVisible();
    });
    expect(withPlayground.some((s) => s.text.includes(PARSER_MARKER))).toBe(true);

    for (const path of ['/concepts/introduction', '/concepts/policies/examples']) {
      const other = await browser.newPage();
      const scripts = await scriptsLoadedBy(other, path);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((s) => s.text.includes(PARSER_MARKER)).map((s) => s.url), path).toEqual([]);
      await other.close();
    }
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`has no axe violations in ${mode} mode`, async ({page}) => {
      // The language reference is a long page: axe takes a while on 2 cores.
      test.setTimeout(120_000);
      const playground = await openPlayground(page);
      if (mode === 'dark') {
        await page.getByRole('button', {name: /dark mode|system mode|light mode/i}).first().click();
      }
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      expect(await axeViolations(page, mode)).toEqual([]);

      // With an error on show as well (only the playground changed, so only it is checked again).
      await playground.getByLabel('Condition', {exact: true}).fill('eth.tx.value > > 1');
      await expect(playground.getByRole('alert')).toBeVisible();
      expect(await axeViolations(page, `${mode}, with an error`, 'all', [], '[aria-label="Policy playground"]')).toEqual([]);
    });
  }
});

// Browser blocks marked `open="name"`: the page an email link opens. Before the block runs, the unit's tab navigates to
// the session value `name` (a URL of the app's origin, `capture`d by an earlier block), as the user who clicked the
// link, in the same browser context: what the app's origin and its frames' origins stored (a frame's IndexedDB) is
// still there, what the previous page held in memory is not. The block then runs on that page.

/** Navigates `page` to `url` on `origin` and gives the new page the checker's fixtures again (see browser.mjs). */
export async function openLink(page, { url, origin, fixtures }) {
  if (typeof url !== 'string' || !url.startsWith(`${origin}/`)) {
    throw new Error(`open: ${JSON.stringify(url)} is not a page of the app's origin ${origin}`);
  }
  await page.goto(url);
  await page.waitForFunction(() => 'doctestSetup' in window);
  await page.evaluate((values) => {
    window.doctestFixtures = values;
  }, fixtures);
}

import {expect, type Page} from '@playwright/test';

/**
 * Waits, with the request builder open on the sandbox target, until the
 * sandbox has started and put its organization into the body (and the body
 * is stamped). Until then the builder may rewrite the body, and an edit made
 * meanwhile can be lost: a test's `fill` selects the text and types over it,
 * and a rewrite between the two leaves two bodies in the box. Returns the
 * sandbox's organization ID.
 */
export async function waitForSandbox(page: Page): Promise<string> {
  const organization = page.getByTestId('sandbox-organization');
  await expect(organization).toHaveText(/^[0-9a-f-]{36}$/, {timeout: 30_000});
  const organizationId = (await organization.textContent())!;
  await expect.poll(async () => (JSON.parse(await page.getByLabel('Request body (JSON)').inputValue()) as {organizationId?: string}).organizationId).toBe(organizationId);
  await expect(page.getByTestId('builder-stamp')).not.toContainText('appears when');
  return organizationId;
}

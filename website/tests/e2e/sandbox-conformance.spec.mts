/**
 * Issue 19: the emulator's conformance suite through the browser adapter. Every request example of
 * the API document runs, after the setup the Node harness gives it, against the sandbox worker of the
 * built site, and must succeed and validate against its response schema. The harness itself runs here
 * in Node (packages/emulator/src/conformance, the same files the Node conformance test uses); only its
 * transport differs: each request is handed to the page's worker through the test builds' hook.
 */
import {expect, test, type Page} from '@playwright/test';
import type {EmulatorRequest, EmulatorResponse} from '@sigil/emulator';
import {DOC_OPERATIONS, createWorldOn, signerFor, type WorldEmulator} from '../../../packages/emulator/src/conformance/harness.test-util';
import {runOperation, type NewWorld, type Outcome} from '../../../packages/emulator/src/conformance/run-example.test-util';
import {SETUP} from '../../../packages/emulator/src/conformance/setup-table.test-util';
import type {SandboxInfo} from '../../src/sandbox/protocol';
import type {SandboxTestHook} from '../../src/sandbox/client';

type HookWindow = Window & {__sigilSandbox?: SandboxTestHook};

/** A world on the page's sandbox: Reset gives a new organization, whose generated key is the root signer. */
function sandboxWorlds(page: Page, sent: {count: number}): NewWorld {
  const emulator: WorldEmulator = {
    handle: (request: EmulatorRequest) => {
      sent.count += 1;
      return page.evaluate((r): Promise<EmulatorResponse> => (window as HookWindow).__sigilSandbox!.handle(r), request);
    },
    // Nothing to close here: the next world's Reset replaces the worker's emulator and stops its timers.
    close: async () => {},
  };
  return (needs) =>
    createWorldOn(async () => {
      const info: SandboxInfo = await page.evaluate(() => (window as HookWindow).__sigilSandbox!.reset());
      const root = signerFor(info.apiPrivateKey);
      if (root.publicKey !== info.apiPublicKey) throw new Error(`the sandbox's key pair does not match: ${info.apiPublicKey}`);
      return {emulator, organizationId: info.organizationId, rootUserId: info.userId, root};
    }, needs);
}

test('every request example of the API document answers from the sandbox worker as the document says', async ({page, baseURL}) => {
  test.setTimeout(240_000);
  const started = performance.now();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('/api/organizations/whoami');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached({timeout: 30_000});
  // Opening the builder loads the sandbox client (and with it the hook) and starts the worker.
  await page.getByRole('button', {name: 'Open the request builder'}).click();
  await expect(page.getByTestId('sandbox-organization')).toHaveText(/^[0-9a-f-]{36}$/, {timeout: 30_000});
  await page.waitForFunction(() => typeof (window as HookWindow).__sigilSandbox?.handle === 'function');

  const sent = {count: 0};
  const newWorld = sandboxWorlds(page, sent);
  const outcomes = new Map<string, Outcome>();
  // One page, one worker: the operations run in turn, each example in a freshly reset sandbox.
  for (const operation of DOC_OPERATIONS) outcomes.set(operation.name, await runOperation(operation, newWorld));

  const failed = [...outcomes].filter(([, outcome]) => outcome.kind === 'failed').map(([name, outcome]) => `${name}: ${(outcome as {why: string}).why.slice(0, 400)}`);
  const conformant = [...outcomes.values()].filter((outcome) => outcome.kind === 'conformant').length;
  console.log(`sandbox conformance: ${conformant} of ${DOC_OPERATIONS.length} conformant, ${sent.count} requests to the worker, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  expect(failed).toEqual([]);
  expect(DOC_OPERATIONS).toHaveLength(75);
  expect(Object.keys(SETUP)).toHaveLength(75);
  expect(conformant).toBe(75);
  // Every example and the records it needs went through the worker: at least one request per operation, most need several.
  expect(sent.count).toBeGreaterThan(2 * DOC_OPERATIONS.length);

  const origin = new URL(baseURL!).origin;
  for (const url of requests) expect(new URL(url).origin, url).toBe(origin);
});

// A headless Debian Chromium tab with a CDP virtual passkey authenticator, whose calls to Sigil's API host go to an
// emulator instead. Shared by the checks that run the docs' browser code as a reader would: the embedded-wallet
// quickstart (scripts/doctest) and the browser libraries' README examples (scripts/readmes).
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS as BASE_ARGS, CHROMIUM_PATH } from './chromium.mjs';

export const CHROMIUM_ARGS = [
  ...BASE_ARGS,
  // Local servers listen on 127.0.0.1 only; keep Chromium from trying ::1 for "localhost".
  '--host-resolver-rules=MAP localhost 127.0.0.1',
];

/**
 * Debian's Chromium, never a downloaded one. `offline`: no host but localhost resolves, so that the requests Chromium
 * makes itself, which page routes do not see (such as WebAuthn's `.well-known/webauthn` lookup), stay on the machine.
 */
export function launchChromium({ offline = false } = {}) {
  const args = offline ? CHROMIUM_ARGS.map((arg) => (arg.startsWith('--host-resolver-rules=') ? `${arg}, MAP * ~NOTFOUND` : arg)) : CHROMIUM_ARGS;
  return chromium.launch({ executablePath: CHROMIUM_PATH, args });
}

/** Resolves with the port once `server` listens on a free port of 127.0.0.1. */
export function listen(server) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });
}

/** A port that was free a moment ago, for a program that must be told its port before it starts. */
export async function freePort() {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Adds a passkey authenticator to the tab, as a platform authenticator (Touch ID, Windows Hello) would be: CTAP2,
 * internal, resident keys, user verification that always succeeds, and no prompt to click.
 */
export async function addVirtualAuthenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** Answers a routed request with `url`'s answer to the same method, headers and body (the path is kept, the host replaced). */
export async function forward(route, url) {
  const request = route.request();
  const answer = await fetch(url + new URL(request.url()).pathname, {
    method: request.method(),
    headers: request.headers(),
    body: request.postData() ?? undefined,
  });
  await route.fulfill({ status: answer.status, headers: Object.fromEntries(answer.headers), body: Buffer.from(await answer.arrayBuffer()) });
}

/** Sends the tab's (or context's) calls to `apiBaseUrl`, the host the browser SDK calls, to the emulator at `emulatorUrl`. */
export function routeApiToEmulator(target, emulatorUrl, apiBaseUrl) {
  return target.route(`${apiBaseUrl}/**`, (route) => forward(route, emulatorUrl));
}

/**
 * What the tab writes to its console and the errors it throws. `waitForLine(prefix)` resolves with the rest of the
 * first console line starting with `prefix`, and rejects as soon as the page throws, or after `timeoutMs`;
 * `describe()` adds context (a backend's output, say) to those errors.
 */
export function watchConsole(page, { timeoutMs = 60_000, describe = () => '' } = {}) {
  const lines = [];
  const values = [];
  const errors = [];
  page.on('console', (message) => {
    lines.push(message.text());
    values.push(Promise.all(message.args().map((arg) => arg.jsonValue().catch(() => undefined))));
  });
  page.on('pageerror', (error) => errors.push(error));
  const context = () => {
    const more = describe();
    return `${lines.length ? `\nconsole: ${lines.join(' | ')}` : ''}${more ? `\n${more}` : ''}`;
  };
  return {
    lines,
    errors,
    /** Every console call's arguments as JSON values, in order. */
    values: () => Promise.all(values),
    async waitForLine(prefix) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (errors.length) throw new Error(`the page threw: ${errors.map((e) => e.stack || e.message).join('\n')}${context()}`);
        const line = lines.find((l) => l.startsWith(prefix));
        if (line !== undefined) return line.slice(prefix.length);
        if (Date.now() > deadline) throw new Error(`no "${prefix}" in the console after ${timeoutMs} ms${context()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

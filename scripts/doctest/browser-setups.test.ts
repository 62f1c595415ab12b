// The setups that give browser and server examples what a reader's machine has (a Solana wallet extension, a second
// authenticator, the app's sign-up backend, a webhook endpoint) and the `background` marker, run by the checker
// against fixtures that pass and fixtures with planted faults, in one checker run (one Chromium) to keep CI short.
import { describe, expect, it } from 'vitest';
import { doctest, fixture } from './run-cli';
import { runSpec } from './execute.mjs';


describe('browser setups and background blocks', () => {
  it('reads the background marker: the session value of the port, and expect-output to stop on', () => {
    const spec = runSpec(`setup="webhook-endpoint" background="webhookPort" replace="8080=>webhookPort" expect-output='^done$'`);
    expect(spec.errors).toEqual([]);
    expect(spec.run).toBe(true);
    expect(spec.background).toBe('webhookPort');
    expect(runSpec(`background expect-output='^x$'`).errors).toEqual(['background names the session value of the port the program listens on: background="webhookPort"']);
    expect(runSpec('background="webhookPort"').errors).toEqual(['background runs until stopped: expect-output says what it must print before the checker stops it']);
    expect(runSpec('run').background).toBeUndefined();
  });

  it('runs the wallet, security key, sign-up backend and webhook fixtures, and fails each planted fault with its reason', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('browser-setups'), '--dir', fixture('browser-setups-failing'));
    expect(code).toBe(1);
    const good = 'scripts/doctest/fixtures/browser-setups/app.md';
    // 3: window.solana refuses to sign before connect, has the session's key, and its signature verifies.
    // 25: a passkey created with excludeCredentials lands on the security key; the user's passkey still signs.
    // 39: the sign-up backend creates a sub-organization, and answers 502 for an attestation of another challenge.
    // 55: a receiver that checks signatures refuses the forged post and logs the create_wallet it verified.
    for (const line of [3, 25, 39, 55]) expect(stdout).toContain(`ran ${good}:${line}\n`);
    const bad = 'scripts/doctest/fixtures/browser-setups-failing/wrong.md';
    expect(stderr).toContain(`FAIL ${bad}:5 - exited with 1:\n    InvalidStateError:`);
    expect(stderr).toContain(`FAIL ${bad}:21 - exited with 1:\n    while it ran: the receiver answered a post with a forged signature with 204, not 401\n`);
    expect(stderr).toMatch(new RegExp(`FAIL ${bad}:32 - exited with 1:\\n    exited with 0 before it listened on port \\d+\\n`));
    expect(stderr).toContain(`FAIL ${bad}:38 - exited with 1:\n    background="webhookPort": the session value webhookPort is not set, not a port`);
    expect(stderr).toContain(`${bad}:44 - background names the session value of the port`);
    expect(stderr).toContain(`${bad}:48 - background runs until stopped: expect-output says what it must print`);
    expect(stdout).not.toContain(`ran ${bad}`);
  }, 180_000);
});

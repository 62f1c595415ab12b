// `sigil emulator outbox` against an emulator in memory: the CLI's fetch is the emulator's handle.
import { generateApiKeyPair } from '@sigil/api-key-stamper';
import { createTestContext, emulatorFetch, type TestContext } from '@sigil/emulator/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { Io } from '../io.js';
import { emulatorCommand } from './emulator.js';

let t: TestContext;
afterEach(async () => {
  await t?.close();
});

function io(): Io & { out: string[] } {
  const out: string[] = [];
  return { out, stdout: (text) => out.push(text), stderr: (text) => out.push(text), env: {}, fetch: emulatorFetch(t.emulator) };
}

describe('sigil emulator outbox', () => {
  it('lists the one-time codes and sign-in links the emulator would have sent, as text or JSON, and clears them', async () => {
    t = await createTestContext();
    const empty = io();
    expect(await emulatorCommand(['outbox', '--url', 'http://emulator.test'], empty)).toBe(0);
    expect(empty.out).toEqual(['The outbox is empty.']);

    await t.root.client.setOrganizationFeature({ name: 'FEATURE_NAME_EMAIL_AUTH' });
    await t.root.client.updateUser({ userId: t.root.userId, userEmail: 'root@example.com' });
    const { publicKey: targetPublicKey } = await generateApiKeyPair();
    await t.root.client.emailAuth({ email: 'root@example.com', targetPublicKey, emailCustomization: { magicLinkTemplate: 'https://app.example.com/auth?bundle=%s' } });

    const listed = io();
    expect(await emulatorCommand(['outbox', '--url', 'http://emulator.test'], listed)).toBe(0);
    expect(listed.out[0]).toMatch(/email to root@example.com {2}\(email_auth\)\n {2}subject: Sign in to Sigil\n {2}link: https:\/\/app\.example\.com\/auth\?bundle=04[0-9a-f]+\n/);

    const json = io();
    expect(await emulatorCommand(['outbox', '--url', 'http://emulator.test', '--json'], json)).toBe(0);
    const { messages } = JSON.parse(json.out[0]!) as { messages: Array<{ to: string; userId: string; credentialBundle: string }> };
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: 'root@example.com', userId: t.root.userId, credentialBundle: expect.stringMatching(/^04/) });

    const cleared = io();
    expect(await emulatorCommand(['outbox', '--url', 'http://emulator.test', '--clear'], cleared)).toBe(0);
    expect(cleared.out).toEqual(['Deleted 1 message from the outbox']);
    const after = io();
    await emulatorCommand(['outbox', '--url', 'http://emulator.test'], after);
    expect(after.out).toEqual(['The outbox is empty.']);
  });

  it('says what to do when nothing answers, or something that is not an emulator does', async () => {
    t = await createTestContext();
    const unreachable: Io = { stdout: () => undefined, stderr: () => undefined, env: {}, fetch: () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })) };
    await expect(emulatorCommand(['outbox'], unreachable)).rejects.toThrow(/Could not reach the emulator at http:\/\/127\.0\.0\.1:8787 \(ECONNREFUSED\)/);
    const stranger: Io = { stdout: () => undefined, stderr: () => undefined, env: {}, fetch: async () => new Response('<html>', { status: 200 }) };
    await expect(emulatorCommand(['outbox', '--url', 'http://example.test'], stranger)).rejects.toThrow(/without an outbox/);
    await expect(emulatorCommand(['outbox', '--url', 'not a url'], stranger)).rejects.toThrow(/Invalid --url/);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKeyPair } from '@sigil/api-key-stamper';
import { startTestEmulator } from '@sigil/emulator/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveSettings } from './environment.js';
import { createServerClient, DEFAULT_BASE_URL, ServerClientConfigError } from './index.js';

const dir = mkdtempSync(join(tmpdir(), 'sdk-server-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const keyFile = (name: string, content: string): string => {
  const path = join(dir, name);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
};

describe('resolveSettings', () => {
  const pair = generateApiKeyPair();
  const other = generateApiKeyPair();

  it('reads the base URL, organization and key file from the environment the CLI reads', () => {
    const file = keyFile('key.json', JSON.stringify(pair));
    expect(resolveSettings({}, { SIGIL_BASE_URL: 'http://127.0.0.1:8787', SIGIL_ORGANIZATION_ID: 'org-1', SIGIL_API_KEY_FILE: file })).toEqual({
      baseUrl: 'http://127.0.0.1:8787',
      organizationId: 'org-1',
      apiPublicKey: pair.publicKey,
      apiPrivateKey: pair.privateKey,
    });
  });

  it('lets explicit options win over every variable', () => {
    const file = keyFile('other.json', JSON.stringify(other));
    const env = { SIGIL_BASE_URL: 'http://env', SIGIL_ORGANIZATION_ID: 'env-org', SIGIL_API_KEY_FILE: file, SIGIL_API_PRIVATE_KEY: other.privateKey };
    expect(resolveSettings({ baseUrl: 'http://given', organizationId: 'given-org', apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }, env)).toEqual({
      baseUrl: 'http://given',
      organizationId: 'given-org',
      apiPublicKey: pair.publicKey,
      apiPrivateKey: pair.privateKey,
    });
  });

  it('prefers SIGIL_API_PRIVATE_KEY to the key file and derives the public key when it is unset', () => {
    const file = keyFile('ignored.json', JSON.stringify(other));
    const resolved = resolveSettings({}, { SIGIL_ORGANIZATION_ID: 'o', SIGIL_API_PRIVATE_KEY: pair.privateKey, SIGIL_API_KEY_FILE: file });
    expect(resolved).toMatchObject({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey, baseUrl: undefined });
  });

  it('treats empty variables as unset', () => {
    const file = keyFile('key2.json', JSON.stringify(pair));
    expect(resolveSettings({}, { SIGIL_BASE_URL: '', SIGIL_ORGANIZATION_ID: 'o', SIGIL_API_PRIVATE_KEY: '', SIGIL_API_KEY_FILE: file })).toMatchObject({
      baseUrl: undefined,
      apiPublicKey: pair.publicKey,
    });
  });

  it('names the missing setting and the variable that would give it', () => {
    expect(() => resolveSettings({}, { SIGIL_API_PRIVATE_KEY: pair.privateKey })).toThrow(/No organization ID: pass organizationId or set SIGIL_ORGANIZATION_ID/);
    expect(() => resolveSettings({}, { SIGIL_ORGANIZATION_ID: 'o' })).toThrow(/No API key: .*SIGIL_API_KEY_FILE/);
    expect(() => resolveSettings({ apiPublicKey: pair.publicKey }, { SIGIL_ORGANIZATION_ID: 'o' })).toThrow(ServerClientConfigError);
  });

  it('explains an unusable key file', () => {
    const env = (path: string) => ({ SIGIL_ORGANIZATION_ID: 'o', SIGIL_API_KEY_FILE: path });
    expect(() => resolveSettings({}, env(join(dir, 'missing.json')))).toThrow(/missing\.json, which cannot be read \(ENOENT\)/);
    expect(() => resolveSettings({}, env(keyFile('bad.json', 'not json')))).toThrow(/no valid "privateKey"/);
    expect(() => resolveSettings({}, env(keyFile('mixed.json', JSON.stringify({ publicKey: other.publicKey, privateKey: pair.privateKey }))))).toThrow(
      /does not match/,
    );
  });
});

describe('createServerClient from the environment', () => {
  let server: Awaited<ReturnType<typeof startTestEmulator>>;
  beforeAll(async () => {
    server = await startTestEmulator();
  });
  afterAll(() => server.close());
  afterEach(() => vi.unstubAllEnvs());

  it('reaches the emulator with only SIGIL_BASE_URL, SIGIL_API_KEY_FILE and SIGIL_ORGANIZATION_ID set', async () => {
    vi.stubEnv('SIGIL_BASE_URL', server.url);
    vi.stubEnv('SIGIL_API_KEY_FILE', keyFile('root.json', JSON.stringify(server.rootKeys)));
    vi.stubEnv('SIGIL_ORGANIZATION_ID', server.organizationId);
    vi.stubEnv('SIGIL_API_PRIVATE_KEY', '');
    const client = createServerClient();
    expect(client.baseUrl).toBe(server.url);
    await expect(client.whoami({})).resolves.toMatchObject({ organizationId: server.organizationId, userId: server.rootUserId });
  });

  it('keeps the public default base URL when SIGIL_BASE_URL is unset', () => {
    vi.stubEnv('SIGIL_BASE_URL', '');
    const { privateKey } = generateApiKeyPair();
    expect(createServerClient({ apiPrivateKey: privateKey, organizationId: 'o' }).baseUrl).toBe(DEFAULT_BASE_URL);
  });
});

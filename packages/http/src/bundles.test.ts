// The bundle helpers against the emulator's real export, import and session activities: what the
// emulator seals opens with decryptExportBundle / decryptCredentialBundle, and what encryptImportBundle
// seals imports to the same addresses.
import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY } from '@sigil/emulator';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BundleError,
  decryptBundle,
  decryptCredentialBundle,
  decryptExportBundle,
  encryptImportBundle,
  generateTargetKeyPair,
  verifyImportBundle,
} from './bundles.js';
import { SigilClient } from './index.js';

const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;
/** Hardhat's published test mnemonic and its first Ethereum address. */
const TEST_MNEMONIC = 'test test test test test test test test test test test junk';
const TEST_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** The private key 1 and its Ethereum address, a published secp256k1 vector. */
const KEY_ONE = `${'00'.repeat(31)}01`;
const KEY_ONE_ADDRESS = '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf';

describe('bundle helpers against the emulator', () => {
  let server: TestEmulator;
  let client: TestEmulator['client'];

  beforeAll(async () => {
    server = await startTestEmulator();
    client = server.client;
  });
  afterAll(async () => {
    await server.close();
  });

  const pinned = { enclaveQuorumPublicKeys: [EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY] };

  async function importMnemonic(mnemonic: string, walletName: string): Promise<string[]> {
    const init = await client.initImportWallet({ userId: server.rootUserId });
    const importBundle = init.result.initImportWalletResult!.importBundle;
    const encryptedBundle = await encryptImportBundle({
      importBundle,
      secret: mnemonic,
      kind: 'mnemonic',
      ...pinned,
      organizationId: server.organizationId,
      userId: server.rootUserId,
    });
    const imported = await client.importWallet({ userId: server.rootUserId, walletName, encryptedBundle, accounts: [ETH] });
    return imported.result.importWalletResult!.addresses;
  }

  it('imports a known mnemonic with encryptImportBundle and exports it back with decryptExportBundle', async () => {
    expect(await importMnemonic(TEST_MNEMONIC, 'Imported')).toEqual([TEST_ADDRESS]);
    const { wallets } = await client.listWallets();
    const walletId = wallets.find((w) => w.walletName === 'Imported')!.walletId;

    const target = generateTargetKeyPair();
    const exported = await client.exportWallet({ walletId, targetPublicKey: target.targetPublicKey, language: 'MNEMONIC_LANGUAGE_ENGLISH' });
    const exportBundle = exported.result.exportWalletResult!.exportBundle;
    expect(await decryptExportBundle(exportBundle, target.privateKey, 'mnemonic')).toBe(TEST_MNEMONIC);
  });

  it('round-trips a generated wallet: export, import elsewhere, same address', async () => {
    const created = await client.createWallet({ walletName: 'Generated', accounts: [ETH] });
    const { walletId, addresses } = created.result.createWalletResult!;
    const target = generateTargetKeyPair();
    const exported = await client.exportWallet({ walletId, targetPublicKey: target.targetPublicKey });
    const mnemonic = await decryptExportBundle(exported.result.exportWalletResult!.exportBundle, target.privateKey, 'mnemonic');
    expect(mnemonic.split(' ')).toHaveLength(12);
    await client.deleteWallets({ walletIds: [walletId] });
    expect(await importMnemonic(mnemonic, 'Generated again')).toEqual(addresses);
  });

  it('imports and exports a private key as hex', async () => {
    const init = await client.initImportPrivateKey({ userId: server.rootUserId });
    const encryptedBundle = await encryptImportBundle({
      importBundle: init.result.initImportPrivateKeyResult!.importBundle,
      secret: `0x${KEY_ONE}`,
      kind: 'privateKey',
      ...pinned,
      organizationId: server.organizationId,
      userId: server.rootUserId,
    });
    const imported = await client.importPrivateKey({
      userId: server.rootUserId,
      privateKeyName: 'one',
      encryptedBundle,
      curve: 'CURVE_SECP256K1',
      addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
    });
    const { privateKeyId, addresses } = imported.result.importPrivateKeyResult!;
    expect(addresses.map((a) => a.address)).toEqual([KEY_ONE_ADDRESS]);

    const target = generateTargetKeyPair();
    const exported = await client.exportPrivateKey({ privateKeyId, targetPublicKey: target.targetPublicKey });
    expect(await decryptExportBundle(exported.result.exportPrivateKeyResult!.exportBundle, target.privateKey, 'privateKey')).toBe(KEY_ONE);
  });

  it('opens a read-write session credential that the API then accepts as an API key', async () => {
    const target = generateTargetKeyPair();
    const session = await client.createReadWriteSession({ targetPublicKey: target.targetPublicKey });
    const credential = await decryptCredentialBundle(session.result.createReadWriteSessionResultV2!.credentialBundle, target.privateKey);
    expect(credential.apiPublicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    const sessionClient = new SigilClient({
      baseUrl: server.url,
      organizationId: server.organizationId,
      stamper: new ApiKeyStamper({ apiPublicKey: credential.apiPublicKey, apiPrivateKey: credential.apiPrivateKey }),
    });
    expect((await sessionClient.whoami()).userId).toBe(server.rootUserId);
  });

  it('refuses a changed bundle, the wrong key, and an import bundle from an unpinned key or for someone else', async () => {
    const target = generateTargetKeyPair();
    const session = await client.createReadWriteSession({ targetPublicKey: target.targetPublicKey });
    const bundle = session.result.createReadWriteSessionResultV2!.credentialBundle;
    const flipped = bundle.slice(0, -2) + (bundle.endsWith('00') ? '01' : '00');
    await expect(decryptBundle(flipped, target.privateKey)).rejects.toThrow(/does not open with this key/);
    await expect(decryptCredentialBundle(bundle, generateTargetKeyPair().privateKey)).rejects.toBeInstanceOf(BundleError);
    await expect(decryptBundle('abcd', target.privateKey)).rejects.toThrow(/shorter than an encapsulated key/);
    await expect(decryptBundle('zz', target.privateKey)).rejects.toThrow(/not hexadecimal/);

    const init = await client.initImportWallet({ userId: server.rootUserId });
    const importBundle = init.result.initImportWalletResult!.importBundle;
    const expected = { ...pinned, organizationId: server.organizationId, userId: server.rootUserId };
    expect(verifyImportBundle(importBundle, expected).targetPublic).toMatch(/^04[0-9a-f]{128}$/);
    expect(() => verifyImportBundle(importBundle, { ...expected, enclaveQuorumPublicKeys: [generateTargetKeyPair().publicKeyUncompressed] })).toThrow(
      /not one of the pinned enclave quorum keys/,
    );
    expect(() => verifyImportBundle(importBundle, { ...expected, userId: crypto.randomUUID() })).toThrow(/issued for organization/);
    const parsed = JSON.parse(importBundle) as { data: string };
    const forged = JSON.stringify({ ...JSON.parse(importBundle), data: parsed.data.replace(/.{2}$/, (last) => (last === '7d' ? '20' : '7d')) });
    expect(() => verifyImportBundle(forged, expected)).toThrow(/signature does not verify/);
    await expect(encryptImportBundle({ importBundle, secret: 'abcd', kind: 'privateKey', ...expected })).rejects.toThrow(/must be 32 bytes/);
  });
});

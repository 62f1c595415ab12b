// Export and import through the API, checked with the docs' own code: the export pages' decryption
// (docs-open-bundle.test-util.ts) opens every exportBundle, and the import page's verification and
// encryption (docs-seal-import-bundle.test-util.ts) produces every encryptedBundle. Keys and addresses
// are checked with viem and published vectors, signatures with viem.
import { readFileSync } from 'node:fs';
import { generateApiKeyPair } from '@sigil/api-key-stamper';
import { POLICY_EXAMPLES } from '@sigil/policy';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { mnemonicToEntropy } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { wordlist as french } from '@scure/bip39/wordlists/french.js';
import { recoverAddress, type Hex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { openBundle } from '../docs-open-bundle.test-util.js';
import { sealToImportBundle } from '../docs-seal-import-bundle.test-util.js';
import { EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY } from '../enclave-quorum.js';
import { createTestContext, type TestContext } from '../testing/context.js';

let t: TestContext;
afterEach(async () => t?.close());

type Client = TestContext['root']['client'];
const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' };
const SOL = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' };
/** Hardhat's and Anvil's published test mnemonic and the address of its first Ethereum account. */
const TEST_MNEMONIC = 'test test test test test test test test test test test junk';
const TEST_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** The private key 1 and its Ethereum address, a published secp256k1 vector. */
const KEY_ONE = `${'00'.repeat(31)}01`;
const KEY_ONE_ADDRESS = '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf';

/** A target key pair as the export pages make one: the private key as hex, the compressed public key. */
function targetKey() {
  const privateKey = p256.utils.randomSecretKey();
  return { privateKey: bytesToHex(privateKey), targetPublicKey: bytesToHex(p256.getPublicKey(privateKey, true)) };
}

async function newWallet(client: Client) {
  const activity = await client.createWallet({ walletName: 'Savings', accounts: [ETH, SOL] } as never);
  const result = activity.result.createWalletResult!;
  return { walletId: result.walletId, eth: result.addresses[0]!, sol: result.addresses[1]! };
}

async function importBundleFor(client: Client, kind: 'wallet' | 'privateKey', userId: string): Promise<string> {
  if (kind === 'wallet') return (await client.initImportWallet({ userId })).result.initImportWalletResult!.importBundle;
  return (await client.initImportPrivateKey({ userId })).result.initImportPrivateKeyResult!.importBundle;
}

async function sealFor(importBundle: string, secret: Uint8Array) {
  return sealToImportBundle(importBundle, secret, {
    enclaveQuorumPublicKeys: [EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY],
    organizationId: t.organizationId,
    userId: t.root.userId,
  });
}

async function signAndRecover(client: Client, signWith: string): Promise<string> {
  const digest = bytesToHex(p256.utils.randomSecretKey());
  const activity = await client.signRawPayload({ signWith, payload: digest, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' } as never);
  const { r, s, v } = activity.result.signRawPayloadResult! as { r: string; s: string; v: string };
  return recoverAddress({ hash: `0x${digest}` as Hex, signature: { r: `0x${r}`, s: `0x${s}`, yParity: Number(v) } });
}

describe('export', () => {
  it('export_wallet: the docs’ code opens the bundle to the mnemonic of the wallet’s addresses; the wallet is then exported and deletes without deleteWithoutExport', async () => {
    t = await createTestContext();
    const { walletId, eth } = await newWallet(t.root.client);
    await expect(t.root.client.deleteWallets({ walletIds: [walletId] })).rejects.toMatchObject({ code: 9 });
    const target = targetKey();
    const activity = await t.root.client.exportWallet({ walletId, targetPublicKey: target.targetPublicKey, language: 'MNEMONIC_LANGUAGE_ENGLISH' });
    expect(activity).toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED', type: 'ACTIVITY_TYPE_EXPORT_WALLET' });
    const { exportBundle, walletId: exportedId } = activity.result.exportWalletResult!;
    expect(exportedId).toBe(walletId);
    expect(exportBundle).toMatch(/^04[0-9a-f]+$/);
    const mnemonic = new TextDecoder().decode(await openBundle(exportBundle, target.privateKey));
    expect(mnemonic.split(' ')).toHaveLength(12);
    expect(mnemonicToAccount(mnemonic).address).toBe(eth);
    // Only the target's private key opens it.
    await expect(openBundle(exportBundle, targetKey().privateKey)).rejects.toThrow();

    expect((await t.root.client.getWallet({ walletId })).wallet).toMatchObject({ exported: true, imported: false });
    await t.root.client.deleteWallets({ walletIds: [walletId] });
    expect((await t.root.client.listWallets({})).wallets).toEqual([]);
  });

  it('export_wallet: language writes the same entropy with that word list; English by default', async () => {
    t = await createTestContext();
    const { walletId, eth } = await newWallet(t.root.client);
    const target = targetKey();
    const open = async (language?: string) => {
      const activity = await t.root.client.exportWallet({ walletId, targetPublicKey: target.targetPublicKey, ...(language ? { language } : {}) } as never);
      return new TextDecoder().decode(await openBundle(activity.result.exportWalletResult!.exportBundle, target.privateKey));
    };
    const englishWords = await open();
    expect(mnemonicToAccount(englishWords).address).toBe(eth);
    const frenchWords = await open('MNEMONIC_LANGUAGE_FRENCH');
    expect(frenchWords.split(' ').every((word) => french.includes(word))).toBe(true);
    expect(bytesToHex(mnemonicToEntropy(frenchWords, french))).toBe(bytesToHex(mnemonicToEntropy(englishWords, english)));
    // As the document's `language` warns: BIP-39 seeds come from the words, so the French words restore another wallet.
    expect(mnemonicToAccount(frenchWords).address).not.toBe(eth);
    for (const language of ['MNEMONIC_LANGUAGE_JAPANESE', 'MNEMONIC_LANGUAGE_KOREAN', 'MNEMONIC_LANGUAGE_SIMPLIFIED_CHINESE', 'MNEMONIC_LANGUAGE_TRADITIONAL_CHINESE', 'MNEMONIC_LANGUAGE_CZECH', 'MNEMONIC_LANGUAGE_ITALIAN', 'MNEMONIC_LANGUAGE_SPANISH']) {
      expect(await open(language)).not.toBe(englishWords);
    }
  });

  it('export_wallet_account: the bundle opens to the account’s private key; the wallet’s seed flag stays false', async () => {
    t = await createTestContext();
    const { walletId, eth, sol } = await newWallet(t.root.client);
    const target = targetKey();
    const activity = await t.root.client.exportWalletAccount({ address: eth.toLowerCase(), targetPublicKey: target.targetPublicKey });
    const result = activity.result.exportWalletAccountResult!;
    expect(result.address).toBe(eth);
    const key = await openBundle(result.exportBundle, target.privateKey);
    expect(key).toHaveLength(32);
    expect(privateKeyToAccount(`0x${bytesToHex(key)}`).address).toBe(eth);
    const solana = await t.root.client.exportWalletAccount({ address: sol, targetPublicKey: target.targetPublicKey });
    expect(await openBundle(solana.result.exportWalletAccountResult!.exportBundle, target.privateKey)).toHaveLength(32);
    expect((await t.root.client.getWallet({ walletId })).wallet.exported).toBe(false);
    await expect(t.root.client.exportWalletAccount({ address: '0x0000000000000000000000000000000000000001', targetPublicKey: target.targetPublicKey })).rejects.toMatchObject({
      code: 5,
      details: [{ field: 'parameters.address' }],
    });
  });

  it('export_private_key: the bundle opens to the key; the key is then exported and deletes without deleteWithoutExport', async () => {
    t = await createTestContext();
    const created = await t.root.client.createPrivateKeys({ privateKeys: [{ privateKeyName: 'hot', curve: 'CURVE_SECP256K1', privateKeyTags: [], addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] }] } as never);
    const { privateKeyId, addresses } = created.result.createPrivateKeysResult!.privateKeys[0]!;
    const target = targetKey();
    const activity = await t.root.client.exportPrivateKey({ privateKeyId, targetPublicKey: target.targetPublicKey });
    const key = await openBundle(activity.result.exportPrivateKeyResult!.exportBundle, target.privateKey);
    expect(privateKeyToAccount(`0x${bytesToHex(key)}`).address).toBe(addresses[0]!.address);
    expect((await t.root.client.getPrivateKey({ privateKeyId })).privateKey).toMatchObject({ exported: true, imported: false });
    await t.root.client.deletePrivateKeys({ privateKeyIds: [privateKeyId] });
  });

  it('the named-approver policy example holds an export until the security lead approves; then the bundle opens', async () => {
    t = await createTestContext();
    const { walletId, eth } = await newWallet(t.root.client);
    const user = async (userName: string) => {
      const keys = await generateApiKeyPair();
      const created = await t.root.client.createUsers({ users: [{ userName, accessType: 'ACCESS_TYPE_API', userTags: [], authenticators: [], apiKeys: [{ apiKeyName: userName, publicKey: keys.publicKey }] }] });
      return { userId: created.result.createUsersResult!.userIds[0]!, client: t.clientFor(keys) };
    };
    const lead = await user('security lead');
    const clerk = await user('clerk');
    const example = POLICY_EXAMPLES.find((e) => e.id === 'named-approver')!;
    await t.root.client.createPolicy({ ...example.policy, consensus: example.policy.consensus!.replace('usr-sec-lead', lead.userId) } as never);

    const target = targetKey();
    const waiting = await clerk.client.exportWallet({ walletId, targetPublicKey: target.targetPublicKey });
    expect(waiting.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    expect((await t.root.client.getWallet({ walletId })).wallet.exported).toBe(false);
    await lead.client.approveActivity({ fingerprint: waiting.fingerprint });
    const { activity } = await clerk.client.getActivity({ activityId: waiting.id });
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const mnemonic = new TextDecoder().decode(await openBundle(activity.result.exportWalletResult!.exportBundle, target.privateKey));
    expect(mnemonicToAccount(mnemonic).address).toBe(eth);
    expect((await t.root.client.getWallet({ walletId })).wallet.exported).toBe(true);
  });

  it('refuses a target key that is not a P-256 point, and unknown records, changing nothing', async () => {
    t = await createTestContext();
    const { walletId } = await newWallet(t.root.client);
    // x above the field prime: no point has it.
    const offCurve = `02${'ff'.repeat(32)}`;
    await expect(t.root.client.exportWallet({ walletId, targetPublicKey: offCurve })).rejects.toMatchObject({ code: 3, details: [{ field: 'parameters.targetPublicKey' }] });
    expect((await t.root.client.getWallet({ walletId })).wallet.exported).toBe(false);
    await expect(t.root.client.exportWallet({ walletId: crypto.randomUUID(), targetPublicKey: targetKey().targetPublicKey })).rejects.toMatchObject({ code: 5 });
    await expect(t.root.client.exportPrivateKey({ privateKeyId: crypto.randomUUID(), targetPublicKey: targetKey().targetPublicKey })).rejects.toMatchObject({ code: 5 });
  });
});

describe('import', () => {
  it('init_import_wallet: the importBundle is signed by the emulator’s enclave quorum key over data naming the organization and user', async () => {
    t = await createTestContext();
    const bundle = JSON.parse(await importBundleFor(t.root.client, 'wallet', t.root.userId)) as Record<string, string>;
    expect(Object.keys(bundle).sort()).toEqual(['data', 'dataSignature', 'enclaveQuorumPublic', 'version']);
    expect(bundle).toMatchObject({ enclaveQuorumPublic: EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY, version: 'v1.0.0', dataSignature: expect.stringMatching(/^30([0-9a-f]{2})+$/) });
    expect(EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY).toMatch(/^04[0-9a-f]{128}$/);
    const data = hexToBytes(bundle.data!);
    expect(p256.verify(hexToBytes(bundle.dataSignature!), data, hexToBytes(bundle.enclaveQuorumPublic!), { format: 'der', lowS: false })).toBe(true);
    const parsed = JSON.parse(new TextDecoder().decode(data)) as Record<string, string>;
    expect(parsed).toEqual({ targetPublic: expect.stringMatching(/^04[0-9a-f]{128}$/), organizationId: t.organizationId, userId: t.root.userId });
    // The emulator publishes its key in the shape of Sigil's well-known file, for a client to pin.
    expect(await t.raw('/emulator/v1/enclave-quorum', '', {}, 'GET')).toEqual({ status: 200, json: { keys: [{ publicKey: EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY, notBefore: '0' }] } });
    expect(readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')).toContain(`\n${EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY}\n`);
    // A fresh one-time key each time.
    const again = JSON.parse(await importBundleFor(t.root.client, 'wallet', t.root.userId)) as { data: string };
    expect(again.data).not.toBe(bundle.data);
    // The docs' code refuses a key it did not pin.
    await expect(sealToImportBundle(JSON.stringify(bundle), utf8ToBytes('x'), { enclaveQuorumPublicKeys: ['04' + 'ab'.repeat(64)], organizationId: t.organizationId, userId: t.root.userId })).rejects.toThrow(/not one of the pinned enclave quorum keys/);
  });

  it('import_wallet: a mnemonic sealed by the docs’ code becomes an imported wallet with the published addresses, and signs', async () => {
    t = await createTestContext();
    const encryptedBundle = await sealFor(await importBundleFor(t.root.client, 'wallet', t.root.userId), utf8ToBytes(TEST_MNEMONIC));
    const activity = await t.root.client.importWallet({ userId: t.root.userId, walletName: 'Imported', encryptedBundle, accounts: [ETH, SOL] } as never);
    const { walletId, addresses } = activity.result.importWalletResult!;
    expect(addresses[0]).toBe(TEST_ADDRESS);
    expect(addresses[1]).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect((await t.root.client.getWallet({ walletId })).wallet).toMatchObject({ walletName: 'Imported', imported: true, exported: false });
    expect(await signAndRecover(t.root.client, TEST_ADDRESS)).toBe(TEST_ADDRESS);

    // Exporting it gives the same words back.
    const target = targetKey();
    const exported = await t.root.client.exportWallet({ walletId, targetPublicKey: target.targetPublicKey });
    expect(new TextDecoder().decode(await openBundle(exported.result.exportWalletResult!.exportBundle, target.privateKey))).toBe(TEST_MNEMONIC);

    // The one-time key served its import.
    await expect(t.root.client.importWallet({ userId: t.root.userId, walletName: 'Again', encryptedBundle, accounts: [] } as never)).rejects.toMatchObject({ code: 9 });
  });

  it('import_private_key: a key sealed by the docs’ code becomes an imported key with its addresses, and signs', async () => {
    t = await createTestContext();
    const encryptedBundle = await sealFor(await importBundleFor(t.root.client, 'privateKey', t.root.userId), hexToBytes(KEY_ONE));
    const activity = await t.root.client.importPrivateKey({
      userId: t.root.userId,
      privateKeyName: 'one',
      encryptedBundle,
      curve: 'CURVE_SECP256K1',
      addressFormats: ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH'],
    } as never);
    const { privateKeyId, addresses } = activity.result.importPrivateKeyResult!;
    // BIP-173's vector is the key 1 too.
    expect(addresses).toEqual([
      { format: 'ADDRESS_FORMAT_ETHEREUM', address: KEY_ONE_ADDRESS },
      { format: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
    ]);
    expect((await t.root.client.getPrivateKey({ privateKeyId })).privateKey).toMatchObject({ imported: true, exported: false, curve: 'CURVE_SECP256K1' });
    expect(await signAndRecover(t.root.client, privateKeyId)).toBe(KEY_ONE_ADDRESS);

    // The same key twice is refused: a public key names one private key.
    const again = await sealFor(await importBundleFor(t.root.client, 'privateKey', t.root.userId), hexToBytes(KEY_ONE));
    await expect(t.root.client.importPrivateKey({ userId: t.root.userId, privateKeyName: 'two', encryptedBundle: again, curve: 'CURVE_SECP256K1', addressFormats: [] } as never)).rejects.toMatchObject({ code: 6 });
  });

  it('imports an Ed25519 key: its Solana address is the base58 of the public key', async () => {
    t = await createTestContext();
    const secret = hexToBytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
    const encryptedBundle = await sealFor(await importBundleFor(t.root.client, 'privateKey', t.root.userId), secret);
    const activity = await t.root.client.importPrivateKey({ userId: t.root.userId, privateKeyName: 'ed', encryptedBundle, curve: 'CURVE_ED25519', addressFormats: ['ADDRESS_FORMAT_SOLANA'] } as never);
    const { privateKeyId, addresses } = activity.result.importPrivateKeyResult!;
    // RFC 8032 test 1: this secret's public key is d75a9801…511a; its base58 is the Solana address.
    expect(addresses[0]!.address).toBe('FVen3X669xLzsi6N2V91DoiyzHzg1uAgqiT8jZ9nS96Z');
    expect((await t.root.client.getPrivateKey({ privateKeyId })).privateKey.publicKey).toBe('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
  });

  it('refuses with the documented codes, never echoing the secret, and keeps the one-time key for a corrected retry', async () => {
    t = await createTestContext();
    const userId = t.root.userId;
    const send = (encryptedBundle: string, name = 'W') => t.root.client.importWallet({ userId, walletName: name, encryptedBundle, accounts: [] } as never);
    // No init yet.
    const early = await sealFor(await importBundleFor(t.root.client, 'privateKey', userId), utf8ToBytes(TEST_MNEMONIC));
    await expect(send(early)).rejects.toMatchObject({ code: 9 });

    const first = await importBundleFor(t.root.client, 'wallet', userId);
    const second = await importBundleFor(t.root.client, 'wallet', userId);
    // A newer init replaces the older key.
    await expect(send(await sealFor(first, utf8ToBytes(TEST_MNEMONIC)))).rejects.toMatchObject({ code: 3, details: [{ field: 'parameters.encryptedBundle' }] });
    const notWords = 'correct horse battery staple';
    const refused = (await send(await sealFor(second, utf8ToBytes(notWords))).then(() => undefined, (error: unknown) => error)) as { code: number; message: string };
    expect(refused).toMatchObject({ code: 3, details: [{ field: 'parameters.encryptedBundle' }] });
    expect(refused.message).not.toContain('horse');
    // A changed bundle fails too.
    const good = await sealFor(second, utf8ToBytes(TEST_MNEMONIC));
    await expect(send(good.slice(0, -2) + (good.endsWith('00') ? '01' : '00'))).rejects.toMatchObject({ code: 3 });
    // The key is still there for the right bundle.
    expect((await send(good)).result.importWalletResult!.walletId).toMatch(/^[0-9a-f-]{36}$/);

    // Another user's import, and a key that is not 32 bytes or not on the curve.
    await expect(t.root.client.initImportWallet({ userId: crypto.randomUUID() })).rejects.toMatchObject({ code: 5 });
    const bob = await t.root.client.createUsers({ users: [{ userName: 'bob', accessType: 'ACCESS_TYPE_API', apiKeys: [], authenticators: [], userTags: [] }] } as never);
    await expect(t.root.client.initImportWallet({ userId: bob.result.createUsersResult!.userIds[0]! })).rejects.toMatchObject({ code: 3, details: [{ field: 'parameters.userId' }] });
    for (const [secret, curve] of [[new Uint8Array(31).fill(7), 'CURVE_ED25519'], [hexToBytes('ff'.repeat(32)), 'CURVE_SECP256K1']] as const) {
      const bundle = await sealFor(await importBundleFor(t.root.client, 'privateKey', userId), secret);
      await expect(t.root.client.importPrivateKey({ userId, privateKeyName: 'k', encryptedBundle: bundle, curve, addressFormats: [] } as never)).rejects.toMatchObject({ code: 3, details: [{ field: 'parameters.encryptedBundle' }] });
    }
  });

  it('the import and export pages call the SDK helpers these tests use', () => {
    const page = (path: string) => readFileSync(new URL(`../../../../../website/docs/${path}`, import.meta.url), 'utf8');
    for (const path of ['features/import-wallets.mdx', 'embedded-wallets/code-examples/import.mdx']) expect(page(path), path).toContain('encryptImportBundle({');
    for (const path of ['features/export-wallets.mdx', 'embedded-wallets/code-examples/export.mdx']) expect(page(path), path).toContain('decryptExportBundle(');
  });
});

// Wallets and private keys through the API, as the SDK sends them.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/context.js';

let t: TestContext;
afterEach(async () => t?.close());

const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;
const SOL = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', addressFormat: 'ADDRESS_FORMAT_SOLANA' } as const;

type Client = TestContext['root']['client'];

async function newWallet(client: Client, walletName: string, accounts: Array<Record<string, string>>, mnemonicLength?: number) {
  const activity = await client.createWallet({ walletName, accounts, ...(mnemonicLength ? { mnemonicLength } : {}) } as never);
  return activity.result.createWalletResult!;
}

describe('wallets', () => {
  it('creates a wallet with accounts on both curves, reads them back by address and path, and pages through them', async () => {
    t = await createTestContext();
    const { walletId, addresses } = await newWallet(t.root.client, 'Treasury', [
      { ...ETH, path: "m/44'/60'/0'/0/0" },
      { ...SOL, path: "m/44'/501'/0'/0'" },
    ]);
    expect(addresses[0]).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(addresses[1]).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const { wallet } = await t.root.client.getWallet({ walletId });
    expect(wallet).toMatchObject({ walletId, walletName: 'Treasury', exported: false, imported: false });
    expect((await t.root.client.listWallets({})).wallets.map((w) => w.walletId)).toEqual([walletId]);

    const more = await t.root.client.createWalletAccounts({ walletId, accounts: [1, 2, 3].map((i) => ({ ...ETH, path: `m/44'/60'/0'/0/${i}` })) } as never);
    expect(more.result.createWalletAccountsResult!.addresses).toHaveLength(3);

    const byAddress = await t.root.client.getWalletAccount({ walletId, address: addresses[0]!.toLowerCase() });
    expect(byAddress.account).toMatchObject({ address: addresses[0], path: "m/44'/60'/0'/0/0", curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_ETHEREUM' });
    const byPath = await t.root.client.getWalletAccount({ walletId, path: "m/44'/501'/0'/0'" });
    expect(byPath.account.address).toBe(addresses[1]);
    await expect(t.root.client.getWalletAccount({ walletId })).rejects.toMatchObject({ code: 3 });
    await expect(t.root.client.getWalletAccount({ walletId, path: "m/44'/60'/9'/0/0" })).rejects.toMatchObject({ code: 5 });

    // Oldest first, positional cursors.
    const first = (await t.root.client.listWalletAccounts({ walletId, paginationOptions: { limit: 2 } })).accounts;
    expect(first.map((a) => a.path)).toEqual(["m/44'/60'/0'/0/0", "m/44'/501'/0'/0'"]);
    const next = (await t.root.client.listWalletAccounts({ walletId, paginationOptions: { limit: 2, after: first[1]!.walletAccountId } })).accounts;
    expect(next.map((a) => a.path)).toEqual(["m/44'/60'/0'/0/1", "m/44'/60'/0'/0/2"]);
  });

  it('generates a mnemonic of the requested length (12 by default) and keeps it in the state', async () => {
    t = await createTestContext();
    await newWallet(t.root.client, 'Default', []);
    await newWallet(t.root.client, 'Long', [], 24);
    const state = t.emulator.exportState().collections.wallets!.map(([, w]) => w as { walletName: string; mnemonic: string });
    expect(state.map((w) => [w.walletName, w.mnemonic.split(' ').length])).toEqual([['Default', 12], ['Long', 24]]);
  });

  it('refuses bad accounts with the documented codes, and keeps nothing of a refused request', async () => {
    t = await createTestContext();
    await expect(newWallet(t.root.client, 'W', [{ ...ETH, curve: 'CURVE_ED25519', path: "m/44'/60'/0'/0'/0'" }])).rejects.toMatchObject({
      code: 3,
      details: [{ field: 'parameters.accounts[0].addressFormat' }],
    });
    await expect(newWallet(t.root.client, 'W', [{ ...SOL, path: "m/44'/501'/0'/0" }])).rejects.toMatchObject({ code: 3, message: expect.stringContaining('hardened') });
    await expect(newWallet(t.root.client, 'W', [{ ...SOL, addressFormat: 'ADDRESS_FORMAT_TON_V4R2', path: "m/44'/607'/0'" }])).rejects.toMatchObject({
      status: 501,
      code: 12,
      message: expect.stringContaining('ADDRESS_FORMAT_TON_V4R2'),
    });
    expect((await t.root.client.listWallets({})).wallets).toEqual([]);
    await newWallet(t.root.client, 'W', [{ ...ETH, path: "m/44'/60'/0'/0/0" }]);
    await expect(newWallet(t.root.client, 'W', [])).rejects.toMatchObject({ code: 6 });
  });

  it('renames wallets and deletes them only when exported or with deleteWithoutExport', async () => {
    t = await createTestContext();
    const { walletId } = await newWallet(t.root.client, 'Old', [{ ...ETH, path: "m/44'/60'/0'/0/0" }]);
    await t.root.client.updateWallet({ walletId, walletName: 'New' });
    expect((await t.root.client.getWallet({ walletId })).wallet.walletName).toBe('New');
    await expect(t.root.client.deleteWallets({ walletIds: [walletId] })).rejects.toMatchObject({ status: 400, code: 9, message: expect.stringContaining('never exported') });
    await t.root.client.deleteWallets({ walletIds: [walletId], deleteWithoutExport: true });
    await expect(t.root.client.getWallet({ walletId })).rejects.toMatchObject({ code: 5 });
    expect(t.emulator.exportState().collections.walletAccounts ?? []).toEqual([]);
  });

  it('creates a sub-organization with a wallet, and refuses to delete it while the wallet was never exported', async () => {
    t = await createTestContext();
    const { generateApiKeyPair } = await import('@sigil/api-key-stamper');
    const keys = await generateApiKeyPair();
    const activity = await t.root.client.createSubOrganization({
      subOrganizationName: 'user-1',
      rootQuorumThreshold: 1,
      rootUsers: [{ userName: 'End user', apiKeys: [{ apiKeyName: 'k', publicKey: keys.publicKey, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
      wallet: { walletName: 'Default wallet', accounts: [{ ...ETH, path: "m/44'/60'/0'/0/0" }] },
    } as never);
    const result = (activity.result as Record<string, { subOrganizationId: string; wallet: { walletId: string; addresses: string[] } }>).createSubOrganizationResultV7!;
    expect(result.wallet.addresses[0]).toMatch(/^0x/);
    const subClient = t.clientFor(keys, result.subOrganizationId);
    expect((await subClient.listWallets({})).wallets.map((w) => w.walletId)).toEqual([result.wallet.walletId]);
    // The parent reads the sub-organization's wallet.
    expect((await t.root.client.getWallet({ walletId: result.wallet.walletId, organizationId: result.subOrganizationId } as never)).wallet.walletName).toBe('Default wallet');
    await expect(subClient.deleteSubOrganization({})).rejects.toMatchObject({ code: 9 });
    await subClient.deleteSubOrganization({ deleteWithoutExport: true });
    expect(t.emulator.exportState().collections.wallets ?? []).toEqual([]);
  });
});

describe('private keys', () => {
  it('creates keys with addresses and tags, lists them, and deletes them under the export rule', async () => {
    t = await createTestContext();
    const tag = (await t.root.client.createPrivateKeyTag({ privateKeyTagName: 'hot', privateKeyIds: [] })).result.createPrivateKeyTagResult!.privateKeyTagId;
    const created = await t.root.client.createPrivateKeys({
      privateKeys: [
        { privateKeyName: 'eth', curve: 'CURVE_SECP256K1', privateKeyTags: [tag], addressFormats: ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH'] },
        { privateKeyName: 'sol', curve: 'CURVE_ED25519', privateKeyTags: [], addressFormats: ['ADDRESS_FORMAT_SOLANA'] },
      ],
    } as never);
    const result = created.result.createPrivateKeysResult!;
    expect(result.privateKeys[0]!.addresses.map((a) => a.format)).toEqual(['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH']);
    const [ethId, solId] = result.privateKeyIds as [string, string];
    const { privateKey } = await t.root.client.getPrivateKey({ privateKeyId: ethId });
    expect(privateKey).toMatchObject({ privateKeyName: 'eth', curve: 'CURVE_SECP256K1', privateKeyTags: [tag], exported: false, imported: false });
    expect(privateKey.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect((await t.root.client.listPrivateKeys({})).privateKeys.map((k) => k.privateKeyName)).toEqual(['eth', 'sol']);

    // Tags now name real keys.
    await t.root.client.updatePrivateKeyTag({ privateKeyTagId: tag, addPrivateKeyIds: [solId], removePrivateKeyIds: [] } as never);
    expect((await t.root.client.getPrivateKey({ privateKeyId: solId })).privateKey.privateKeyTags).toEqual([tag]);

    await expect(t.root.client.createPrivateKeys({ privateKeys: [{ privateKeyName: 'eth', curve: 'CURVE_SECP256K1', privateKeyTags: [], addressFormats: [] }] } as never)).rejects.toMatchObject({ code: 6 });
    await expect(t.root.client.createPrivateKeys({ privateKeys: [{ privateKeyName: 'x', curve: 'CURVE_ED25519', privateKeyTags: [], addressFormats: ['ADDRESS_FORMAT_TRON'] }] } as never)).rejects.toMatchObject({ code: 3 });
    await expect(t.root.client.deletePrivateKeys({ privateKeyIds: [ethId] })).rejects.toMatchObject({ code: 9 });
    await t.root.client.deletePrivateKeys({ privateKeyIds: [ethId, solId], deleteWithoutExport: true });
    expect((await t.root.client.listPrivateKeys({})).privateKeys).toEqual([]);
    await expect(t.root.client.getPrivateKey({ privateKeyId: ethId })).rejects.toMatchObject({ code: 5 });
  });
});

// What the EVM adapters' tests sign with: an emulator organization holding a wallet (one Ethereum and one Solana
// account), a secp256k1 and an Ed25519 private key, and a non-root API user ("bot") whose signatures policies
// judge by the transaction's value. Shared by @sigil/viem, @sigil/ethers and @sigil/eip1193-provider.
import { generateApiKeyPair } from '@sigil/api-key-stamper';
import { waitForActivity, type SigilClient } from '@sigil/http';
import { createServerClient } from '@sigil/sdk-server';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';

/** Wei values the bot's policies tell apart: up to ALLOWED signs at once, below DENIED_FROM waits for the root user, the rest is denied. */
export const BOT_LIMITS = { ALLOWED: 1000n, DENIED_FROM: 1_000_000n } as const;

export interface SigilFixture {
  emulator: TestEmulator;
  client: SigilClient;
  walletId: string;
  ethereumAddress: `0x${string}`;
  solanaAddress: string;
  /** A secp256k1 private key with its Ethereum address and (compressed) public key. */
  privateKey: { id: string; address: `0x${string}`; publicKey: string };
  ed25519PrivateKeyId: string;
  /** The bot user's client: signs under the policies above. */
  bot: SigilClient;
  close(): Promise<void>;
}

async function completed<A extends { id: string; status: string }>(client: SigilClient, submitted: A): Promise<A> {
  const { outcome, activity } = await waitForActivity(client, submitted);
  if (outcome !== 'COMPLETED') throw new Error(`fixture: activity ${activity.id} ended ${outcome}`);
  return activity;
}

export async function startSigilFixture(): Promise<SigilFixture> {
  const emulator = await startTestEmulator();
  const client = emulator.client;
  try {
    const wallet = await completed(client, await client.createWallet({
      walletName: 'EVM adapter tests',
      accounts: [
        { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
        { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' },
      ],
    }));
    const { walletId, addresses } = wallet.result.createWalletResult!;
    const keys = await completed(client, await client.createPrivateKeys({
      privateKeys: [
        { privateKeyName: 'evm key', curve: 'CURVE_SECP256K1', privateKeyTags: [], addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] },
        { privateKeyName: 'ed25519 key', curve: 'CURVE_ED25519', privateKeyTags: [], addressFormats: [] },
      ],
    }));
    const [secpKey, edKey] = keys.result.createPrivateKeysResult!.privateKeys;
    const { privateKey } = await client.getPrivateKey({ privateKeyId: secpKey!.privateKeyId });

    const botKeys = generateApiKeyPair();
    const users = await completed(client, await client.createUsers({
      users: [{ userName: 'bot', accessType: 'ACCESS_TYPE_API', apiKeys: [{ apiKeyName: 'bot key', publicKey: botKeys.publicKey }], authenticators: [], userTags: [] }],
    }));
    const botId = users.result.createUsersResult!.userIds[0]!;
    const byBot = `user.id == '${botId}'`;
    const byRoot = `approvers.any(u, u.id == '${emulator.rootUserId}')`;
    const tx = `${byBot} && activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION'`;
    const policies = [
      { policyName: 'bot signs messages', effect: 'EFFECT_ALLOW', condition: `${byBot} && activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD'` },
      { policyName: 'bot pays small amounts', effect: 'EFFECT_ALLOW', condition: `${tx} && eth.tx.value <= ${BOT_LIMITS.ALLOWED}` },
      { policyName: 'larger amounts need the root user', effect: 'EFFECT_ALLOW', condition: `${tx} && eth.tx.value > ${BOT_LIMITS.ALLOWED}`, consensus: byRoot },
      { policyName: 'never this much', effect: 'EFFECT_DENY', condition: `${tx} && eth.tx.value >= ${BOT_LIMITS.DENIED_FROM}` },
    ] as const;
    for (const policy of policies) await completed(client, await client.createPolicy(policy));
    const bot = createServerClient({ baseUrl: emulator.url, organizationId: emulator.organizationId, apiPublicKey: botKeys.publicKey, apiPrivateKey: botKeys.privateKey });

    return {
      emulator,
      client,
      walletId,
      ethereumAddress: addresses[0] as `0x${string}`,
      solanaAddress: addresses[1]!,
      privateKey: { id: secpKey!.privateKeyId, address: secpKey!.addresses[0]!.address as `0x${string}`, publicKey: privateKey.publicKey },
      ed25519PrivateKeyId: edKey!.privateKeyId,
      bot,
      close: () => emulator.close(),
    };
  } catch (error) {
    await emulator.close();
    throw error;
  }
}

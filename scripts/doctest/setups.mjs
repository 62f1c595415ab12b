// State a page's example needs in the unit's emulator before it runs, which no earlier block of the page creates:
// `setup="name"` on a block runs SETUPS[name] once per unit, before that block. Each setup returns session values
// (for `replace` and `call`) and environment variables (the ones the page tells the reader to set).
import { generateApiKeyPair } from '@sigil/api-key-stamper';
import { generateTargetKeyPair, waitForActivity } from '@sigil/http';
import { createServerClient } from '@sigil/sdk-server';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import * as evm from './chains/evm.mjs';
import * as solana from './chains/solana.mjs';
import { solanaWalletExtensionSetup } from './solana-wallet-extension.mjs';
import { signUpBackendSetup } from './sign-up-backend.mjs';
import { securityKeySetup } from './security-key.mjs';
import { webhookEndpointSetup } from './webhook-endpoint.mjs';

/** Creates an API-only user with a fresh key pair and returns its ID, keys and a client stamped with them. */
async function createApiUser(emulator, userName) {
  const keys = generateApiKeyPair();
  const submitted = await emulator.client.createUsers({
    users: [{ userName, accessType: 'ACCESS_TYPE_API', apiKeys: [{ apiKeyName: `${userName} key`, publicKey: keys.publicKey }], authenticators: [], userTags: [] }],
  });
  const { outcome, activity } = await waitForActivity(emulator.client, submitted);
  const userId = activity.result?.createUsersResult?.userIds[0];
  if (outcome !== 'COMPLETED' || !userId) throw new Error(`setup: create_users for ${userName} ended ${outcome}`);
  const client = createServerClient({ baseUrl: emulator.url, organizationId: emulator.organizationId, apiPublicKey: keys.publicKey, apiPrivateKey: keys.privateKey });
  return { userId, keys, client };
}

async function setRootQuorum(client, parameters) {
  const { outcome } = await waitForActivity(client, await client.updateRootQuorum(parameters));
  if (outcome !== 'COMPLETED') throw new Error(`setup: update_root_quorum to ${JSON.stringify(parameters)} ended ${outcome}`);
}

/** See SETUPS['waiting-activity']. */
async function waitingActivity(emulator) {
  const second = await createApiUser(emulator, 'second-root');
  const quorum = { threshold: 2, userIds: [emulator.rootUserId, second.userId] };
  await setRootQuorum(emulator.client, quorum);
  const waiting = await second.client.updateRootQuorum({ threshold: 1, userIds: quorum.userIds });
  if (waiting.status !== 'ACTIVITY_STATUS_CONSENSUS_NEEDED') throw new Error(`setup: the second root user's update_root_quorum is ${waiting.status}, not waiting for consensus`);
  return { waiting, second };
}

/** Enables an organization feature in the emulator's organization, as a page's prerequisites ask. */
function featureSetup(...names) {
  return async (emulator) => {
    for (const name of names) {
      const { outcome } = await waitForActivity(emulator.client, await emulator.client.setOrganizationFeature({ name }));
      if (outcome !== 'COMPLETED') throw new Error(`setup: set_organization_feature ${name} ended ${outcome}`);
    }
    return { values: {}, env: {} };
  };
}

/** 10 ETH: what a faucet gives is less, but the examples' amounts and gas fit many times over. */
export const FUNDING_WEI = 10n * 10n ** 18n;

/** See SETUPS['funded-ethereum-account']. Marked `chains` so the unit gets the local chains (execute.mjs). */
async function fundedEthereumAccount(emulator, { values, chains }) {
  if (!chains) throw new Error('setup: funded-ethereum-account needs the local chains, and this run has none');
  if (!values.ethereumAddress) {
    // The block keeps a page's example address and names none of the example wallet's values.
    const { createExampleWallet } = await import('./execute.mjs');
    Object.assign(values, await createExampleWallet(emulator));
  }
  await chains.get(evm).fund(values.ethereumAddress, FUNDING_WEI);
  return { values: {}, env: {} };
}
fundedEthereumAccount.chains = true;
/** In a unit with browser blocks, the signed-in user's wallet (`address`) is funded too. */
fundedEthereumAccount.browserUser = async (user, { chains }) => chains.get(evm).fund(user.address, FUNDING_WEI);

/** The token contract address the pages use (the ethers page calls `transfer` on it). */
export const EXAMPLE_TOKEN_ADDRESS = '0x9b2c4de1F07a3C5b8E6D4F2A1C0B9e8D7f6a5B4c';

/** See SETUPS['ethereum-token']. */
async function ethereumToken(emulator, context) {
  await fundedEthereumAccount(emulator, context);
  // 1000 tokens of 6 decimals, like a stablecoin balance.
  await context.chains.get(evm).installToken(EXAMPLE_TOKEN_ADDRESS, context.values.ethereumAddress, 1_000_000_000n);
  return { values: { tokenAddress: EXAMPLE_TOKEN_ADDRESS }, env: {} };
}
ethereumToken.chains = true;

/** 10 SOL: a devnet faucet gives less, but the examples' transfers and fees fit many times over. */
export const FUNDING_LAMPORTS = 10n * 1_000_000_000n;

/** See SETUPS['funded-solana-account']. */
async function fundedSolanaAccount(emulator, { values, chains }) {
  if (!chains) throw new Error('setup: funded-solana-account needs the local chains, and this run has none');
  if (!values.solanaAddress) {
    const { createExampleWallet } = await import('./execute.mjs');
    Object.assign(values, await createExampleWallet(emulator));
  }
  await chains.get(solana).fund(values.solanaAddress, FUNDING_LAMPORTS);
  return { values: {}, env: {} };
}
fundedSolanaAccount.chains = true;

export const SETUPS = {
  /**
   * The example wallet's Solana account (`solanaAddress`) holds 10 SOL on the local Solana chain (SOLANA_RPC_URL), as
   * after the reader funded it from a faucet.
   */
  'funded-solana-account': fundedSolanaAccount,
  /**
   * The example wallet's Ethereum account (`ethereumAddress`) holds 10 ETH on the local EVM chains (SEPOLIA_RPC_URL,
   * ETHEREUM_RPC_URL), as after the reader funded it from a faucet; in a unit with browser blocks, the signed-in user's
   * Ethereum account (`address`) too.
   */
  'funded-ethereum-account': fundedEthereumAccount,
  /**
   * `funded-ethereum-account`, and a token contract (transfer, balanceOf, decimals 6: scripts/doctest/chains/evm-token.mjs)
   * at the pages' token address, 0x9b2c4de1F07a3C5b8E6D4F2A1C0B9e8D7f6a5B4c (`tokenAddress`), holding 1000 tokens for
   * the example wallet's Ethereum account.
   */
  'ethereum-token': ethereumToken,
  /** FEATURE_NAME_EMAIL_AUTH on the organization, which email sign-in needs. */
  'email-auth-enabled': featureSetup('FEATURE_NAME_EMAIL_AUTH'),
  /** FEATURE_NAME_OTP_EMAIL_AUTH on the organization, which one-time codes by email need. */
  'otp-email-enabled': featureSetup('FEATURE_NAME_OTP_EMAIL_AUTH'),
  /** FEATURE_NAME_EMAIL_RECOVERY and FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY, which recovering a root user needs. */
  'email-recovery-enabled': featureSetup('FEATURE_NAME_EMAIL_RECOVERY', 'FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY'),
  /**
   * An activity waiting for the root user's vote: a second root user joins a root quorum of 2 and submits an
   * update_root_quorum, which waits for consensus with that user's vote. `waitingActivityId` names it;
   * APPROVER_API_PUBLIC_KEY / APPROVER_API_PRIVATE_KEY are the root user's keys, a user other than the submitter.
   */
  'waiting-activity': async (emulator) => {
    const { waiting, second } = await waitingActivity(emulator);
    return {
      values: { waitingActivityId: waiting.id, submitterUserId: second.userId, submitterPublicKey: second.keys.publicKey },
      env: { APPROVER_API_PUBLIC_KEY: emulator.rootKeys.publicKey, APPROVER_API_PRIVATE_KEY: emulator.rootKeys.privateKey },
    };
  },
  /** The activity of `waiting-activity` after the root user approved it: `approvedActivityId`, with the root user's vote. */
  'approved-activity': async (emulator) => {
    const { waiting } = await waitingActivity(emulator);
    const vote = await emulator.client.approveActivity({ fingerprint: waiting.fingerprint });
    await waitForActivity(emulator.client, vote);
    const { outcome } = await waitForActivity(emulator.client, waiting.id);
    if (outcome !== 'COMPLETED') throw new Error(`setup: the approved update_root_quorum ended ${outcome}`);
    return { values: { approvedActivityId: waiting.id }, env: {} };
  },
  /** A wallet of the organization that was exported once (so it can be deleted without deleteWithoutExport): `exportedWalletId`. */
  'exported-wallet': async (emulator) => {
    const accounts = [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }];
    const created = await waitForActivity(emulator.client, await emulator.client.createWallet({ walletName: 'Exported wallet', accounts }));
    const walletId = created.activity.result?.createWalletResult?.walletId;
    if (created.outcome !== 'COMPLETED' || !walletId) throw new Error(`setup: create_wallet ended ${created.outcome}`);
    const exported = await waitForActivity(emulator.client, await emulator.client.exportWallet({ walletId, targetPublicKey: generateTargetKeyPair().targetPublicKey }));
    if (exported.outcome !== 'COMPLETED') throw new Error(`setup: export_wallet ended ${exported.outcome}`);
    return { values: { exportedWalletId: walletId }, env: {} };
  },
  /**
   * A sub-organization whose root user holds the emulator root user's API key, so the unit's key acts in it, with
   * one wallet (`Sub wallet`, one Ethereum account): `subOrganizationId`.
   */
  'sub-organization': async (emulator) => {
    const accounts = [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }];
    const rootUsers = [
      { userName: 'sub-root', apiKeys: [{ apiKeyName: 'root key', publicKey: emulator.rootKeys.publicKey, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] },
    ];
    const created = await waitForActivity(
      emulator.client,
      await emulator.client.createSubOrganization({ subOrganizationName: 'Docs sub-organization', rootUsers, rootQuorumThreshold: 1, wallet: { walletName: 'Sub wallet', accounts } }),
    );
    const subOrganizationId = created.activity.result?.createSubOrganizationResultV7?.subOrganizationId;
    if (created.outcome !== 'COMPLETED' || !subOrganizationId) throw new Error(`setup: create_sub_organization ended ${created.outcome}`);
    return { values: { subOrganizationId }, env: {} };
  },
  /**
   * A connected Solana wallet whose Ed25519 key is an API key of the root user, for pages whose examples
   * `declare const adapter: SolanaWalletAdapter` (the wallet adapter the reader's app gets from the wallet):
   * `solanaWalletAdapter` is code that defines that `adapter`, backed by the key, to put in its place with
   * replace="declare const adapter: SolanaWalletAdapter;=>solanaWalletAdapter".
   */
  'solana-wallet': async (emulator) => {
    const secretKey = ed25519.utils.randomSecretKey();
    const publicKey = bytesToHex(ed25519.getPublicKey(secretKey));
    const apiKeys = [{ apiKeyName: 'Connected wallet', publicKey, curveType: 'API_KEY_CURVE_ED25519' }];
    const { outcome } = await waitForActivity(emulator.client, await emulator.client.createApiKeys({ userId: emulator.rootUserId, apiKeys }));
    if (outcome !== 'COMPLETED') throw new Error(`setup: create_api_keys for the Solana wallet ended ${outcome}`);
    // Parsed without Buffer, so the adapter works in a browser block as in Node.
    const secret = `Uint8Array.from('${bytesToHex(secretKey)}'.match(/../g)!.map((byte) => parseInt(byte, 16)))`;
    const adapter = `const {ed25519} = await import('@noble/curves/ed25519.js'); const adapter: SolanaWalletAdapter = {publicKey: {toBytes: () => ed25519.getPublicKey(${secret})}, signMessage: async (message: Uint8Array) => ed25519.sign(message, ${secret})};`;
    return { values: { solanaWalletAdapter: adapter, solanaWalletPublicKey: publicKey }, env: {} };
  },
  /**
   * A Solana wallet extension in the browser tab: `window.solana` with `connect` and `signMessage`, signing with a
   * real Ed25519 key (solana-wallet-extension.mjs). `solanaWalletPublicKey` (hex), `solanaWalletAddress` (base58).
   */
  'solana-wallet-extension': solanaWalletExtensionSetup,
  /**
   * The app backend's passkey sign-up, for pages that leave it to the reader: the tab's `POST /api/sign-up`
   * `{email, passkey}` creates the user's sub-organization in the emulator and answers `{subOrganizationId}`
   * (sign-up-backend.mjs).
   */
  'sign-up-backend': signUpBackendSetup,
  /**
   * A second authenticator in the browser tab, a USB security key that takes part only in creating passkeys
   * (security-key.mjs); `securityKeyCredentialIds()` lists what it holds.
   */
  'security-key': securityKeySetup,
  /**
   * FEATURE_NAME_WEBHOOK pointing at http://127.0.0.1:<free port>/sigil/activities (`webhookPort`, `webhookUrl`), for a
   * block marked background="webhookPort"; while it runs, a forged post must get 401 and a create_wallet completes
   * (webhook-endpoint.mjs).
   */
  'webhook-endpoint': webhookEndpointSetup,
  /** Two more users besides the root user, for examples that make a root quorum of three: `secondUserId`, `thirdUserId`. */
  'two-more-users': async (emulator) => {
    const second = await createApiUser(emulator, 'second-user');
    const third = await createApiUser(emulator, 'third-user');
    return { values: { secondUserId: second.userId, thirdUserId: third.userId }, env: {} };
  },
};

import { ActivityTimeoutError, SigilRequestError, waitForActivity } from '@sigil/http';
import { startTestEmulator } from '@sigil/emulator/testing';
import {
  BaseError,
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  type SerializeTransactionFn,
  type TransactionSerializable,
} from 'viem';
import { sepolia } from 'viem/chains';
import { recoverAuthorizationAddress } from 'viem/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startEvmChains, type EvmChains } from '../../../scripts/doctest/chains/evm.mjs';
import { BOT_LIMITS, startSigilFixture, type SigilFixture } from '../test/sigil-fixture.js';
import { createAccount, SigilActivityError } from './index.js';

let f: SigilFixture;
let chains: EvmChains;
beforeAll(async () => {
  [f, chains] = await Promise.all([startSigilFixture(), startEvmChains()]);
}, 30_000);
afterAll(async () => {
  await Promise.all([f?.close(), chains?.stop()]);
});

const recipient = '0x7a3f9c2b8d4e1f6a5b0c9d8e7f6a5b4c3d2e1f0a';
const fees = { maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
const typedData = {
  domain: { name: 'Example', version: '1', chainId: 11155111, verifyingContract: '0x9b2c4de1f07a3c5b8e6d4f2a1c0b9e8d7f6a5b4c' },
  types: { Order: [{ name: 'maker', type: 'address' }, { name: 'amount', type: 'uint256' }] },
  primaryType: 'Order',
  message: { maker: recipient, amount: 1000n },
} as const;

const transactions = {
  legacy: { type: 'legacy', chainId: 11155111, to: recipient, value: 1n, nonce: 3, gas: 21000n, gasPrice: 20_000_000_000n },
  eip2930: { type: 'eip2930', chainId: 11155111, to: recipient, value: 2n, nonce: 4, gas: 30000n, gasPrice: 20_000_000_000n, accessList: [{ address: recipient, storageKeys: [`0x${'00'.repeat(31)}01`] }] },
  eip1559: { type: 'eip1559', chainId: 11155111, to: recipient, value: 3n, nonce: 5, gas: 21000n, data: '0xa9059cbb', ...fees },
} satisfies Record<string, TransactionSerializable>;

/** The Sigil error an adapter call failed with, through viem's wrapping (as the page's `walk` example finds it). */
async function sigilCause(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(() => expect.fail('expected the call to fail'), (e: unknown) => e);
  if (error instanceof BaseError) return error.walk((e) => e instanceof SigilRequestError || e instanceof SigilActivityError || e instanceof ActivityTimeoutError);
  return error;
}

describe('createAccount: the address', () => {
  it('is signWith itself, checksummed, for a wallet account address, without a request', async () => {
    const before = f.emulator.requests.length;
    const account = await createAccount({ client: f.client, signWith: f.ethereumAddress.toLowerCase() });
    expect(account.address).toBe(f.ethereumAddress);
    expect(account.type).toBe('local');
    expect(f.emulator.requests.length).toBe(before);
  });

  it('is derived from a private key ID (get_private_key) or a public key, with the public key', async () => {
    const byId = await createAccount({ client: f.client, signWith: f.privateKey.id });
    const byKey = await createAccount({ client: f.client, signWith: f.privateKey.publicKey });
    expect(byId.address).toBe(f.privateKey.address);
    expect(byKey.address).toBe(f.privateKey.address);
    expect(byId.publicKey).toMatch(/^0x04[0-9a-f]{128}$/);
    expect(byKey.publicKey).toBe(byId.publicKey);
    const signature = await byId.signMessage({ message: 'by private key ID' });
    expect(await recoverMessageAddress({ message: 'by private key ID', signature: await byKey.signMessage({ message: 'by private key ID' }) })).toBe(f.privateKey.address);
    expect(await recoverMessageAddress({ message: 'by private key ID', signature })).toBe(f.privateKey.address);
  });

  it('refuses what is no Ethereum account with a TypeError: a Solana address, an Ed25519 key, nonsense', async () => {
    await expect(createAccount({ client: f.client, signWith: f.solanaAddress })).rejects.toThrow(TypeError);
    await expect(createAccount({ client: f.client, signWith: f.solanaAddress })).rejects.toThrow(/is no Ethereum account/);
    await expect(createAccount({ client: f.client, signWith: f.ed25519PrivateKeyId })).rejects.toThrow(/CURVE_ED25519; Ethereum signs with CURVE_SECP256K1/);
    await expect(createAccount({ client: f.client, signWith: f.ethereumAddress, ethereumAddress: '0x1234' })).rejects.toThrow(/not an Ethereum address/);
    await expect(createAccount({ client: f.client, signWith: '' })).rejects.toThrow(TypeError);
  });

  it('passes Sigil refusals through: a private key ID of no key of the organization is code 5', async () => {
    const error = await createAccount({ client: f.client, signWith: '00000000-0000-4000-8000-000000000000' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect((error as SigilRequestError).code).toBe(5);
  });
});

describe('signatures viem verifies', () => {
  it('signs EIP-191 messages (text and raw bytes) with sign_raw_payload and KECCAK256', async () => {
    const account = await createAccount({ client: f.client, signWith: f.ethereumAddress });
    const text = await account.signMessage({ message: 'Sign in to Example' });
    expect(text).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await recoverMessageAddress({ message: 'Sign in to Example', signature: text })).toBe(f.ethereumAddress);
    const raw = await account.signMessage({ message: { raw: '0xdeadbeef' } });
    expect(await recoverMessageAddress({ message: { raw: '0xdeadbeef' }, signature: raw })).toBe(f.ethereumAddress);
    const last = JSON.parse(f.emulator.requests.at(-1)!.body);
    expect(last.parameters).toMatchObject({ encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_KECCAK256', signWith: f.ethereumAddress });
  });

  it('signs EIP-712 typed data: the digest with HASH_FUNCTION_NO_OP', async () => {
    const account = await createAccount({ client: f.client, signWith: f.ethereumAddress });
    const signature = await account.signTypedData(typedData);
    expect(await recoverTypedDataAddress({ ...typedData, signature })).toBe(f.ethereumAddress);
    expect(JSON.parse(f.emulator.requests.at(-1)!.body).parameters.hashFunction).toBe('HASH_FUNCTION_NO_OP');
  });

  for (const [type, transaction] of Object.entries(transactions)) {
    it(`signs a ${type} transaction with sign_transaction; viem recovers the signer and reads back the same fields`, async () => {
      const account = await createAccount({ client: f.client, signWith: f.ethereumAddress });
      const signed = await account.signTransaction(transaction);
      expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(f.ethereumAddress);
      const { r, s, v, yParity, ...fields } = parseTransaction(signed);
      expect(r).toMatch(/^0x/);
      expect(fields).toMatchObject({ ...transaction, to: recipient });
      expect(JSON.parse(f.emulator.requests.at(-1)!.body).parameters.type).toBe('TRANSACTION_TYPE_ETHEREUM');
    });
  }

  it('signs an EIP-7702 authorization (a digest with HASH_FUNCTION_NO_OP) that viem recovers', async () => {
    const account = await createAccount({ client: f.client, signWith: f.ethereumAddress });
    const authorization = await account.signAuthorization!({ address: recipient, chainId: 11155111, nonce: 7 });
    expect(authorization).toMatchObject({ address: recipient, chainId: 11155111, nonce: 7, yParity: expect.any(Number) });
    expect(await recoverAuthorizationAddress({ authorization })).toBe(f.ethereumAddress);
  });

  it('gets Sigil refusal code 3 for transaction types sign_transaction does not sign (EIP-7702, EIP-4844)', async () => {
    const account = await createAccount({ client: f.client, signWith: f.ethereumAddress });
    const authorization = await account.signAuthorization!({ address: recipient, chainId: 11155111, nonce: 0 });
    const setCode = account.signTransaction({ type: 'eip7702', chainId: 11155111, to: recipient, nonce: 0, gas: 60000n, authorizationList: [authorization], ...fees });
    const error = await setCode.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect(error).toMatchObject({ code: 3, message: expect.stringContaining('eip7702 transactions are not signed by sign_transaction') });
    const blob = account.signTransaction({ type: 'eip4844', chainId: 11155111, to: recipient, nonce: 0, gas: 60000n, maxFeePerBlobGas: 1n, blobVersionedHashes: [`0x01${'00'.repeat(31)}`], ...fees });
    await expect(blob).rejects.toMatchObject({ code: 3 });
  });
});

describe('bad input and outcomes surface as the page documents', () => {
  it('a signWith address of no account of the organization: SigilRequestError code 5', async () => {
    const account = await createAccount({ client: f.client, signWith: recipient });
    await expect(account.signMessage({ message: 'x' })).rejects.toMatchObject({ name: 'SigilError', code: 5 });
    await expect(account.signMessage({ message: 'x' })).rejects.toBeInstanceOf(SigilRequestError);
  });

  it('an Ed25519 account named with ethereumAddress: Sigil refuses with code 3', async () => {
    const account = await createAccount({ client: f.client, signWith: f.solanaAddress, ethereumAddress: f.ethereumAddress });
    await expect(account.signMessage({ message: 'x' })).rejects.toMatchObject({ code: 3 });
    await expect(account.signTransaction(transactions.eip1559)).rejects.toMatchObject({ code: 3, message: expect.stringContaining('secp256k1') });
  });

  it('a malformed transaction (a serializer that returns no RLP): code 3', async () => {
    const account = await createAccount({ client: f.client, signWith: f.ethereumAddress });
    // An empty EIP-1559 envelope: the type byte, then an empty RLP list.
    const emptyEnvelope: SerializeTransactionFn<TransactionSerializable> = () => '0x02c0';
    const bad = account.signTransaction(transactions.eip1559, { serializer: emptyEnvelope });
    await expect(bad).rejects.toMatchObject({ code: 3, message: expect.stringContaining('not an RLP-encoded Ethereum transaction') });
  });

  it('policies: a small amount signs, a larger one waits (SigilActivityError CONSENSUS_NEEDED), a denied one is code 7', async () => {
    const account = await createAccount({ client: f.bot, signWith: f.ethereumAddress });
    const wallet = createWalletClient({ account, chain: sepolia, transport: http(chains.env.SEPOLIA_RPC_URL) });
    const tx = (value: bigint) => ({ ...transactions.eip1559, value });
    const message = await account.signMessage({ message: 'the bot may sign messages' });
    expect(await recoverMessageAddress({ message: 'the bot may sign messages', signature: message })).toBe(f.ethereumAddress);
    const small = await account.signTransaction(tx(BOT_LIMITS.ALLOWED));
    expect(await recoverTransactionAddress({ serializedTransaction: small as never })).toBe(f.ethereumAddress);

    const waiting = await account.signTransaction(tx(BOT_LIMITS.ALLOWED + 1n)).catch((e: unknown) => e);
    expect(waiting).toBeInstanceOf(SigilActivityError);
    const { outcome, activity } = waiting as SigilActivityError;
    expect(outcome).toBe('CONSENSUS_NEEDED');
    expect(activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    // Once the root user approves, the activity holds the signed transaction, as the ethers page describes.
    const { activity: full } = await f.client.getActivity({ activityId: activity.id });
    await waitForActivity(f.client, await f.client.approveActivity({ fingerprint: full.fingerprint }));
    const approved = await waitForActivity(f.client, activity.id);
    expect(approved.outcome).toBe('COMPLETED');
    const signed = `0x${approved.activity.result.signTransactionResult!.signedTransaction}` as const;
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(f.ethereumAddress);

    const denied = await sigilCause(wallet.signTransaction(tx(BOT_LIMITS.DENIED_FROM)));
    expect(denied).toBeInstanceOf(SigilRequestError);
    expect((denied as SigilRequestError).code).toBe(7);
  });

  it('an activity that stays pending past waitOptions.timeoutMs: ActivityTimeoutError', async () => {
    const slow = await startTestEmulator({ pendingPolls: 3 });
    try {
      const created = await slow.client.createWallet({ walletName: 'slow', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] });
      const { activity } = await waitForActivity(slow.client, created, { initialDelayMs: 1, factor: 1 });
      const [address] = activity.result.createWalletResult!.addresses;
      const account = await createAccount({ client: slow.client, signWith: address!, waitOptions: { timeoutMs: 100, initialDelayMs: 20 } });
      const error = await account.signMessage({ message: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ActivityTimeoutError);
      expect(error).toMatchObject({ timeoutMs: 100, activityId: expect.any(String) });
    } finally {
      await slow.close();
    }
  });
});

describe('on a real chain (ganache, in process)', () => {
  it('sends ETH with a wallet client: viem fills nonce, gas and fees, Sigil signs, the balance moves', async () => {
    await chains.fund(f.ethereumAddress, parseEther('1'));
    const account = await createAccount({ client: f.client, signWith: f.ethereumAddress });
    const wallet = createWalletClient({ account, chain: sepolia, transport: http(chains.env.SEPOLIA_RPC_URL) });
    const reader = createPublicClient({ chain: sepolia, transport: http(chains.env.SEPOLIA_RPC_URL) });
    const before = await reader.getBalance({ address: recipient });
    const hash = await wallet.sendTransaction({ to: recipient, value: parseEther('0.01') });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(f.ethereumAddress.toLowerCase());
    expect(await reader.getBalance({ address: recipient })).toBe(before + parseEther('0.01'));
  });
});

import { ActivityTimeoutError, SigilRequestError, waitForActivity } from '@sigil/http';
import { startTestEmulator } from '@sigil/emulator/testing';
import { JsonRpcProvider, Transaction, parseEther, verifyMessage, verifyTypedData, type TransactionRequest } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startEvmChains, type EvmChains } from '../../../scripts/doctest/chains/evm.mjs';
import { BOT_LIMITS, startSigilFixture, type SigilFixture } from '../../viem/test/sigil-fixture.js';
import { SigilActivityError, SigilSigner } from './index.js';

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
const transactions: Record<string, TransactionRequest> = {
  legacy: { type: 0, chainId: 11155111n, to: recipient, value: 1n, nonce: 3, gasLimit: 21000n, gasPrice: 20_000_000_000n },
  eip2930: { type: 1, chainId: 11155111n, to: recipient, value: 2n, nonce: 4, gasLimit: 30000n, gasPrice: 20_000_000_000n, accessList: [{ address: recipient, storageKeys: [`0x${'00'.repeat(31)}01`] }] },
  eip1559: { type: 2, chainId: 11155111n, to: recipient, value: 3n, nonce: 5, gasLimit: 21000n, data: '0xa9059cbb', ...fees },
};
const lastParameters = () => JSON.parse(f.emulator.requests.at(-1)!.body).parameters as Record<string, string>;

describe('SigilSigner: the address and connect', () => {
  it('getAddress returns the checksummed signWith without a request; address names a private key ID\'s account', async () => {
    const before = f.emulator.requests.length;
    const signer = new SigilSigner({ client: f.client, signWith: f.ethereumAddress.toLowerCase() });
    expect(await signer.getAddress()).toBe(f.ethereumAddress);
    expect(f.emulator.requests.length).toBe(before);
    const byKey = new SigilSigner({ client: f.client, signWith: f.privateKey.id, address: f.privateKey.address });
    expect(verifyMessage('by key ID', await byKey.signMessage('by key ID'))).toBe(f.privateKey.address);
  });

  it('refuses a signWith that is no Ethereum address without options.address (a Solana address), with a TypeError', () => {
    expect(() => new SigilSigner({ client: f.client, signWith: f.solanaAddress })).toThrow(TypeError);
    expect(() => new SigilSigner({ client: f.client, signWith: f.privateKey.id })).toThrow(/pass the account's address as options.address/);
    expect(() => new SigilSigner({ client: f.client, signWith: f.privateKey.id, address: 'nope' })).toThrow(/not an Ethereum address/);
  });

  it('connect returns a copy on another provider with the same key', async () => {
    const provider = new JsonRpcProvider(chains.env.ETHEREUM_RPC_URL);
    const signer = new SigilSigner({ client: f.client, signWith: f.ethereumAddress });
    const connected = signer.connect(provider);
    expect(connected).not.toBe(signer);
    expect(connected.provider).toBe(provider);
    expect(signer.provider).toBeNull();
    expect(await connected.getAddress()).toBe(f.ethereumAddress);
    provider.destroy();
  });
});

describe('signatures ethers verifies', () => {
  it('signMessage: EIP-191 with sign_raw_payload and KECCAK256, for text and bytes', async () => {
    const signer = new SigilSigner({ client: f.client, signWith: f.ethereumAddress });
    expect(verifyMessage('Sign in to Example', await signer.signMessage('Sign in to Example'))).toBe(f.ethereumAddress);
    expect(lastParameters()).toMatchObject({ encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_KECCAK256' });
    const bytes = new Uint8Array([0xde, 0xad, 0xbe, 0xef]);
    expect(verifyMessage(bytes, await signer.signMessage(bytes))).toBe(f.ethereumAddress);
  });

  it('signTypedData: the EIP-712 digest with HASH_FUNCTION_NO_OP', async () => {
    const signer = new SigilSigner({ client: f.client, signWith: f.ethereumAddress });
    const domain = { name: 'Example', version: '1', chainId: 11155111, verifyingContract: '0x9b2c4de1f07a3c5b8e6d4f2a1c0b9e8d7f6a5b4c' };
    const types = { Order: [{ name: 'maker', type: 'address' }, { name: 'amount', type: 'uint256' }] };
    const value = { maker: recipient, amount: 1000n };
    const signature = await signer.signTypedData(domain, types, value);
    expect(verifyTypedData(domain, types, value, signature)).toBe(f.ethereumAddress);
    expect(lastParameters().hashFunction).toBe('HASH_FUNCTION_NO_OP');
  });

  for (const [type, request] of Object.entries(transactions)) {
    it(`signTransaction: a ${type} transaction with sign_transaction; ethers recovers the sender and the fields`, async () => {
      const signer = new SigilSigner({ client: f.client, signWith: f.ethereumAddress });
      const signed = Transaction.from(await signer.signTransaction(request));
      expect(signed.from).toBe(f.ethereumAddress);
      expect(signed.type).toBe(request.type);
      expect([signed.to?.toLowerCase(), signed.value, signed.nonce, signed.chainId]).toEqual([recipient, request.value, request.nonce, 11155111n]);
      expect(lastParameters().type).toBe('TRANSACTION_TYPE_ETHEREUM');
    });
  }

  it('refuses a transaction whose from is another address', async () => {
    const signer = new SigilSigner({ client: f.client, signWith: f.ethereumAddress });
    await expect(signer.signTransaction({ ...transactions.eip1559, from: recipient })).rejects.toThrow(/is not this signer's address/);
  });
});

describe('bad input and outcomes surface as the page documents', () => {
  it('signWith of no account of the organization: SigilRequestError code 5', async () => {
    const signer = new SigilSigner({ client: f.client, signWith: recipient });
    const error = await signer.signMessage('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect(error).toMatchObject({ code: 5 });
  });

  it('an Ed25519 key given with an address: Sigil refuses with code 3', async () => {
    const signer = new SigilSigner({ client: f.client, signWith: f.ed25519PrivateKeyId, address: f.ethereumAddress });
    await expect(signer.signTransaction(transactions.eip1559!)).rejects.toMatchObject({ code: 3, message: expect.stringContaining('secp256k1') });
    await expect(signer.signMessage('x')).rejects.toMatchObject({ code: 3 });
  });

  it('a malformed transaction: ethers refuses what it cannot serialize before Sigil sees it', async () => {
    const signer = new SigilSigner({ client: f.client, signWith: f.ethereumAddress });
    const before = f.emulator.requests.length;
    await expect(signer.signTransaction({ type: 2, to: 'not an address', chainId: 1n })).rejects.toThrow();
    expect(f.emulator.requests.length).toBe(before);
  });

  it('policies: small signs, larger waits (SigilActivityError CONSENSUS_NEEDED, then approved), denied is code 7', async () => {
    const signer = new SigilSigner({ client: f.bot, signWith: f.ethereumAddress });
    const tx = (value: bigint) => ({ ...transactions.eip1559, value });
    expect(Transaction.from(await signer.signTransaction(tx(BOT_LIMITS.ALLOWED))).from).toBe(f.ethereumAddress);
    const waiting = await signer.signTransaction(tx(BOT_LIMITS.ALLOWED + 1n)).catch((e: unknown) => e);
    expect(waiting).toBeInstanceOf(SigilActivityError);
    expect(waiting).toMatchObject({ outcome: 'CONSENSUS_NEEDED', activity: { status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' } });
    const { activity } = await f.client.getActivity({ activityId: (waiting as SigilActivityError).activity.id });
    await waitForActivity(f.client, await f.client.approveActivity({ fingerprint: activity.fingerprint }));
    const approved = await waitForActivity(f.client, activity.id);
    expect(Transaction.from(`0x${approved.activity.result.signTransactionResult!.signedTransaction}`).from).toBe(f.ethereumAddress);
    const denied = await signer.signTransaction(tx(BOT_LIMITS.DENIED_FROM)).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(SigilRequestError);
    expect(denied).toMatchObject({ code: 7 });
  });

  it('an activity still pending at waitOptions.timeoutMs: ActivityTimeoutError', async () => {
    const slow = await startTestEmulator({ pendingPolls: 3 });
    try {
      const created = await slow.client.createWallet({ walletName: 'slow', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] });
      const { activity } = await waitForActivity(slow.client, created, { initialDelayMs: 1, factor: 1 });
      const signer = new SigilSigner({ client: slow.client, signWith: activity.result.createWalletResult!.addresses[0]!, waitOptions: { timeoutMs: 100, initialDelayMs: 20 } });
      const error = await signer.signMessage('x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ActivityTimeoutError);
      expect(error).toMatchObject({ timeoutMs: 100 });
    } finally {
      await slow.close();
    }
  });
});

describe('on a real chain (ganache, in process)', () => {
  it('sendTransaction: ethers populates nonce, gas and fees from the provider, Sigil signs, the balance moves', async () => {
    await chains.fund(f.ethereumAddress, parseEther('1'));
    // cacheTimeout -1: ethers would answer the second getBalance from the first one's cache for 250 ms.
    const provider = new JsonRpcProvider(chains.env.SEPOLIA_RPC_URL, undefined, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
    try {
      const signer = new SigilSigner({ client: f.client, signWith: f.ethereumAddress }, provider);
      const before = await provider.getBalance(recipient);
      const sent = await signer.sendTransaction({ to: recipient, value: parseEther('0.01') });
      const receipt = await sent.wait();
      expect(receipt?.status).toBe(1);
      expect(receipt?.from).toBe(f.ethereumAddress);
      expect(await provider.getBalance(recipient)).toBe(before + parseEther('0.01'));
    } finally {
      provider.destroy();
    }
  });
});

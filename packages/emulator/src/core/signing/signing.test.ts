// Signing through the API. Every signature is checked with an implementation other than the one that
// made it: viem (its own secp256k1 and RLP) for secp256k1 and Ethereum, node:crypto for Ed25519.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { generateApiKeyPair } from '@sigil/api-key-stamper';
import { POLICY_EXAMPLES } from '@sigil/policy';
import { base58 } from '@scure/base';
import { parseTransaction, recoverAddress, recoverTransactionAddress, serializeTransaction, type Hex, type TransactionSerializable } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/context.js';

let t: TestContext;
afterEach(async () => t?.close());

type Client = TestContext['root']['client'];
const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' };
const SOL = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' };

async function wallet(client: Client) {
  const activity = await client.createWallet({ walletName: 'Signer', accounts: [ETH, SOL] } as never);
  const [eth, sol] = activity.result.createWalletResult!.addresses as [string, string];
  return { eth, sol, walletId: activity.result.createWalletResult!.walletId };
}

const toHex = (bytes: Uint8Array | Buffer): Hex => `0x${Buffer.from(bytes).toString('hex')}`;
const sha256 = (bytes: Uint8Array): Hex => toHex(createHash('sha256').update(bytes).digest());

function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey]), format: 'der', type: 'spki' });
  return verify(null, message, key, signature);
}

async function signRaw(client: Client, signWith: string, payload: string, encoding: string, hashFunction: string) {
  const activity = await client.signRawPayload({ signWith, payload, encoding, hashFunction } as never);
  return activity.result.signRawPayloadResult! as { r: string; s: string; v: string };
}

describe('sign_raw_payload(s)', () => {
  it('signs with a secp256k1 account for each hash function and encoding; viem recovers the account address', async () => {
    t = await createTestContext();
    const { eth } = await wallet(t.root.client);
    const text = 'hello sigil';
    const bytes = new TextEncoder().encode(text);
    const { keccak256 } = await import('viem');
    const cases: Array<[string, string, string, Hex]> = [
      [toHex(bytes), 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_KECCAK256', keccak256(bytes)],
      [text, 'PAYLOAD_ENCODING_TEXT_UTF8', 'HASH_FUNCTION_KECCAK256', keccak256(bytes)],
      [Buffer.from(bytes).toString('hex'), 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_SHA256', sha256(bytes)],
      [text, 'PAYLOAD_ENCODING_TEXT_UTF8', 'HASH_FUNCTION_SHA256', sha256(bytes)],
      [sha256(bytes), 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_NO_OP', sha256(bytes)],
    ];
    for (const [payload, encoding, hashFunction, digest] of cases) {
      const { r, s, v } = await signRaw(t.root.client, eth, payload, encoding, hashFunction);
      expect([r.length, s.length, v]).toEqual([64, 64, expect.stringMatching(/^0[01]$/)]);
      // Low S, as Ethereum and Bitcoin require.
      expect(BigInt(`0x${s}`) <= 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n).toBe(true);
      const recovered = await recoverAddress({ hash: digest, signature: { r: `0x${r}`, s: `0x${s}`, yParity: Number(v) } });
      expect(recovered).toBe(eth);
    }
  });

  it('signs Keccak-256 of the text itself, with no EIP-191 prefix; the quickstart\'s verify step recovers the address', async () => {
    t = await createTestContext();
    const { eth } = await wallet(t.root.client);
    const payload = 'hello from the Sigil quickstart';
    const signature = await signRaw(t.root.client, eth, payload, 'PAYLOAD_ENCODING_TEXT_UTF8', 'HASH_FUNCTION_KECCAK256');
    const { secp256k1 } = await import('@noble/curves/secp256k1.js');
    const { keccak_256 } = await import('@noble/hashes/sha3.js');
    const { bytesToHex, hexToBytes, utf8ToBytes } = await import('@noble/hashes/utils.js');
    // The lines of getting-started/quickstart's sign.ts.
    const digest = keccak_256(utf8ToBytes(payload));
    const recoverable = hexToBytes(signature.v + signature.r + signature.s);
    const publicKey = secp256k1.recoverPublicKey(recoverable, digest, { prehash: false });
    const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
    expect(`0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`).toBe(eth.toLowerCase());
    // Not a personal_sign signature: over the EIP-191 digest it recovers another address.
    const { hashMessage } = await import('viem');
    const other = await recoverAddress({ hash: hashMessage(payload), signature: { r: `0x${signature.r}`, s: `0x${signature.s}`, yParity: Number(signature.v) } });
    expect(other).not.toBe(eth);
  });

  it('signs with an Ed25519 account (v empty) and with private keys named by ID or public key; node:crypto verifies', async () => {
    t = await createTestContext();
    const { sol } = await wallet(t.root.client);
    const message = new TextEncoder().encode('solana message');
    const { r, s, v } = await signRaw(t.root.client, sol, 'solana message', 'PAYLOAD_ENCODING_TEXT_UTF8', 'HASH_FUNCTION_NOT_APPLICABLE');
    expect(v).toBe('');
    expect(ed25519Verify(base58.decode(sol), message, Buffer.from(r + s, 'hex'))).toBe(true);

    const created = await t.root.client.createPrivateKeys({ privateKeys: [{ privateKeyName: 'ed', curve: 'CURVE_ED25519', privateKeyTags: [], addressFormats: [] }] } as never);
    const privateKeyId = created.result.createPrivateKeysResult!.privateKeyIds[0]!;
    const { publicKey } = (await t.root.client.getPrivateKey({ privateKeyId })).privateKey;
    for (const signWith of [privateKeyId, publicKey]) {
      const many = await t.root.client.signRawPayloads({ signWith, payloads: ['00ff', '0x0102'], encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' } as never);
      const signatures = many.result.signRawPayloadsResult!.signatures as Array<{ r: string; s: string }>;
      expect(signatures.map((sig, i) => ed25519Verify(Buffer.from(publicKey, 'hex'), Buffer.from(i === 0 ? '00ff' : '0102', 'hex'), Buffer.from(sig.r + sig.s, 'hex')))).toEqual([true, true]);
    }
  });

  it('refuses what it cannot sign with code 3 (or 5 for an unknown key), naming the field', async () => {
    t = await createTestContext();
    const { eth, sol } = await wallet(t.root.client);
    await expect(signRaw(t.root.client, eth, 'abcd', 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_NO_OP')).rejects.toMatchObject({ code: 3, message: expect.stringContaining('32-byte digest') });
    await expect(signRaw(t.root.client, eth, 'abc', 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_SHA256')).rejects.toMatchObject({ code: 3, details: [{ field: 'parameters.payload' }] });
    await expect(signRaw(t.root.client, eth, 'x', 'PAYLOAD_ENCODING_TEXT_UTF8', 'HASH_FUNCTION_NOT_APPLICABLE')).rejects.toMatchObject({ code: 3, details: [{ field: 'parameters.hashFunction' }] });
    await expect(signRaw(t.root.client, sol, 'x', 'PAYLOAD_ENCODING_TEXT_UTF8', 'HASH_FUNCTION_SHA256')).rejects.toMatchObject({ code: 3, message: expect.stringContaining('HASH_FUNCTION_NOT_APPLICABLE') });
    await expect(signRaw(t.root.client, '0x000000000000000000000000000000000000dead', 'x', 'PAYLOAD_ENCODING_TEXT_UTF8', 'HASH_FUNCTION_SHA256')).rejects.toMatchObject({ code: 5, details: [{ field: 'parameters.signWith' }] });
  });
});

const TO = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045' as const;
const ONE_ETH = 10n ** 18n;
const ethTransactions: Record<string, TransactionSerializable> = {
  legacy: { type: 'legacy', chainId: 1, nonce: 7, gasPrice: 10n ** 9n, gas: 21000n, to: TO, value: ONE_ETH },
  eip2930: { type: 'eip2930', chainId: 8453, nonce: 1, gasPrice: 10n ** 9n, gas: 60000n, to: TO, value: 5n, data: '0xa9059cbb', accessList: [{ address: TO, storageKeys: [`0x${'00'.repeat(31)}01`] }] },
  eip1559: { type: 'eip1559', chainId: 1, nonce: 0, maxFeePerGas: 5n * 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n, gas: 21000n, to: TO, value: ONE_ETH + 1n },
};

async function signEth(client: Client, signWith: string, tx: TransactionSerializable) {
  const unsignedTransaction = serializeTransaction(tx).slice(2);
  return client.signTransaction({ signWith, unsignedTransaction, type: 'TRANSACTION_TYPE_ETHEREUM' } as never);
}

/** A Solana transfer message (legacy, or version 0 with no lookup tables) from `from` to `to`. */
function solanaTransfer(from: string, to: string, lamports: bigint, version: 'legacy' | 0): Uint8Array {
  const data = Buffer.alloc(12);
  data.writeUInt32LE(2, 0);
  data.writeBigUInt64LE(lamports, 4);
  const body = Buffer.concat([
    Buffer.from([1, 0, 1, 3]),
    base58.decode(from),
    base58.decode(to),
    Buffer.alloc(32), // the System Program, 1111…1111
    Buffer.alloc(32, 7), // recent blockhash
    Buffer.from([1, 2, 2, 0, 1, 12]),
    data,
  ]);
  return version === 'legacy' ? body : Buffer.concat([Buffer.from([0x80]), body, Buffer.from([0])]);
}

describe('sign_transaction', () => {
  it('signs legacy, EIP-2930 and EIP-1559 transactions; viem parses them and recovers the signer', async () => {
    t = await createTestContext();
    const { eth } = await wallet(t.root.client);
    for (const tx of Object.values(ethTransactions)) {
      const activity = await signEth(t.root.client, eth, tx);
      const signed = `0x${activity.result.signTransactionResult!.signedTransaction}` as Hex;
      expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(eth);
      expect(parseTransaction(signed)).toMatchObject({ type: tx.type, chainId: tx.chainId, nonce: tx.nonce, to: TO, value: tx.value });
    }
  });

  it('signs legacy and version-0 Solana messages and transactions; node:crypto verifies the signature over the message', async () => {
    t = await createTestContext();
    const { sol } = await wallet(t.root.client);
    const payee = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
    for (const version of ['legacy', 0] as const) {
      const message = solanaTransfer(sol, payee, 5_000_000n, version);
      const unsignedTransaction = Buffer.concat([Buffer.from([1]), Buffer.alloc(64), message]);
      for (const input of [message, unsignedTransaction]) {
        const activity = await t.root.client.signTransaction({ signWith: sol, unsignedTransaction: Buffer.from(input).toString('hex'), type: 'TRANSACTION_TYPE_SOLANA' } as never);
        const signed = Buffer.from(activity.result.signTransactionResult!.signedTransaction, 'hex');
        expect(signed[0]).toBe(1);
        expect(signed.subarray(65).equals(message)).toBe(true);
        expect(ed25519Verify(base58.decode(sol), message, signed.subarray(1, 65))).toBe(true);
      }
    }
    // Not a signer of the message; the wrong curve; not a transaction.
    const other = solanaTransfer(payee, sol, 1n, 'legacy');
    await expect(t.root.client.signTransaction({ signWith: sol, unsignedTransaction: Buffer.from(other).toString('hex'), type: 'TRANSACTION_TYPE_SOLANA' } as never)).rejects.toMatchObject({ code: 3, message: expect.stringContaining('not one of the transaction') });
    const { eth } = { eth: (await t.root.client.listWalletAccounts({ walletId: (await t.root.client.listWallets({})).wallets[0]!.walletId })).accounts[0]!.address };
    await expect(t.root.client.signTransaction({ signWith: eth, unsignedTransaction: Buffer.from(other).toString('hex'), type: 'TRANSACTION_TYPE_SOLANA' } as never)).rejects.toMatchObject({ code: 3 });
    await expect(t.root.client.signTransaction({ signWith: sol, unsignedTransaction: 'ff', type: 'TRANSACTION_TYPE_SOLANA' } as never)).rejects.toMatchObject({ code: 3, details: [{ field: 'parameters.unsignedTransaction' }] });
    await expect(t.root.client.signTransaction({ signWith: eth, unsignedTransaction: 'ff', type: 'TRANSACTION_TYPE_ETHEREUM' } as never)).rejects.toMatchObject({ code: 3, details: [{ field: 'parameters.unsignedTransaction' }] });
  });
});

describe('policies over real transactions', () => {
  async function bot(t: TestContext) {
    const keys = await generateApiKeyPair();
    const activity = await t.root.client.createUsers({ users: [{ userName: 'bot', accessType: 'ACCESS_TYPE_API', userTags: [], authenticators: [], apiKeys: [{ apiKeyName: 'bot', publicKey: keys.publicKey }] }] });
    return { userId: activity.result.createUsersResult!.userIds[0]!, client: t.clientFor(keys) };
  }
  const example = (id: string) => POLICY_EXAMPLES.find((e) => e.id === id)!.policy;

  it('cap-eth-value: a non-root user signs exactly 1 ETH, and one wei more is denied (code 7)', async () => {
    t = await createTestContext();
    const { eth } = await wallet(t.root.client);
    const user = await bot(t);
    await t.root.client.createPolicy(example('cap-eth-value') as never);
    const allowed = await signEth(user.client, eth, ethTransactions.legacy!);
    expect(allowed.status).toBe('ACTIVITY_STATUS_COMPLETED');
    await expect(signEth(user.client, eth, ethTransactions.eip1559!)).rejects.toMatchObject({ code: 7 });
  });

  it('erc20-transfers-only and mainnet-only read eth.tx.to, data and chain_id from the parsed transaction', async () => {
    t = await createTestContext();
    const { eth } = await wallet(t.root.client);
    const user = await bot(t);
    await t.root.client.createPolicy(example('erc20-transfers-only') as never);
    const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const; // checksummed in the transaction, lowercase in the policy
    const transfer: TransactionSerializable = { type: 'eip1559', chainId: 1, nonce: 3, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, gas: 65000n, to: usdc, value: 0n, data: `0xa9059cbb${'00'.repeat(64)}` };
    expect((await signEth(user.client, eth, transfer)).status).toBe('ACTIVITY_STATUS_COMPLETED');
    await expect(signEth(user.client, eth, { ...transfer, data: `0x095ea7b3${'00'.repeat(64)}` })).rejects.toMatchObject({ code: 7 });
  });

  it('solana-recipient-allow-list: a transfer to the payee is signed, one elsewhere is denied', async () => {
    t = await createTestContext();
    const { sol } = await wallet(t.root.client);
    const user = await bot(t);
    await t.root.client.createPolicy(example('solana-recipient-allow-list') as never);
    const send = (to: string) =>
      user.client.signTransaction({ signWith: sol, unsignedTransaction: Buffer.from(solanaTransfer(sol, to, 10n, 0)).toString('hex'), type: 'TRANSACTION_TYPE_SOLANA' } as never);
    expect((await send('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).status).toBe('ACTIVITY_STATUS_COMPLETED');
    await expect(send('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).rejects.toMatchObject({ code: 7 });
  });

  it('a transaction waiting for an approval is signed when approved, with wallet and account in the context', async () => {
    t = await createTestContext();
    const { eth, walletId } = await wallet(t.root.client);
    const user = await bot(t);
    const approverKeys = await generateApiKeyPair();
    await t.root.client.createUsers({ users: [{ userName: 'approver', accessType: 'ACCESS_TYPE_API', userTags: [], authenticators: [], apiKeys: [{ apiKeyName: 'a', publicKey: approverKeys.publicKey }] }] });
    await t.root.client.createPolicy({
      policyName: 'big transfers from the treasury wallet need an approval',
      effect: 'EFFECT_ALLOW',
      condition: `wallet.id == '${walletId}' && wallet_account.address == '${eth}' && eth.tx.value > 0`,
      consensus: 'approvers.count() >= 1',
    } as never);
    const waiting = await signEth(user.client, eth, ethTransactions.legacy!);
    expect(waiting).toMatchObject({ status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', result: {} });
    await t.clientFor(approverKeys).approveActivity({ fingerprint: waiting.fingerprint });
    const done = (await user.client.getActivity({ activityId: waiting.id })).activity;
    expect(done.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const signed = `0x${(done.result as { signTransactionResult: { signedTransaction: string } }).signTransactionResult.signedTransaction}` as Hex;
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(eth);
  });
});

// The signer against the emulator, with @solana/web3.js and tweetnacl as the judges of every signature.
import { createServerClient, generateApiKeyPair, SigilRequestError, ActivityTimeoutError, waitForActivity, type SigilClient } from '@sigil/sdk-server';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import {
  Keypair,
  MessageV0,
  PublicKey,
  SystemInstruction,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import nacl from 'tweetnacl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SigilActivityError, SigilSigner } from './index.js';

const BLOCKHASH = 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky';
const RECIPIENT = new PublicKey('Cp9DeQAPh5eEm7bhrJ7g34fNSWYB1tBqD4ftzEvLU8ve');

async function createAccounts(client: SigilClient): Promise<{ solana: string[]; ethereum: string }> {
  const accounts = [
    { curve: 'CURVE_ED25519' as const, pathFormat: 'PATH_FORMAT_BIP32' as const, path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' as const },
    { curve: 'CURVE_ED25519' as const, pathFormat: 'PATH_FORMAT_BIP32' as const, path: "m/44'/501'/1'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' as const },
    { curve: 'CURVE_SECP256K1' as const, pathFormat: 'PATH_FORMAT_BIP32' as const, path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' as const },
  ];
  const { outcome, activity } = await waitForActivity(client, await client.createWallet({ walletName: 'Solana test', accounts }), { initialDelayMs: 5 });
  const addresses = activity.result?.createWalletResult?.addresses ?? [];
  if (outcome !== 'COMPLETED' || addresses.length !== 3) throw new Error(`create_wallet ended ${outcome}`);
  return { solana: [addresses[0]!, addresses[1]!], ethereum: addresses[2]! };
}

function transfer(from: string, lamports = 5_000): Transaction {
  const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: RECIPIENT, lamports }));
  tx.feePayer = new PublicKey(from);
  tx.recentBlockhash = BLOCKHASH;
  return tx;
}

function versionedTransfer(from: string, extraSigner?: PublicKey): VersionedTransaction {
  const instructions = [SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: RECIPIENT, lamports: 7_000 })];
  if (extraSigner) instructions.push(SystemProgram.transfer({ fromPubkey: extraSigner, toPubkey: RECIPIENT, lamports: 1 }));
  const message = new TransactionMessage({ payerKey: new PublicKey(from), recentBlockhash: BLOCKHASH, instructions }).compileToV0Message();
  return new VersionedTransaction(message);
}

function verifyVersioned(tx: VersionedTransaction): boolean[] {
  const message = tx.message.serialize();
  return tx.signatures.map((signature, i) => nacl.sign.detached.verify(message, signature, tx.message.staticAccountKeys[i]!.toBytes()));
}

describe('SigilSigner', () => {
  let server: TestEmulator;
  let signer: SigilSigner;
  let solana: string[];
  let ethereum: string;

  beforeAll(async () => {
    server = await startTestEmulator();
    signer = new SigilSigner({ client: server.client, waitOptions: { initialDelayMs: 5 } });
    ({ solana, ethereum } = await createAccounts(server.client));
  });
  afterAll(() => server.close());

  it('adds a signature to a legacy Transaction that web3.js verifies', async () => {
    const tx = transfer(solana[0]!);
    await signer.addSignature(tx, solana[0]!);
    expect(tx.verifySignatures()).toBe(true);
    expect(tx.signature).not.toBeNull();
    // The wire form round-trips and still verifies, as a validator would check it.
    expect(Transaction.from(tx.serialize()).verifySignatures()).toBe(true);
  });

  it('signTransaction returns a signed copy of a VersionedTransaction and leaves the original unsigned', async () => {
    const tx = versionedTransfer(solana[0]!);
    const signed = await signer.signTransaction(tx, solana[0]!);
    expect(signed).not.toBe(tx);
    expect(verifyVersioned(signed)).toEqual([true]);
    expect(tx.signatures[0]!.every((byte) => byte === 0)).toBe(true);
    expect(verifyVersioned(VersionedTransaction.deserialize(signed.serialize()))).toEqual([true]);
  });

  it('signs a transaction with two Sigil signers, one addSignature each, keeping the other key\'s partialSign', async () => {
    const local = Keypair.generate();
    const tx = transfer(solana[0]!);
    tx.add(SystemProgram.transfer({ fromPubkey: new PublicKey(solana[1]!), toPubkey: local.publicKey, lamports: 1 }));
    tx.add(SystemProgram.transfer({ fromPubkey: local.publicKey, toPubkey: RECIPIENT, lamports: 1 }));
    await signer.addSignature(tx, solana[1]!);
    tx.partialSign(local);
    await signer.addSignature(tx, solana[0]!);
    expect(tx.signatures).toHaveLength(3);
    expect(tx.verifySignatures()).toBe(true);

    const versioned = versionedTransfer(solana[0]!, new PublicKey(solana[1]!));
    await signer.addSignature(versioned, solana[1]!);
    expect(verifyVersioned(versioned)).toEqual([false, true]);
    await signer.addSignature(versioned, solana[0]!);
    expect(verifyVersioned(versioned)).toEqual([true, true]);
  });

  it('signAllTransactions signs each transaction, in order', async () => {
    const txs = [transfer(solana[0]!, 1), transfer(solana[0]!, 2), transfer(solana[0]!, 3)];
    const signed = await signer.signAllTransactions(txs, solana[0]!);
    expect(signed).toHaveLength(3);
    signed.forEach((tx, i) => {
      expect(tx.verifySignatures()).toBe(true);
      expect(SystemInstruction.decodeTransfer(tx.instructions[0]!).lamports).toBe(BigInt(i + 1));
      expect(txs[i]!.signature).toBeNull();
    });
  });

  it('signMessage returns a 64-byte Ed25519 signature that tweetnacl verifies', async () => {
    const message = new TextEncoder().encode('Sign in to Example');
    const signature = await signer.signMessage(message, solana[0]!);
    expect(signature).toHaveLength(64);
    expect(nacl.sign.detached.verify(message, signature, new PublicKey(solana[0]!).toBytes())).toBe(true);
    expect(nacl.sign.detached.verify(new TextEncoder().encode('Sign in to Elsewhere'), signature, new PublicKey(solana[0]!).toBytes())).toBe(false);
  });

  it('refuses an address that is no account of the organization with a SigilRequestError', async () => {
    const stranger = Keypair.generate().publicKey.toBase58();
    const error = await signer.addSignature(transfer(stranger), stranger).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect((error as SigilRequestError).code).toBe(5);
    await expect(signer.signMessage(new Uint8Array([1]), stranger)).rejects.toBeInstanceOf(SigilRequestError);
  });

  it('refuses an Ethereum account with a SigilRequestError', async () => {
    const error = await signer.addSignature(transfer(solana[0]!), ethereum).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect((error as SigilRequestError).code).toBe(3);
    await expect(signer.signMessage(new Uint8Array([1]), ethereum)).rejects.toBeInstanceOf(SigilRequestError);
  });

  it('refuses an address that is not among the transaction\'s signers with code 3', async () => {
    const error = await signer.addSignature(transfer(solana[0]!), solana[1]!).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 3 });
  });

  it('reports a message that does not parse as code 3', async () => {
    // A version-0 message whose header names no signer: web3.js serializes it, Solana (and Sigil) refuse it.
    const message = new MessageV0({
      header: { numRequiredSignatures: 0, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
      staticAccountKeys: [new PublicKey(solana[0]!), SystemProgram.programId],
      recentBlockhash: BLOCKHASH,
      compiledInstructions: [],
      addressTableLookups: [],
    });
    const error = await signer.addSignature(new VersionedTransaction(message, []), solana[0]!).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect((error as SigilRequestError).code).toBe(3);
  });

  it('throws a TypeError, before calling Sigil, for a transaction without a blockhash', async () => {
    const tx = transfer(solana[0]!);
    tx.recentBlockhash = undefined;
    const before = server.requests.length;
    await expect(signer.addSignature(tx, solana[0]!)).rejects.toThrow(/cannot be serialized for signing \(Transaction recentBlockhash required\)/);
    expect(server.requests.length).toBe(before);
  });

  it('surfaces a policy denial as SigilRequestError code 7', async () => {
    const keys = generateApiKeyPair();
    const { outcome } = await waitForActivity(
      server.client,
      await server.client.createUsers({
        users: [{ userName: 'no-policy', accessType: 'ACCESS_TYPE_API', apiKeys: [{ apiKeyName: 'k', publicKey: keys.publicKey }], authenticators: [], userTags: [] }],
      }),
    );
    expect(outcome).toBe('COMPLETED');
    const client = createServerClient({ baseUrl: server.url, organizationId: server.organizationId, apiPublicKey: keys.publicKey, apiPrivateKey: keys.privateKey });
    const denied = new SigilSigner({ client });
    const error = await denied.addSignature(transfer(solana[0]!), solana[0]!).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect((error as SigilRequestError).code).toBe(7);
  });
});

describe('SigilSigner while activities wait', () => {
  it('throws ActivityTimeoutError when the activity outlasts waitOptions.timeoutMs', async () => {
    // Every new activity stays pending for two reads, longer than a 1 ms wait allows.
    const server = await startTestEmulator({ pendingPolls: 2 });
    try {
      const { solana } = await createAccounts(server.client);
      const impatient = new SigilSigner({ client: server.client, waitOptions: { timeoutMs: 1 } });
      const error = await impatient.addSignature(transfer(solana[0]!), solana[0]!).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ActivityTimeoutError);
      expect((error as ActivityTimeoutError).timeoutMs).toBe(1);
      const { activity } = await server.client.getActivity({ activityId: (error as ActivityTimeoutError).activityId });
      expect(activity.type).toBe('ACTIVITY_TYPE_SIGN_TRANSACTION');
    } finally {
      await server.close();
    }
  });

  it('throws SigilActivityError with outcome CONSENSUS_NEEDED when the root quorum needs a second vote', async () => {
    const server = await startTestEmulator();
    try {
      const { solana } = await createAccounts(server.client);
      const keys = generateApiKeyPair();
      const users = await waitForActivity(
        server.client,
        await server.client.createUsers({
          users: [{ userName: 'second-root', accessType: 'ACCESS_TYPE_API', apiKeys: [{ apiKeyName: 'k', publicKey: keys.publicKey }], authenticators: [], userTags: [] }],
        }),
      );
      const secondUserId = users.activity.result?.createUsersResult?.userIds[0];
      expect(secondUserId).toBeDefined();
      const quorum = await waitForActivity(server.client, await server.client.updateRootQuorum({ threshold: 2, userIds: [server.rootUserId, secondUserId!] }));
      expect(quorum.outcome).toBe('COMPLETED');
      const signer = new SigilSigner({ client: server.client, organizationId: server.organizationId });
      const error = await signer.signMessage(new Uint8Array([1, 2, 3]), solana[0]!).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SigilActivityError);
      expect((error as SigilActivityError).outcome).toBe('CONSENSUS_NEEDED');
      expect((error as SigilActivityError).activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    } finally {
      await server.close();
    }
  });
});

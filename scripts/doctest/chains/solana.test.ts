// The local Solana chain as @solana/web3.js's Connection uses it: transactions execute (balances move), a transaction
// the runtime refuses is not accepted, and confirmTransaction's subscription sees the signature.
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type SolanaChain } from './solana.mjs';

describe('local Solana chain', () => {
  let chain: SolanaChain;
  let connection: Connection;

  beforeAll(async () => {
    chain = await start();
    connection = new Connection(chain.env.SOLANA_RPC_URL!, 'confirmed');
  });
  afterAll(async () => {
    await chain.stop();
  });

  it('funds with fund() and requestAirdrop, and confirms the airdrop over the WebSocket subscription', async () => {
    const account = Keypair.generate().publicKey;
    await chain.fund(account.toBase58(), LAMPORTS_PER_SOL);
    const signature = await connection.requestAirdrop(account, 2 * LAMPORTS_PER_SOL);
    const confirmation = await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) });
    expect(confirmation.value.err).toBeNull();
    expect(await connection.getBalance(account)).toBe(3 * LAMPORTS_PER_SOL);
    expect(await chain.balance(account.toBase58())).toBe(3n * BigInt(LAMPORTS_PER_SOL));
  });

  it('executes a signed transfer: the balances move by the amount and the fee', async () => {
    const from = Keypair.generate();
    const to = Keypair.generate().publicKey;
    await chain.fund(from.publicKey.toBase58(), LAMPORTS_PER_SOL);
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 0.05 * LAMPORTS_PER_SOL }));
    const signature = await sendAndConfirmTransaction(connection, tx, [from]);
    expect((await connection.getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' });
    expect(await connection.getBalance(to)).toBe(0.05 * LAMPORTS_PER_SOL);
    expect(await connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL - 0.05 * LAMPORTS_PER_SOL - 5000);
  });

  it('refuses a transaction with a bad signature or more than the balance, and nothing moves', async () => {
    const from = Keypair.generate();
    const to = Keypair.generate().publicKey;
    await chain.fund(from.publicKey.toBase58(), LAMPORTS_PER_SOL);
    const { blockhash } = await connection.getLatestBlockhash();

    const forged = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 1000 }),
    );
    forged.addSignature(from.publicKey, Buffer.alloc(64, 7));
    await expect(connection.sendRawTransaction(forged.serialize({ verifySignatures: false }))).rejects.toThrow(/simulation failed/i);

    const tooMuch = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 2 * LAMPORTS_PER_SOL }),
    );
    tooMuch.sign(from);
    await expect(connection.sendRawTransaction(tooMuch.serialize())).rejects.toThrow(/simulation failed/i);

    expect(await connection.getBalance(to)).toBe(0);
    expect(await connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL);
  });

  it('answers an unknown method with JSON-RPC error -32601', async () => {
    const response = await fetch(chain.env.SOLANA_RPC_URL!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getProgramAccounts', params: [] }),
    });
    expect(await response.json()).toMatchObject({ id: 1, error: { code: -32601 } });
  });
});

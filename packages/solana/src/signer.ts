import type { SigilClient, WaitForActivityOptions } from '@sigil/http';
import { PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js';
import { bytesToHex, signEd25519Payload, signSolanaTransaction, type SigningContext } from './sign.js';

/** What `new SigilSigner(options)` takes. */
export interface SigilSignerOptions {
  /** The client that sends the signing activities (`@sigil/sdk-server` or `@sigil/sdk-browser`). */
  client: SigilClient;
  /** The organization that holds the keys; the client's by default. */
  organizationId?: string;
  /** How long to wait for each signing activity; the `waitForActivity` defaults by default. */
  waitOptions?: WaitForActivityOptions;
}

/** A legacy `Transaction` or a `VersionedTransaction` of `@solana/web3.js` 1.x. */
export type SolanaTransaction = Transaction | VersionedTransaction;

const isVersioned = (tx: SolanaTransaction): tx is VersionedTransaction => tx instanceof VersionedTransaction || 'version' in tx;

/** The bytes Solana signs: the serialized message. Throws a clear error for a transaction that cannot be serialized. */
function messageBytes(tx: SolanaTransaction): Uint8Array {
  try {
    return isVersioned(tx) ? tx.message.serialize() : tx.serializeMessage();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TypeError(`@sigil/solana: the transaction cannot be serialized for signing (${reason})`);
  }
}

/**
 * The signature `address` made, read from the transaction Sigil returned: the slot of `address` among the message's
 * signers. The returned message must be the one sent, so a signature never lands on another transaction.
 */
function signatureOf(signed: Uint8Array, sentMessage: Uint8Array, address: string): Uint8Array {
  const tx = VersionedTransaction.deserialize(signed);
  const returnedMessage = tx.message.serialize();
  if (bytesToHex(returnedMessage) !== bytesToHex(sentMessage)) {
    throw new Error('@sigil/solana: Sigil returned a transaction whose message differs from the one sent');
  }
  const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures).map((key) => key.toBase58());
  const slot = signers.indexOf(address);
  const signature = tx.signatures[slot];
  if (slot < 0 || !signature) throw new Error(`@sigil/solana: ${address} is not a signer of the transaction Sigil returned`);
  return signature;
}

function copy<T extends SolanaTransaction>(tx: T): T {
  if (isVersioned(tx)) return new VersionedTransaction(tx.message, tx.signatures.map((s) => Uint8Array.from(s))) as T;
  // A field-by-field copy keeps a transaction that lacks a fee payer or blockhash as it is (serialize would refuse it).
  const clone = new Transaction();
  clone.feePayer = tx.feePayer;
  clone.recentBlockhash = tx.recentBlockhash;
  clone.nonceInfo = tx.nonceInfo;
  clone.lastValidBlockHeight = tx.lastValidBlockHeight;
  clone.minNonceContextSlot = tx.minNonceContextSlot;
  clone.instructions = tx.instructions.slice();
  clone.signatures = tx.signatures.map(({ publicKey, signature }) => ({ publicKey, signature: signature ? Buffer.from(signature) : null }));
  return clone as T;
}

/**
 * Signs `@solana/web3.js` transactions and messages with Solana accounts held in Sigil. One signer serves every
 * key of the organization: each method takes the base58 address of an `ADDRESS_FORMAT_SOLANA` account.
 */
export class SigilSigner {
  readonly client: SigilClient;
  readonly organizationId: string | undefined;
  readonly waitOptions: WaitForActivityOptions | undefined;

  constructor(options: SigilSignerOptions) {
    if (!options || typeof options.client?.signTransaction !== 'function') {
      throw new TypeError('@sigil/solana: new SigilSigner({client}) needs a SigilClient from @sigil/sdk-server or @sigil/sdk-browser');
    }
    this.client = options.client;
    this.organizationId = options.organizationId;
    this.waitOptions = options.waitOptions;
  }

  #context(): SigningContext {
    return { client: this.client, organizationId: this.organizationId, waitOptions: this.waitOptions };
  }

  /** Signs the transaction's message with `address` (`sign_transaction`) and adds the signature to `tx` in place. */
  async addSignature(tx: SolanaTransaction, address: string): Promise<void> {
    const message = messageBytes(tx);
    const signed = await signSolanaTransaction(this.#context(), bytesToHex(message), address);
    const signature = signatureOf(signed, message, address);
    if (isVersioned(tx)) tx.addSignature(new PublicKey(address), signature);
    else tx.addSignature(new PublicKey(address), Buffer.from(signature));
  }

  /** Like `addSignature`, but leaves `tx` as it is and returns a signed copy. */
  async signTransaction<T extends SolanaTransaction>(tx: T, address: string): Promise<T> {
    const signed = copy(tx);
    await this.addSignature(signed, address);
    return signed;
  }

  /** Signs each transaction with `address`, one `sign_transaction` each, and returns the signed copies in order. */
  async signAllTransactions<T extends SolanaTransaction>(txs: readonly T[], address: string): Promise<T[]> {
    const signed: T[] = [];
    // One after another: a failure stops before later transactions are signed.
    for (const tx of txs) signed.push(await this.signTransaction(tx, address));
    return signed;
  }

  /** Signs `message` with `address` (`sign_raw_payload`, no hashing); returns the 64-byte Ed25519 signature. */
  async signMessage(message: Uint8Array, address: string): Promise<Uint8Array> {
    if (!(message instanceof Uint8Array)) throw new TypeError('@sigil/solana: signMessage takes the message as a Uint8Array');
    return signEd25519Payload(this.#context(), message, address);
  }
}

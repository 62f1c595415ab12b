import { toWalletStamperError, WalletStamperError } from './errors.js';
import { bytesToHex } from './hex.js';
import type { WalletInterface, WalletSignature } from './wallet.js';

/**
 * The part of a Solana wallet adapter (`useWallet()` of `@solana/wallet-adapter-react`, or a wallet's
 * own adapter) the stamper uses. `publicKey` is a `PublicKey` once connected, `null` before.
 */
export interface SolanaWalletAdapter {
  publicKey: { toBytes(): Uint8Array } | null;
  signMessage(message: Uint8Array): Promise<Uint8Array>;
}

/**
 * A connected Solana wallet as a `WalletInterface`: its Ed25519 key is registered with
 * `API_KEY_CURVE_ED25519`, and it signs the body's raw UTF-8 bytes (`SIGNATURE_SCHEME_SIGIL_ED25519`).
 */
export class SolanaWallet implements WalletInterface {
  readonly curveType = 'API_KEY_CURVE_ED25519' as const;
  readonly #adapter: SolanaWalletAdapter;

  constructor(adapter: SolanaWalletAdapter) {
    this.#adapter = adapter;
  }

  /** The wallet's 32-byte Ed25519 public key, 64 lowercase hex characters; no signature is asked for. */
  async getPublicKey(): Promise<string> {
    const { publicKey } = this.#adapter;
    if (!publicKey) throw new WalletStamperError('no-account', 'The Solana wallet has no connected account: connect it before stamping');
    let bytes: Uint8Array;
    try {
      bytes = publicKey.toBytes();
    } catch (error) {
      throw toWalletStamperError(error, 'read its public key');
    }
    if (!(bytes instanceof Uint8Array) || bytes.length !== 32) {
      throw new WalletStamperError('wallet-error', `A Solana public key is 32 bytes; the wallet returned ${describeLength(bytes)}`);
    }
    return bytesToHex(bytes);
  }

  async signMessage(message: Uint8Array): Promise<WalletSignature> {
    if (!this.#adapter.publicKey) throw new WalletStamperError('no-account', 'The Solana wallet has no connected account: connect it before stamping');
    if (typeof this.#adapter.signMessage !== 'function') {
      throw new WalletStamperError('wallet-error', 'This Solana wallet cannot sign messages (its adapter has no signMessage)');
    }
    let signature: Uint8Array;
    try {
      signature = await this.#adapter.signMessage(message);
    } catch (error) {
      throw toWalletStamperError(error, 'sign the request');
    }
    if (!(signature instanceof Uint8Array) || signature.length !== 64) {
      throw new WalletStamperError('wallet-error', `An Ed25519 signature is 64 bytes; the wallet returned ${describeLength(signature)}`);
    }
    return { scheme: 'SIGNATURE_SCHEME_SIGIL_ED25519', signature: bytesToHex(signature) };
  }
}

function describeLength(value: unknown): string {
  return value instanceof Uint8Array ? `${value.length} bytes` : `a ${value === null ? 'null' : typeof value} instead of bytes`;
}

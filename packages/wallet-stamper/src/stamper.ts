import { toWalletStamperError, WalletStamperError } from './errors.js';
import { isHex } from './hex.js';
import { SCHEME_BY_CURVE, type WalletInterface } from './wallet.js';

export const STAMP_HEADER_NAME = 'X-Stamp';

export interface WalletStampResult {
  stampHeaderName: typeof STAMP_HEADER_NAME;
  stampHeaderValue: string;
}

/**
 * Stamps request bodies with a wallet (the `Stamper` of `@sigil/http`): each `stamp(body)` asks the
 * wallet to sign the body's UTF-8 bytes and returns the `X-Stamp` header, base64url of
 * `{"publicKey","scheme","signature"}`.
 */
export class WalletStamper {
  readonly wallet: WalletInterface;

  constructor(wallet: WalletInterface) {
    if (!wallet || typeof wallet.getPublicKey !== 'function' || typeof wallet.signMessage !== 'function' || !(wallet.curveType in SCHEME_BY_CURVE)) {
      throw new TypeError(`WalletStamper needs a WalletInterface: curveType ${Object.keys(SCHEME_BY_CURVE).join(' or ')}, getPublicKey() and signMessage()`);
    }
    this.wallet = wallet;
  }

  /** The wallet's public key in lowercase hex, the form it is registered in as an API key. */
  async getPublicKey(): Promise<string> {
    let publicKey: unknown;
    try {
      publicKey = await this.wallet.getPublicKey();
    } catch (error) {
      throw toWalletStamperError(error, 'give its public key');
    }
    const ed25519 = this.wallet.curveType === 'API_KEY_CURVE_ED25519';
    const valid = ed25519 ? isHex(publicKey, 32) : isHex(publicKey, 33) && /^0[23]/.test(publicKey);
    if (!valid) {
      throw new WalletStamperError(
        'wallet-error',
        ed25519
          ? 'The wallet returned a public key that is not 32 bytes of hex (an Ed25519 key is 64 hex characters)'
          : 'The wallet returned a public key that is not a compressed secp256k1 point (66 hex characters starting 02 or 03)',
      );
    }
    return (publicKey as string).toLowerCase();
  }

  async stamp(body: string): Promise<WalletStampResult> {
    const publicKey = await this.getPublicKey();
    let signed: unknown;
    try {
      signed = await this.wallet.signMessage(new TextEncoder().encode(body));
    } catch (error) {
      throw toWalletStamperError(error, 'sign the request');
    }
    const expected = SCHEME_BY_CURVE[this.wallet.curveType];
    const { scheme, signature } = (signed ?? {}) as { scheme?: unknown; signature?: unknown };
    if (scheme !== expected) {
      throw new WalletStamperError('wallet-error', `A ${this.wallet.curveType} key stamps with ${expected}; the wallet returned scheme ${String(scheme)}`);
    }
    const validSignature = expected === 'SIGNATURE_SCHEME_SIGIL_ED25519' ? isHex(signature, 64) : isHex(signature) && signature.length >= 16;
    if (!validSignature) {
      throw new WalletStamperError(
        'wallet-error',
        expected === 'SIGNATURE_SCHEME_SIGIL_ED25519'
          ? 'The wallet returned a signature that is not 64 bytes of hex'
          : 'The wallet returned a signature that is not a DER signature in hex',
      );
    }
    const stamp = JSON.stringify({ publicKey, scheme, signature: (signature as string).toLowerCase() });
    return { stampHeaderName: STAMP_HEADER_NAME, stampHeaderValue: base64url(new TextEncoder().encode(stamp)) };
  }
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

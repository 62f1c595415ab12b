import { makeSignBytes, type DirectSignResponse, type OfflineDirectSigner } from '@cosmjs/proto-signing';
import { SigilCosmosSigner } from './cosmos-signer.js';
import type { SigilSignerOptions } from './options.js';

/** The Protobuf `SignDoc` CosmJS passes in (typed through CosmJS, so this package needs no cosmjs-types of its own). */
type SignDoc = Parameters<OfflineDirectSigner['signDirect']>[1];

/** A CosmJS `OfflineDirectSigner` (`SIGN_MODE_DIRECT`) whose secp256k1 key lives in Sigil. */
export class SigilDirectSigner extends SigilCosmosSigner implements OfflineDirectSigner {
  /** Checks that `publicKey` belongs to `signWith`, then returns the signer. */
  static async fromClient(options: SigilSignerOptions): Promise<SigilDirectSigner> {
    return new SigilDirectSigner(options);
  }

  /** Signs the `SignDoc` bytes (`sign_raw_payload`, SHA-256); the signature is `r ‖ s`, base64. */
  async signDirect(signerAddress: string, signDoc: SignDoc): Promise<DirectSignResponse> {
    return { signed: signDoc, signature: await this.signBytes(signerAddress, makeSignBytes(signDoc)) };
  }
}

import { serializeSignDoc, type AminoSignResponse, type OfflineAminoSigner, type StdSignDoc } from '@cosmjs/amino';
import { SigilCosmosSigner } from './cosmos-signer.js';
import type { SigilSignerOptions } from './options.js';

/** A CosmJS `OfflineAminoSigner` (legacy amino JSON) whose secp256k1 key lives in Sigil. */
export class SigilAminoSigner extends SigilCosmosSigner implements OfflineAminoSigner {
  /** Checks that `publicKey` belongs to `signWith`, then returns the signer. */
  static async fromClient(options: SigilSignerOptions): Promise<SigilAminoSigner> {
    return new SigilAminoSigner(options);
  }

  /** Signs the sorted amino JSON of `signDoc`, UTF-8 (`sign_raw_payload`, SHA-256); the signature is `r ‖ s`, base64. */
  async signAmino(signerAddress: string, signDoc: StdSignDoc): Promise<AminoSignResponse> {
    return { signed: signDoc, signature: await this.signBytes(signerAddress, serializeSignDoc(signDoc)) };
  }
}

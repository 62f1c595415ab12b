import { encodeSecp256k1Signature, type AccountData } from '@cosmjs/amino';
import { makeSignBytes, type DirectSignResponse, type OfflineDirectSigner } from '@cosmjs/proto-signing';
import { accountData, assertSigner, checkAccount, type CheckedAccount, type SigilSignerOptions } from './options.js';
import { signSha256, type SigningContext } from './sign.js';

/** The Protobuf `SignDoc` CosmJS passes in (typed through CosmJS, so this package needs no cosmjs-types of its own). */
type SignDoc = Parameters<OfflineDirectSigner['signDirect']>[1];

/** A CosmJS `OfflineDirectSigner` (`SIGN_MODE_DIRECT`) whose secp256k1 key lives in Sigil. */
export class SigilDirectSigner implements OfflineDirectSigner {
  readonly #account: CheckedAccount;
  readonly #context: SigningContext;

  private constructor(account: CheckedAccount, context: SigningContext) {
    this.#account = account;
    this.#context = context;
  }

  /** Checks that `publicKey` belongs to `signWith`, then returns the signer. */
  static async fromClient(options: SigilSignerOptions): Promise<SigilDirectSigner> {
    const account = checkAccount(options);
    return new SigilDirectSigner(account, {
      client: options.client,
      signWith: options.signWith,
      organizationId: options.organizationId,
      waitOptions: options.waitOptions,
    });
  }

  /** The account, with the chain's prefix; no request. */
  async getAccounts(): Promise<readonly AccountData[]> {
    return accountData(this.#account);
  }

  /** Signs the `SignDoc` bytes (`sign_raw_payload`, SHA-256); the signature is `r ‖ s`, base64. */
  async signDirect(signerAddress: string, signDoc: SignDoc): Promise<DirectSignResponse> {
    assertSigner(this.#account, signerAddress);
    const signature = await signSha256(this.#context, makeSignBytes(signDoc));
    return { signed: signDoc, signature: encodeSecp256k1Signature(this.#account.pubkey, signature) };
  }
}

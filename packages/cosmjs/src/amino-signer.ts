import { encodeSecp256k1Signature, serializeSignDoc, type AccountData, type AminoSignResponse, type OfflineAminoSigner, type StdSignDoc } from '@cosmjs/amino';
import { accountData, assertSigner, checkAccount, type CheckedAccount, type SigilSignerOptions } from './options.js';
import { signSha256, type SigningContext } from './sign.js';

/** A CosmJS `OfflineAminoSigner` (legacy amino JSON) whose secp256k1 key lives in Sigil. */
export class SigilAminoSigner implements OfflineAminoSigner {
  readonly #account: CheckedAccount;
  readonly #context: SigningContext;

  private constructor(account: CheckedAccount, context: SigningContext) {
    this.#account = account;
    this.#context = context;
  }

  /** Checks that `publicKey` belongs to `signWith`, then returns the signer. */
  static async fromClient(options: SigilSignerOptions): Promise<SigilAminoSigner> {
    const account = checkAccount(options);
    return new SigilAminoSigner(account, {
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

  /** Signs the sorted amino JSON of `signDoc`, UTF-8 (`sign_raw_payload`, SHA-256); the signature is `r ‖ s`, base64. */
  async signAmino(signerAddress: string, signDoc: StdSignDoc): Promise<AminoSignResponse> {
    assertSigner(this.#account, signerAddress);
    const signature = await signSha256(this.#context, serializeSignDoc(signDoc));
    return { signed: signDoc, signature: encodeSecp256k1Signature(this.#account.pubkey, signature) };
  }
}

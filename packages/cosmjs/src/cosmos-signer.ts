import { encodeSecp256k1Signature, type AccountData, type StdSignature } from '@cosmjs/amino';
import { accountData, assertSigner, checkAccount, type CheckedAccount, type SigilSignerOptions } from './options.js';
import { signSha256, type SigningContext } from './sign.js';

/** What the amino and direct signers share: the checked account, `getAccounts`, and one signature over sign bytes. */
export abstract class SigilCosmosSigner {
  readonly #account: CheckedAccount;
  readonly #context: SigningContext;

  /** Checks that `publicKey` belongs to `signWith` (so a subclass's `fromClient` fails before any request). */
  protected constructor(options: SigilSignerOptions) {
    this.#account = checkAccount(options);
    this.#context = {
      client: options.client,
      signWith: options.signWith,
      organizationId: options.organizationId,
      waitOptions: options.waitOptions,
    };
  }

  /** The account, with the chain's prefix; no request. */
  async getAccounts(): Promise<readonly AccountData[]> {
    return accountData(this.#account);
  }

  /** The `r ‖ s` signature of SHA-256(`bytes`) (`sign_raw_payload`), encoded with the account's public key. */
  protected async signBytes(signerAddress: string, bytes: Uint8Array): Promise<StdSignature> {
    assertSigner(this.#account, signerAddress);
    const signature = await signSha256(this.#context, bytes);
    return encodeSecp256k1Signature(this.#account.pubkey, signature);
  }
}

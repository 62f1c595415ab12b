// SigilSigner: an ethers v6 AbstractSigner whose key lives in Sigil. ethers builds, populates and serializes;
// Sigil signs (sign_transaction for transactions, sign_raw_payload for messages and typed data).
import type { SigilClient, WaitForActivityOptions } from '@sigil/http';
import {
  AbstractSigner,
  MessagePrefix,
  Signature,
  Transaction,
  TypedDataEncoder,
  concat,
  copyRequest,
  getAddress,
  isAddress,
  resolveAddress,
  toUtf8Bytes,
  type Provider,
  type TransactionLike,
  type TransactionRequest,
  type TypedDataDomain,
  type TypedDataField,
} from 'ethers';
import { signPayload, signSerializedTransaction, type EthereumSignature, type SigningTarget } from '@sigil/http/ethereum-signer';

/** What `new SigilSigner` takes: the client, what signs, and optionally the organization, address and wait. */
export interface SigilSignerOptions {
  /** The client that sends the signing activities (from @sigil/sdk-server or @sigil/sdk-browser). */
  client: SigilClient;
  /** An ADDRESS_FORMAT_ETHEREUM wallet account address, a private key ID, or a private key's public key. */
  signWith: string;
  /** The organization that holds the key; defaults to the client's. */
  organizationId?: string;
  /** What `getAddress()` returns; required when `signWith` is not an address. */
  address?: string;
  /** How long to wait for each signing activity. */
  waitOptions?: WaitForActivityOptions;
}

const serialized = (signature: EthereumSignature): string => Signature.from({ r: signature.r, s: signature.s, v: 27 + signature.yParity }).serialized;

/** An ethers v6 signer whose signatures are Sigil activities (sign_transaction, sign_raw_payload). */
export class SigilSigner extends AbstractSigner {
  readonly #options: SigilSignerOptions;
  readonly #address: string;
  readonly #target: SigningTarget;

  constructor(options: SigilSignerOptions, provider?: Provider | null) {
    super(provider ?? null);
    const address = options.address ?? options.signWith;
    if (typeof options.signWith !== 'string' || options.signWith === '') throw new TypeError('signWith is required: an Ethereum address, a private key ID or a public key');
    if (typeof address !== 'string' || !isAddress(address)) {
      throw new TypeError(
        options.address === undefined
          ? `signWith ${options.signWith} is no Ethereum address: pass the account's address as options.address (signWith may be a private key ID or public key then)`
          : `address ${options.address} is not an Ethereum address (0x and 40 hex digits)`,
      );
    }
    this.#options = options;
    this.#address = getAddress(address);
    this.#target = { client: options.client, signWith: options.signWith, organizationId: options.organizationId, waitOptions: options.waitOptions };
  }

  /** A copy of this signer connected to `provider` (another network), with the same options. */
  connect(provider: Provider | null): SigilSigner {
    return new SigilSigner(this.#options, provider);
  }

  async getAddress(): Promise<string> {
    return this.#address;
  }

  async signTransaction(request: TransactionRequest): Promise<string> {
    // sendTransaction hands over a Transaction, whose fields are getters: copyRequest reads them into a plain object.
    const fields = copyRequest(request);
    // Names (ENS) become addresses first, as ethers' Wallet does; a `from` must be this signer.
    const [to, from] = await Promise.all([
      fields.to == null ? fields.to : resolveAddress(fields.to, this.provider),
      fields.from == null ? fields.from : resolveAddress(fields.from, this.provider),
    ]);
    if (from != null && getAddress(from) !== this.#address) {
      throw new TypeError(`transaction from ${from} is not this signer's address ${this.#address}`);
    }
    delete fields.from;
    const unsigned = Transaction.from({ ...fields, to } as TransactionLike<string>).unsignedSerialized as `0x${string}`;
    return signSerializedTransaction(this.#target, unsigned);
  }

  async signMessage(message: string | Uint8Array): Promise<string> {
    const bytes = typeof message === 'string' ? toUtf8Bytes(message) : message;
    const prefixed = concat([toUtf8Bytes(MessagePrefix), toUtf8Bytes(String(bytes.length)), bytes]);
    return serialized(await signPayload(this.#target, prefixed as `0x${string}`, 'HASH_FUNCTION_KECCAK256'));
  }

  async signTypedData(domain: TypedDataDomain, types: Record<string, TypedDataField[]>, value: Record<string, unknown>): Promise<string> {
    const resolved = await TypedDataEncoder.resolveNames(domain, types, value, async (name) => {
      if (!this.provider) throw new TypeError(`typed data names ${name}, and resolving it needs a provider`);
      const address = await this.provider.resolveName(name);
      if (!address) throw new TypeError(`${name} resolves to no address`);
      return address;
    });
    const digest = TypedDataEncoder.hash(resolved.domain, types, resolved.value) as `0x${string}`;
    return serialized(await signPayload(this.#target, digest, 'HASH_FUNCTION_NO_OP'));
  }
}


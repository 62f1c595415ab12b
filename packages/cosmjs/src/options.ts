import type { SigilClient, WaitForActivityOptions } from '@sigil/http';
import { rawSecp256k1PubkeyToRawAddress, type AccountData } from '@cosmjs/amino';
import { fromBech32, fromHex, toBech32 } from '@cosmjs/encoding';

/** What `SigilDirectSigner.fromClient` and `SigilAminoSigner.fromClient` take. */
export interface SigilSignerOptions {
  /** The client that sends the signing activities (`@sigil/sdk-server` or `@sigil/sdk-browser`). */
  client: SigilClient;
  /** The account's `ADDRESS_FORMAT_COSMOS` address. */
  signWith: string;
  /** The compressed secp256k1 public key of the same key, hex: the account's `ADDRESS_FORMAT_COMPRESSED` address. */
  publicKey: string;
  /** The chain's bech32 prefix, such as `'osmo'`; `getAccounts()` reports the address with it. Default `'cosmos'`. */
  prefix?: string;
  /** The organization that holds the key; the client's by default. */
  organizationId?: string;
  /** How long to wait for each signing activity; the `waitForActivity` defaults by default. */
  waitOptions?: WaitForActivityOptions;
}

const BECH32_LIMIT = 90;

/** What both signers keep after `fromClient` checked the options. */
export interface CheckedAccount {
  /** The address Sigil knows the key by. */
  signWith: string;
  /** The same key's address with the chain's prefix, as `getAccounts()` reports it. */
  address: string;
  pubkey: Uint8Array;
}

/** Checks that `publicKey` is a compressed secp256k1 key whose address is `signWith`, and derives the prefixed address. */
export function checkAccount(options: SigilSignerOptions): CheckedAccount {
  if (!options || typeof options.client?.signRawPayload !== 'function') {
    throw new TypeError('@sigil/cosmjs: fromClient({client, signWith, publicKey}) needs a SigilClient from @sigil/sdk-server or @sigil/sdk-browser');
  }
  const { signWith, publicKey, prefix = 'cosmos' } = options;
  let pubkey: Uint8Array;
  try {
    pubkey = fromHex(publicKey.startsWith('0x') ? publicKey.slice(2) : publicKey);
  } catch {
    throw new Error(`@sigil/cosmjs: publicKey must be hex, the account's ADDRESS_FORMAT_COMPRESSED address; got ${JSON.stringify(publicKey)}`);
  }
  if (pubkey.length !== 33 || (pubkey[0] !== 2 && pubkey[0] !== 3)) {
    throw new Error(`@sigil/cosmjs: publicKey must be a compressed secp256k1 public key (33 bytes starting 02 or 03); got ${pubkey.length} bytes`);
  }
  let data: Uint8Array;
  try {
    // An explicit length limit (BIP-173's 90): @cosmjs/encoding 0.39's default, Infinity, is refused by @scure/base 2.4.
    data = fromBech32(signWith, BECH32_LIMIT).data;
  } catch {
    throw new Error(`@sigil/cosmjs: signWith must be the account's bech32 ADDRESS_FORMAT_COSMOS address; got ${JSON.stringify(signWith)}`);
  }
  const expected = rawSecp256k1PubkeyToRawAddress(pubkey);
  if (data.length !== expected.length || data.some((byte, i) => byte !== expected[i])) {
    throw new Error(`@sigil/cosmjs: publicKey ${publicKey} does not hash to signWith ${signWith}; give the ADDRESS_FORMAT_COMPRESSED address of the same path`);
  }
  return { signWith, address: toBech32(prefix, expected), pubkey };
}

export function accountData(account: CheckedAccount): AccountData[] {
  return [{ address: account.address, algo: 'secp256k1', pubkey: account.pubkey }];
}

/** CosmJS asks for the account by the address `getAccounts()` reported; Sigil's own address is accepted too. */
export function assertSigner(account: CheckedAccount, signerAddress: string): void {
  if (signerAddress !== account.address && signerAddress !== account.signWith) {
    throw new Error(`@sigil/cosmjs: this signer signs for ${account.address} only, not ${signerAddress}`);
  }
}

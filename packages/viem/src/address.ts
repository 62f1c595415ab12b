// The Ethereum address of what `signWith` names, found without signing: an address is its own; a public key gives
// it by hashing; a private key ID is looked up with get_private_key. Anything else is no Ethereum account.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { SigilClient } from '@sigil/http';
import { bytesToHex, getAddress, isAddress, type Address, type Hex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

export interface ResolvedAccount {
  address: Address;
  /** The uncompressed public key, when signWith gave it or named a private key. */
  publicKey?: Hex | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A secp256k1 public key (compressed or not, with or without 0x) as uncompressed 0x hex, or undefined. */
export function secp256k1PublicKey(text: string): Hex | undefined {
  const hex = text.replace(/^0x/, '');
  if (!/^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/.test(hex)) return undefined;
  try {
    return bytesToHex(secp256k1.Point.fromHex(hex.toLowerCase()).toBytes(false));
  } catch {
    return undefined; // Right length, but not a point of the curve.
  }
}

function notEthereum(signWith: string, why: string): TypeError {
  return new TypeError(`signWith ${signWith} is no Ethereum account: ${why}`);
}

/**
 * Resolves the account's address. `ethereumAddress`, when given, is trusted (and checksummed); otherwise it is
 * derived from `signWith`. Throws a TypeError for what cannot sign Ethereum transactions (a Solana address, an
 * Ed25519 key); Sigil's own errors (such as a private key ID of another organization) pass through.
 */
export async function resolveAccount(
  client: SigilClient,
  signWith: string,
  options: { ethereumAddress?: string | undefined; organizationId?: string | undefined },
): Promise<ResolvedAccount> {
  const publicKey = secp256k1PublicKey(signWith);
  if (options.ethereumAddress !== undefined) {
    if (!isAddress(options.ethereumAddress, { strict: false })) throw new TypeError(`ethereumAddress ${options.ethereumAddress} is not an Ethereum address (0x and 40 hex digits)`);
    return { address: getAddress(options.ethereumAddress), publicKey };
  }
  if (isAddress(signWith, { strict: false })) return { address: getAddress(signWith) };
  if (publicKey) return { address: publicKeyToAddress(publicKey), publicKey };
  if (UUID.test(signWith)) {
    const { privateKey } = await client.getPrivateKey({ privateKeyId: signWith, ...(options.organizationId ? { organizationId: options.organizationId } : {}) });
    if (privateKey.curve !== 'CURVE_SECP256K1') throw notEthereum(signWith, `the private key is on ${privateKey.curve}; Ethereum signs with CURVE_SECP256K1`);
    const keyHex = secp256k1PublicKey(privateKey.publicKey);
    if (!keyHex) throw notEthereum(signWith, `its public key ${privateKey.publicKey} is not a secp256k1 point`);
    return { address: publicKeyToAddress(keyHex), publicKey: keyHex };
  }
  throw notEthereum(signWith, 'give an ADDRESS_FORMAT_ETHEREUM address (0x and 40 hex digits), a secp256k1 private key ID or public key, or pass ethereumAddress');
}

// Addresses for every ADDRESS_FORMAT_* of the API document, from a public key. Each encoder is checked
// against a published vector of its chain in addresses.test.ts. Formats the emulator cannot derive
// answer code 12 (UNIMPLEMENTED) naming the format; a format on the wrong curve answers code 3.
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256, sha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base32nopad, base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import { ApiError, Code, invalid } from '../errors.js';
import { concatBytes } from '../encoding.js';
import type { Curve } from './derivation.js';

const base58check = createBase58check(sha256);
const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes));

/** The 65-byte uncompressed secp256k1 point. */
const uncompressed = (publicKey: Uint8Array): Uint8Array => secp256k1.Point.fromBytes(publicKey).toBytes(false);

/** EIP-55: each hex letter upper-cased where the matching nibble of keccak256(lowercase hex) is 8 or more. */
export function eip55(addressHex: string): string {
  const lower = addressHex.toLowerCase().replace(/^0x/, '');
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

export function ethereumAddress(publicKey: Uint8Array): string {
  return eip55(bytesToHex(keccak_256(uncompressed(publicKey).subarray(1)).subarray(12)));
}

function tronAddress(publicKey: Uint8Array): string {
  const body = keccak_256(uncompressed(publicKey).subarray(1)).subarray(12);
  return base58check.encode(concatBytes(new Uint8Array([0x41]), body));
}

function segwit(hrp: string, version: number, program: Uint8Array): string {
  return (version === 0 ? bech32 : bech32m).encode(hrp, [version, ...bech32.toWords(program)]);
}

/** BIP-86 key-path-only output key: P + t·G with t = tagged_hash("TapTweak", x(P)), P taken with even y. */
function taprootOutputKey(publicKey: Uint8Array): Uint8Array {
  const x = publicKey.subarray(1, 33);
  const P = schnorr.utils.lift_x(BigInt(`0x${bytesToHex(x)}`));
  const t = BigInt(`0x${bytesToHex(schnorr.utils.taggedHash('TapTweak', x))}`);
  const Q = P.add(secp256k1.Point.BASE.multiply(t));
  return Q.toBytes(true).subarray(1);
}

interface BitcoinNetwork {
  hrp: string;
  p2pkh: number;
  p2sh: number;
}
const NETWORKS: Record<string, BitcoinNetwork> = {
  MAINNET: { hrp: 'bc', p2pkh: 0x00, p2sh: 0x05 },
  TESTNET: { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 },
  SIGNET: { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 },
  REGTEST: { hrp: 'bcrt', p2pkh: 0x6f, p2sh: 0xc4 },
};

function bitcoinAddress(network: BitcoinNetwork, script: string, publicKey: Uint8Array): string {
  const keyHash = hash160(publicKey);
  switch (script) {
    case 'P2PKH':
      return base58check.encode(concatBytes(new Uint8Array([network.p2pkh]), keyHash));
    case 'P2SH': {
      // P2SH-P2WPKH (BIP-49): the redeem script is the version-0 witness program of the key.
      const redeem = concatBytes(new Uint8Array([0x00, 0x14]), keyHash);
      return base58check.encode(concatBytes(new Uint8Array([network.p2sh]), hash160(redeem)));
    }
    case 'P2WPKH':
      return segwit(network.hrp, 0, keyHash);
    case 'P2WSH': {
      // The witness script is the single-key script <pubkey> OP_CHECKSIG.
      const witnessScript = concatBytes(new Uint8Array([0x21]), publicKey, new Uint8Array([0xac]));
      return segwit(network.hrp, 0, sha256(witnessScript));
    }
    default:
      return segwit(network.hrp, 1, taprootOutputKey(publicKey));
  }
}

/** CRC16-XModem (polynomial 0x1021, initial 0), as Stellar's StrKey uses. */
function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function stellarAddress(publicKey: Uint8Array): string {
  const payload = concatBytes(new Uint8Array([6 << 3]), publicKey);
  const crc = crc16xmodem(payload);
  return base32nopad.encode(concatBytes(payload, new Uint8Array([crc & 0xff, crc >> 8])));
}

function xrpAddress(publicKey: Uint8Array): string {
  const payload = concatBytes(new Uint8Array([0x00]), hash160(publicKey));
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58xrp.encode(concatBytes(payload, checksum));
}

type Encoder = (publicKey: Uint8Array, curve: Curve) => string;
const SECP = ['CURVE_SECP256K1'] as const;
const ED = ['CURVE_ED25519'] as const;
const BOTH = ['CURVE_SECP256K1', 'CURVE_ED25519'] as const;

const FORMATS: Record<string, { curves: readonly Curve[]; encode: Encoder }> = {
  // Ed25519 has one public key encoding (32 bytes), so both raw formats give it.
  ADDRESS_FORMAT_UNCOMPRESSED: { curves: BOTH, encode: (key, curve) => bytesToHex(curve === 'CURVE_ED25519' ? key : uncompressed(key)) },
  ADDRESS_FORMAT_COMPRESSED: { curves: BOTH, encode: (key) => bytesToHex(key) },
  ADDRESS_FORMAT_ETHEREUM: { curves: SECP, encode: ethereumAddress },
  ADDRESS_FORMAT_SOLANA: { curves: ED, encode: (key) => base58.encode(key) },
  ADDRESS_FORMAT_COSMOS: { curves: SECP, encode: (key) => bech32.encode('cosmos', bech32.toWords(hash160(key))) },
  ADDRESS_FORMAT_SEI: { curves: SECP, encode: (key) => bech32.encode('sei', bech32.toWords(hash160(key))) },
  ADDRESS_FORMAT_TRON: { curves: SECP, encode: tronAddress },
  // Sui: BLAKE2b-256 of the signature scheme flag (0x00 for Ed25519) and the key.
  ADDRESS_FORMAT_SUI: { curves: ED, encode: (key) => `0x${bytesToHex(blake2b(concatBytes(new Uint8Array([0x00]), key), { dkLen: 32 }))}` },
  // Aptos: SHA3-256 of the key and the single-Ed25519 scheme byte 0x00.
  ADDRESS_FORMAT_APTOS: { curves: ED, encode: (key) => `0x${bytesToHex(sha3_256(concatBytes(key, new Uint8Array([0x00]))))}` },
  ADDRESS_FORMAT_XLM: { curves: ED, encode: stellarAddress },
  ADDRESS_FORMAT_DOGE_MAINNET: { curves: SECP, encode: (key) => base58check.encode(concatBytes(new Uint8Array([0x1e]), hash160(key))) },
  ADDRESS_FORMAT_DOGE_TESTNET: { curves: SECP, encode: (key) => base58check.encode(concatBytes(new Uint8Array([0x71]), hash160(key))) },
  ADDRESS_FORMAT_XRP: { curves: SECP, encode: xrpAddress },
};
for (const network of Object.keys(NETWORKS)) {
  for (const script of ['P2PKH', 'P2SH', 'P2WPKH', 'P2WSH', 'P2TR']) {
    FORMATS[`ADDRESS_FORMAT_BITCOIN_${network}_${script}`] = { curves: SECP, encode: (key) => bitcoinAddress(NETWORKS[network]!, script, key) };
  }
}

/**
 * Formats of the document the emulator does not derive, with the reason. A TON address is the hash of
 * a wallet contract's initial state (its code cell and data cell), which needs the contract code.
 */
export const UNDERIVABLE_FORMATS: Readonly<Record<string, string>> = {
  ADDRESS_FORMAT_TON_V3R2: 'a TON address hashes the wallet contract (v3r2) code and data cells, which this emulator version does not build',
  ADDRESS_FORMAT_TON_V4R2: 'a TON address hashes the wallet contract (v4r2) code and data cells, which this emulator version does not build',
};

export const DERIVABLE_FORMATS: readonly string[] = Object.keys(FORMATS);

/** The curves a format takes, or undefined for formats the emulator cannot derive. */
export const curvesOf = (format: string): readonly Curve[] | undefined => FORMATS[format]?.curves;

const curveName = (curve: Curve): string => (curve === 'CURVE_ED25519' ? 'CURVE_ED25519 (Ed25519)' : 'CURVE_SECP256K1 (secp256k1)');

export function addressOf(format: string, curve: Curve, publicKey: Uint8Array, field: string): string {
  const underivable = UNDERIVABLE_FORMATS[format];
  if (underivable) throw new ApiError(Code.UNIMPLEMENTED, `${field}: ${format} is not implemented in the Sigil emulator: ${underivable}`);
  const spec = FORMATS[format];
  if (!spec) throw invalid(field, `${field}: ${format} is not an address format of the API`);
  if (!spec.curves.includes(curve)) {
    throw invalid(field, `${field}: ${format} needs a ${spec.curves.map(curveName).join(' or ')} key, not ${curveName(curve)}`);
  }
  return spec.encode(publicKey, curve);
}

// The Bitcoin page's signature code (website/docs/ecosystems/bitcoin.mdx, "sign-psbt.ts"), copied
// unchanged but for formatting, so the Bitcoin test turns sign_raw_payload's r and s into a witness
// signature the way a reader's code does.
import { SigHash } from '@scure/btc-signer';

// secp256k1's group order: Bitcoin accepts only signatures with s <= N / 2.
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** One DER INTEGER: minimal big-endian bytes, with a 00 prefix when the top bit is set. */
function derInteger(value: bigint): Buffer {
  let bytes = Buffer.from(value.toString(16).padStart(64, '0'), 'hex');
  while (bytes.length > 1 && bytes[0] === 0 && (bytes[1]! & 0x80) === 0) bytes = bytes.subarray(1);
  if (bytes[0]! & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return Buffer.concat([Buffer.from([0x02, bytes.length]), bytes]);
}

/** DER signature in low-S form, followed by the SIGHASH_ALL byte, as a witness or scriptSig expects. */
export function bitcoinSignature(rHex: string, sHex: string): Uint8Array {
  const r = BigInt(`0x${rHex}`);
  let s = BigInt(`0x${sHex}`);
  if (s > N / 2n) s = N - s;
  const body = Buffer.concat([derInteger(r), derInteger(s)]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body, Buffer.from([SigHash.ALL])]);
}

// X-Stamp with node:crypto (OpenSSL), so the load generator spends little CPU on signing and leaves the
// machine to the emulator. Signatures are normalized to low S, as the document's API key stamps are.
import { createPrivateKey, sign } from 'node:crypto';

const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_N = N >> 1n;

/** A P-256 private key object from the key file's 64 hex scalar. */
export function privateKeyFrom(privateKeyHex) {
  return createPrivateKey({ key: pkcs8(privateKeyHex), format: 'der', type: 'pkcs8' });
}

/** PKCS#8 DER of a P-256 private scalar, without the optional public key. */
function pkcs8(privateKeyHex) {
  const prefix = '3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420';
  return Buffer.from(prefix + privateKeyHex, 'hex');
}

function readDer(der) {
  // SEQUENCE { INTEGER r, INTEGER s } with short lengths (P-256 signatures are under 128 bytes).
  let offset = 2;
  const r = der.subarray(offset + 2, offset + 2 + der[offset + 1]);
  offset += 2 + der[offset + 1];
  const s = der.subarray(offset + 2, offset + 2 + der[offset + 1]);
  return [BigInt('0x' + r.toString('hex')), BigInt('0x' + s.toString('hex'))];
}

function derInteger(value) {
  let hex = value.toString(16);
  if (hex.length % 2) hex = '0' + hex;
  if (parseInt(hex.slice(0, 2), 16) & 0x80) hex = '00' + hex;
  return Buffer.concat([Buffer.from([0x02, hex.length / 2]), Buffer.from(hex, 'hex')]);
}

export function stampHeader(body, privateKey, publicKeyHex) {
  const der = sign('sha256', Buffer.from(body, 'utf8'), privateKey);
  let [r, s] = readDer(der);
  if (s > HALF_N) s = N - s;
  const content = Buffer.concat([derInteger(r), derInteger(s)]);
  const signature = Buffer.concat([Buffer.from([0x30, content.length]), content]).toString('hex');
  return Buffer.from(JSON.stringify({ publicKey: publicKeyHex, scheme: 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256', signature })).toString('base64url');
}

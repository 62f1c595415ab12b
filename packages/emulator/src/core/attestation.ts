// Reads a WebAuthn registration (create_authenticators' `attestation`): the clientDataJSON is checked
// against the challenge, and the credential public key is taken from the attestationObject's
// authenticator data, so later X-Stamp-WebAuthn assertions verify against it. The attestation
// statement itself (which vendor made the authenticator) is recorded, not verified: the document asks
// for no attestation trust policy.
import { p256 } from '@noble/curves/nist.js';
import { invalid } from './errors.js';
import type { AuthenticatorRecord } from './model.js';
import { base64urlToBytes, bytesToHex } from './encoding.js';

type Cbor = number | bigint | string | boolean | null | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

/** A small CBOR (RFC 8949) decoder for the definite-length items WebAuthn uses. */
function decodeCbor(bytes: Uint8Array): { value: Cbor; end: number } {
  let offset = 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (n: number): void => {
    if (offset + n > bytes.length) throw new Error('CBOR item runs past the end');
  };
  const length = (info: number): number => {
    if (info < 24) return info;
    if (info === 24) return need(1), bytes[offset++]!;
    if (info === 25) return need(2), (offset += 2), view.getUint16(offset - 2);
    if (info === 26) return need(4), (offset += 4), view.getUint32(offset - 4);
    throw new Error('CBOR length form not supported');
  };
  const item = (depth: number): Cbor => {
    if (depth > 16) throw new Error('CBOR nested too deeply');
    need(1);
    const initial = bytes[offset++]!;
    const major = initial >> 5;
    const info = initial & 0x1f;
    switch (major) {
      case 0:
        return length(info);
      case 1:
        return -1 - length(info);
      case 2: {
        const n = length(info);
        need(n);
        offset += n;
        return bytes.slice(offset - n, offset);
      }
      case 3: {
        const n = length(info);
        need(n);
        offset += n;
        return new TextDecoder().decode(bytes.subarray(offset - n, offset));
      }
      case 4: {
        const n = length(info);
        if (n > bytes.length) throw new Error('CBOR array longer than its input');
        return Array.from({ length: n }, () => item(depth + 1));
      }
      case 5: {
        const n = length(info);
        if (n > bytes.length) throw new Error('CBOR map longer than its input');
        const map = new Map<Cbor, Cbor>();
        for (let i = 0; i < n; i++) map.set(item(depth + 1), item(depth + 1));
        return map;
      }
      case 7:
        if (info === 20) return false;
        if (info === 21) return true;
        if (info === 22) return null;
        throw new Error('CBOR simple value not supported');
      default:
        throw new Error('CBOR tags are not supported');
    }
  };
  const value = item(0);
  return { value, end: offset };
}

/** What an attestation proves about a passkey: the part of the stored record that comes from the authenticator. */
type RegisteredPasskey = Pick<AuthenticatorRecord, 'credentialId' | 'publicKey' | 'rpIdHash' | 'signCount' | 'aaguid' | 'attestationType'>;

function aaguidString(bytes: Uint8Array): string {
  const hex = bytesToHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Checks one AuthenticatorParamsV2 and returns the passkey to store. `field` prefixes error details,
 * e.g. `parameters.authenticators[0]`.
 */
export function readAttestation(
  field: string,
  input: { challenge: string; attestation: { credentialId: string; clientDataJson: string; attestationObject: string } },
): RegisteredPasskey {
  const { attestation } = input;
  let clientData: { type?: unknown; challenge?: unknown };
  try {
    clientData = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64urlToBytes(attestation.clientDataJson))) as typeof clientData;
  } catch {
    throw invalid(`${field}.attestation.clientDataJson`, `${field}.attestation.clientDataJson: must be base64url of the UTF-8 JSON client data`);
  }
  if (clientData?.type !== 'webauthn.create') {
    throw invalid(`${field}.attestation.clientDataJson`, `${field}.attestation.clientDataJson: type must be webauthn.create`);
  }
  if (clientData.challenge !== input.challenge) {
    throw invalid(`${field}.challenge`, `${field}.challenge: does not match the challenge in the attestation's clientDataJson`);
  }
  const fail = (why: string) => invalid(`${field}.attestation.attestationObject`, `${field}.attestation.attestationObject: ${why}`);
  let object: Cbor;
  try {
    object = decodeCbor(base64urlToBytes(attestation.attestationObject)).value;
  } catch (error) {
    throw fail(`is not base64url CBOR (${(error as Error).message})`);
  }
  if (!(object instanceof Map)) throw fail('is not a CBOR map');
  const authData = object.get('authData');
  const fmt = object.get('fmt');
  if (!(authData instanceof Uint8Array) || authData.length < 55) throw fail('has no authData with attested credential data');
  const flags = authData[32]!;
  if ((flags & 0x40) === 0) throw fail('authData has no attested credential data (AT flag)');
  const signCount = new DataView(authData.buffer, authData.byteOffset + 33, 4).getUint32(0);
  const idLength = (authData[53]! << 8) | authData[54]!;
  const credentialId = authData.subarray(55, 55 + idLength);
  if (credentialId.length !== idLength) throw fail('authData credential ID is truncated');
  const credentialIdText = attestation.credentialId;
  let claimedId: Uint8Array;
  try {
    claimedId = base64urlToBytes(credentialIdText);
  } catch {
    throw invalid(`${field}.attestation.credentialId`, `${field}.attestation.credentialId: must be base64url`);
  }
  if (bytesToHex(claimedId) !== bytesToHex(credentialId)) {
    throw invalid(`${field}.attestation.credentialId`, `${field}.attestation.credentialId: differs from the credential ID in authData`);
  }
  let key: Cbor;
  try {
    key = decodeCbor(authData.subarray(55 + idLength)).value;
  } catch (error) {
    throw fail(`credential public key is not CBOR (${(error as Error).message})`);
  }
  if (!(key instanceof Map) || key.get(1) !== 2 || key.get(3) !== -7 || key.get(-1) !== 1) {
    throw fail('credential public key must be an ES256 (ECDSA P-256) COSE key');
  }
  const x = key.get(-2);
  const y = key.get(-3);
  if (!(x instanceof Uint8Array) || !(y instanceof Uint8Array) || x.length !== 32 || y.length !== 32) throw fail('COSE key lacks 32-byte x and y');
  return {
    credentialId: credentialIdText,
    publicKey: compressedPoint(x, y, fail),
    rpIdHash: bytesToHex(authData.subarray(0, 32)),
    signCount,
    aaguid: aaguidString(authData.subarray(37, 53)),
    attestationType: typeof fmt === 'string' ? fmt : 'none',
  };
}

/** Checks (x, y) is on P-256 before dropping y to its parity, so compressing cannot hide an invalid key. */
function compressedPoint(x: Uint8Array, y: Uint8Array, fail: (why: string) => Error): string {
  try {
    return p256.Point.fromHex(`04${bytesToHex(x)}${bytesToHex(y)}`).toHex(true);
  } catch {
    throw fail('the credential public key is not a P-256 point');
  }
}

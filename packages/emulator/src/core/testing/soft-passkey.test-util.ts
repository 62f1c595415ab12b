// A software passkey for tests: P-256 with "none" attestation, making the real attestation
// create_authenticators takes and real X-Stamp-WebAuthn assertions, as a browser would.
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToBase64url as b64 } from '../encoding.js';

function cborEncode(value: unknown): Uint8Array {
  const out: number[] = [];
  const head = (major: number, n: number) => {
    if (n < 24) out.push((major << 5) | n);
    else if (n < 256) out.push((major << 5) | 24, n);
    else out.push((major << 5) | 25, n >> 8, n & 0xff);
  };
  const write = (v: unknown): void => {
    if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
    if (typeof v === 'string') {
      const bytes = utf8ToBytes(v);
      head(3, bytes.length);
      out.push(...bytes);
      return;
    }
    if (v instanceof Uint8Array) {
      head(2, v.length);
      out.push(...v);
      return;
    }
    if (v instanceof Map) {
      head(5, v.size);
      for (const [k, val] of v) (write(k), write(val));
    }
  };
  write(value);
  return Uint8Array.from(out);
}

export function softPasskey({ rpId = 'wallet.example.com', authenticatorName = 'laptop' }: { rpId?: string; authenticatorName?: string } = {}) {
  const secret = p256.utils.randomSecretKey();
  const point = p256.getPublicKey(secret, false);
  const credentialId = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const rpIdHash = sha256(utf8ToBytes(rpId));
  let counter = 0;
  return {
    credentialId: b64(credentialId),
    register(challenge: string) {
      const cose = cborEncode(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, point.slice(1, 33)], [-3, point.slice(33)]]));
      const authData = Uint8Array.from([...rpIdHash, 0x45, 0, 0, 0, 0, ...new Uint8Array(16), 0, credentialId.length, ...credentialId, ...cose]);
      const attestationObject = cborEncode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
      return {
        authenticatorName,
        challenge,
        attestation: {
          credentialId: b64(credentialId),
          clientDataJson: b64(utf8ToBytes(JSON.stringify({ type: 'webauthn.create', challenge, origin: `https://${rpId}` }))),
          attestationObject: b64(attestationObject),
          transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL' as const],
        },
      };
    },
    stamp(body: string, options: { counter?: number; origin?: string } = {}) {
      counter = options.counter ?? counter + 1;
      const authenticatorData = Uint8Array.from([...rpIdHash, 0x05, (counter >>> 24) & 0xff, (counter >>> 16) & 0xff, (counter >>> 8) & 0xff, counter & 0xff]);
      const clientDataJson = utf8ToBytes(JSON.stringify({ type: 'webauthn.get', challenge: b64(sha256(utf8ToBytes(body))), origin: options.origin ?? `https://${rpId}` }));
      const signature = p256.sign(Uint8Array.from([...authenticatorData, ...sha256(clientDataJson)]), secret, { format: 'der', prehash: true });
      return JSON.stringify({ credentialId: b64(credentialId), authenticatorData: b64(authenticatorData), clientDataJson: b64(clientDataJson), signature: b64(signature) });
    },
  };
}

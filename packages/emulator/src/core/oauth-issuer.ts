// The emulator's built-in OpenID Connect test issuer. The emulator cannot reach real providers' keys,
// so `oauth` (and linking with create_oauth_providers) accepts ID tokens from this issuer only: it signs
// ES256 JWTs with a P-256 key kept in the emulator's state, minted for tests at
// GET /emulator/v1/oauth/token and published at GET /emulator/v1/oauth/jwks.
import { p256 } from '@noble/curves/nist.js';
import { invalid } from './errors.js';
import { base64urlToBytes, bytesToBase64url, bytesToHex, hexToBytes, sha256Hex, utf8ToBytes } from './encoding.js';
import { C } from './model.js';
import type { Database } from './store.js';

/** `iss` of every token the test issuer signs; `.invalid` so it can never be mistaken for a real provider. */
export const TEST_ISSUER = 'https://oauth.emulator.sigil.invalid';
/** Lifetime of a minted ID token unless the request gives `ttl`. */
const ID_TOKEN_SECONDS = 3600;

interface IssuerKey {
  privateKey: string;
  kid: string;
}

function issuerKey(db: Database, create: boolean): IssuerKey | undefined {
  const existing = db.get<IssuerKey>(C.meta, 'oauthIssuerKey');
  if (existing || !create) return existing;
  const privateKey = p256.utils.randomSecretKey();
  const key: IssuerKey = { privateKey: bytesToHex(privateKey), kid: sha256Hex(bytesToHex(p256.getPublicKey(privateKey, true))).slice(0, 16) };
  db.put(C.meta, 'oauthIssuerKey', key);
  return key;
}

const encodeJson = (value: unknown): string => bytesToBase64url(utf8ToBytes(JSON.stringify(value)));

interface MintInput {
  sub: string;
  aud: string;
  nonce?: string;
  email?: string;
  /** Seconds until `exp`; may be negative to mint an expired token. */
  ttl?: number;
}

/** Signs an ID token; creates the issuer key on first use (a state change). */
export function mintIdToken(db: Database, input: MintInput, nowMs: number): string {
  const key = issuerKey(db, true)!;
  const iat = Math.floor(nowMs / 1000);
  const payload = {
    iss: TEST_ISSUER,
    sub: input.sub,
    aud: input.aud,
    iat,
    exp: iat + (input.ttl ?? ID_TOKEN_SECONDS),
    ...(input.nonce !== undefined ? { nonce: input.nonce } : {}),
    ...(input.email !== undefined ? { email: input.email, email_verified: true } : {}),
  };
  const signingInput = `${encodeJson({ alg: 'ES256', typ: 'JWT', kid: key.kid })}.${encodeJson(payload)}`;
  const signature = p256.sign(utf8ToBytes(signingInput), hexToBytes(key.privateKey));
  return `${signingInput}.${bytesToBase64url(signature)}`;
}

/** The issuer's public key as a JWK Set (empty until the first token is minted). */
export function issuerJwks(db: Database): { keys: Array<Record<string, string>> } {
  const key = issuerKey(db, false);
  if (!key) return { keys: [] };
  const point = p256.getPublicKey(hexToBytes(key.privateKey), false);
  return {
    keys: [{ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: key.kid, x: bytesToBase64url(point.subarray(1, 33)), y: bytesToBase64url(point.subarray(33)) }],
  };
}

interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  nonce?: string;
  email?: string;
}

/**
 * Checks an ID token as `oauth` and create_oauth_providers do: a JWT signed with ES256 by the test
 * issuer's key, `iss` the test issuer, `sub` and `aud` present, not expired. Throws code 3 on `field`.
 */
export function verifyIdToken(db: Database, token: string, field: string, nowMs: number): IdTokenClaims {
  const fail = (why: string): never => {
    throw invalid(field, `${field}: ${why}`);
  };
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3) fail('must be a JWT (three base64url parts separated by dots)');
  let header: { alg?: unknown; kid?: unknown };
  let claims: Record<string, unknown>;
  let signature: Uint8Array;
  try {
    header = JSON.parse(new TextDecoder().decode(base64urlToBytes(parts[0]!))) as typeof header;
    claims = JSON.parse(new TextDecoder().decode(base64urlToBytes(parts[1]!))) as Record<string, unknown>;
    signature = base64urlToBytes(parts[2]!);
  } catch {
    return fail('its header or payload is not base64url-encoded JSON');
  }
  if (typeof claims !== 'object' || claims === null) fail('its payload is not a JSON object');
  if (claims.iss !== TEST_ISSUER) {
    fail(`was issued by ${JSON.stringify(claims.iss)}; the emulator accepts only ID tokens of its test issuer ${TEST_ISSUER} (mint one at GET /emulator/v1/oauth/token)`);
  }
  const key = issuerKey(db, false);
  if (header.alg !== 'ES256') fail(`its alg is ${JSON.stringify(header.alg)}; the test issuer signs with ES256`);
  if (!key || header.kid !== key.kid) fail('is not signed with the key of this emulator’s test issuer');
  const signingInput = utf8ToBytes(`${parts[0]}.${parts[1]}`);
  let valid = false;
  try {
    valid = signature.length === 64 && p256.verify(signature, signingInput, p256.getPublicKey(hexToBytes(key!.privateKey), false));
  } catch {
    valid = false;
  }
  if (!valid) fail('its signature does not verify with the test issuer’s key');
  if (typeof claims.sub !== 'string' || claims.sub === '') fail('has no sub claim');
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (typeof aud !== 'string' || aud === '') fail('has no aud claim');
  if (typeof claims.exp !== 'number') fail('has no exp claim');
  if ((claims.exp as number) * 1000 <= nowMs) fail('has expired');
  return {
    iss: TEST_ISSUER,
    sub: claims.sub as string,
    aud: aud as string,
    exp: claims.exp as number,
    ...(typeof claims.nonce === 'string' ? { nonce: claims.nonce } : {}),
    ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
  };
}

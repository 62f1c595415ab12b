import { createECDH, createPublicKey, ECDH, verify as nodeVerify, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_CURVES,
  ApiKeyStamper,
  TEST_VECTOR,
  decodeStamp,
  encodeStamp,
  generateApiKeyPair,
  publicKeyFromPrivateKey,
} from './index.js';

// Independent of @noble: decompress with OpenSSL and build a JWK for node:crypto.
function nodePublicKey(compressedHex: string): KeyObject {
  const uncompressed = ECDH.convertKey(compressedHex, 'prime256v1', 'hex', undefined, 'uncompressed');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: uncompressed.subarray(1, 33).toString('base64url'),
      y: uncompressed.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

function nodeVerifies(body: string, headerValue: string): boolean {
  const stamp = JSON.parse(Buffer.from(headerValue, 'base64url').toString('utf8')) as {
    publicKey: string;
    signature: string;
  };
  return nodeVerify('sha256', Buffer.from(body, 'utf8'), nodePublicKey(stamp.publicKey), Buffer.from(stamp.signature, 'hex'));
}

const P256_HALF_ORDER = 0x7fffffff800000007fffffffffffffffde737d56d38bcf4279dce5617e3192a8n;

function derS(signatureHex: string): bigint {
  const der = Buffer.from(signatureHex, 'hex');
  // SEQUENCE { INTEGER r, INTEGER s }
  const rLength = der[3]!;
  const sOffset = 4 + rLength;
  const sLength = der[sOffset + 1]!;
  return BigInt('0x' + der.subarray(sOffset + 2, sOffset + 2 + sLength).toString('hex'));
}

describe('ApiKeyStamper', () => {
  const stamper = new ApiKeyStamper({ apiPublicKey: TEST_VECTOR.publicKey, apiPrivateKey: TEST_VECTOR.privateKey });

  it('reproduces the published test vector exactly', async () => {
    const { stampHeaderName, stampHeaderValue } = await stamper.stamp(TEST_VECTOR.body);
    expect(stampHeaderName).toBe('X-Stamp');
    expect(stampHeaderValue).toBe(TEST_VECTOR.stampHeaderValue);
  });

  it('encodes the stamp as unpadded base64url JSON with the fixed fields, in order', async () => {
    const { stampHeaderValue } = await stamper.stamp(TEST_VECTOR.body);
    expect(stampHeaderValue).toMatch(/^[A-Za-z0-9_-]+$/);
    const json = Buffer.from(stampHeaderValue, 'base64url').toString('utf8');
    expect(json).toBe(
      `{"publicKey":"${TEST_VECTOR.publicKey}","scheme":"SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256","signature":"${TEST_VECTOR.signature}"}`,
    );
  });

  it('produces a signature that node:crypto verifies over the exact body', async () => {
    for (const body of [TEST_VECTOR.body, '{}', '{"organizationId":"org-1"}', '{"name":"ünïcödé ✓"}']) {
      const { stampHeaderValue } = await stamper.stamp(body);
      expect(nodeVerifies(body, stampHeaderValue)).toBe(true);
    }
  });

  it('fails verification when the body is tampered with', async () => {
    const { stampHeaderValue } = await stamper.stamp(TEST_VECTOR.body);
    expect(nodeVerifies(TEST_VECTOR.body.replace('Test wallet', 'Test wallet!'), stampHeaderValue)).toBe(false);
    // Whitespace is significant: the server checks the bytes it received.
    expect(nodeVerifies(JSON.stringify(JSON.parse(TEST_VECTOR.body), null, 2), stampHeaderValue)).toBe(false);
  });

  it('produces low-S DER signatures', async () => {
    for (let i = 0; i < 20; i++) {
      const { stampHeaderValue } = await stamper.stamp(`{"n":${i}}`);
      const { signature } = decodeStamp(stampHeaderValue);
      expect(signature.startsWith('30')).toBe(true);
      expect(derS(signature) <= P256_HALF_ORDER).toBe(true);
    }
  });

  it('rejects malformed or mismatched keys', () => {
    const other = generateApiKeyPair();
    expect(() => new ApiKeyStamper({ apiPublicKey: other.publicKey, apiPrivateKey: TEST_VECTOR.privateKey })).toThrow(
      /does not match/,
    );
    expect(() => new ApiKeyStamper({ apiPublicKey: TEST_VECTOR.publicKey, apiPrivateKey: 'abc' })).toThrow(/64 hex/);
    expect(() => new ApiKeyStamper({ apiPublicKey: 'xyz', apiPrivateKey: TEST_VECTOR.privateKey })).toThrow(
      /compressed/,
    );
  });
});

describe('keys', () => {
  it('generates hex key pairs whose public key node:crypto accepts', async () => {
    const pair = generateApiKeyPair();
    expect(pair.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(pair.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(publicKeyFromPrivateKey(pair.privateKey)).toBe(pair.publicKey);
    const stamper = new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey });
    const { stampHeaderValue } = await stamper.stamp('{"hello":"world"}');
    expect(nodeVerifies('{"hello":"world"}', stampHeaderValue)).toBe(true);
  });

  it('derives the same public key as OpenSSL', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(TEST_VECTOR.privateKey, 'hex'));
    expect(publicKeyFromPrivateKey(TEST_VECTOR.privateKey)).toBe(ecdh.getPublicKey('hex', 'compressed'));
  });
});

describe('encodeStamp / decodeStamp', () => {
  it('round-trips', () => {
    const stamp = decodeStamp(TEST_VECTOR.stampHeaderValue);
    expect(stamp).toEqual({
      publicKey: TEST_VECTOR.publicKey,
      scheme: 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256',
      signature: TEST_VECTOR.signature,
    });
    expect(encodeStamp(stamp)).toBe(TEST_VECTOR.stampHeaderValue);
  });

  it('rejects garbage', () => {
    expect(() => decodeStamp('not base64!')).toThrow();
    expect(() => decodeStamp(Buffer.from('{"publicKey":"02","scheme":"SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256"}').toString('base64url'))).toThrow(/publicKey/);
    expect(() => decodeStamp(Buffer.from('{"publicKey":"02","scheme":"SIGNATURE_SCHEME_RSA"}').toString('base64url'))).toThrow(/scheme must be one of/);
  });
});

// Independent of @noble: node:crypto (OpenSSL) checks the stamps of the other two curves the API accepts.
function nodeKeyFor(curve: string, publicKeyHex: string): KeyObject {
  if (curve === 'API_KEY_CURVE_ED25519') {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKeyHex, 'hex').toString('base64url') }, format: 'jwk' });
  }
  const uncompressed = ECDH.convertKey(publicKeyHex, curve === 'API_KEY_CURVE_SECP256K1' ? 'secp256k1' : 'prime256v1', 'hex', undefined, 'uncompressed');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: curve === 'API_KEY_CURVE_SECP256K1' ? 'secp256k1' : 'P-256',
      x: uncompressed.subarray(1, 33).toString('base64url'),
      y: uncompressed.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

describe('every API key curve', () => {
  const schemes = {
    API_KEY_CURVE_P256: 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256',
    API_KEY_CURVE_SECP256K1: 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256',
    API_KEY_CURVE_ED25519: 'SIGNATURE_SCHEME_SIGIL_ED25519',
  };

  it.each(API_KEY_CURVES)('%s: generates a pair whose stamps OpenSSL verifies over the exact body, under its scheme', async (curve) => {
    const pair = generateApiKeyPair(curve);
    expect(pair.publicKey).toMatch(curve === 'API_KEY_CURVE_ED25519' ? /^[0-9a-f]{64}$/ : /^0[23][0-9a-f]{64}$/);
    expect(publicKeyFromPrivateKey(pair.privateKey, curve)).toBe(pair.publicKey);
    const stamper = new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey, curve });
    expect(stamper.curve).toBe(curve);
    const body = '{"name":"ünïcödé ✓"}';
    const { stampHeaderValue } = await stamper.stamp(body);
    const stamp = decodeStamp(stampHeaderValue);
    expect(stamp).toMatchObject({ publicKey: pair.publicKey, scheme: schemes[curve] });
    const key = nodeKeyFor(curve, pair.publicKey);
    const signature = Buffer.from(stamp.signature, 'hex');
    const algorithm = curve === 'API_KEY_CURVE_ED25519' ? null : 'sha256';
    expect(nodeVerify(algorithm, Buffer.from(body, 'utf8'), key, signature)).toBe(true);
    expect(nodeVerify(algorithm, Buffer.from(body + ' ', 'utf8'), key, signature)).toBe(false);
    // Deterministic: the same key and body give the same header.
    expect((await stamper.stamp(body)).stampHeaderValue).toBe(stampHeaderValue);
  });

  it('refuses a key used as another curve, and a curve the API does not know', () => {
    const ed = generateApiKeyPair('API_KEY_CURVE_ED25519');
    expect(() => new ApiKeyStamper({ apiPublicKey: ed.publicKey, apiPrivateKey: ed.privateKey })).toThrow(/compressed P-256 key/);
    const k1 = generateApiKeyPair('API_KEY_CURVE_SECP256K1');
    expect(() => new ApiKeyStamper({ apiPublicKey: k1.publicKey, apiPrivateKey: k1.privateKey })).toThrow(/does not match.*P-256/);
    // Deliberately outside the type: a caller in plain JavaScript may pass anything.
    expect(() => generateApiKeyPair('API_KEY_CURVE_RSA' as never)).toThrow(/must be one of API_KEY_CURVE_P256, API_KEY_CURVE_SECP256K1, API_KEY_CURVE_ED25519/);
  });
});

// The Swift and Flutter pages build stamps in code no toolchain here can run. These tests read, from the pages'
// own blocks, what that code puts in a stamp (header name, scheme, JSON members and their order, hex and base64url
// encodings, what is signed and hashed), rebuild the stamp in Node with the same primitives, and check it against
// @sigil/api-key-stamper and @sigil/webauthn-stamper and against the emulator. A page edit that changes any of
// those values fails here.
import { createECDH, createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAMP_HEADER_NAME, SIGNATURE_SCHEME, ApiKeyStamper, TEST_VECTOR, decodeStamp } from '@sigil/api-key-stamper';
import { WEBAUTHN_STAMP_HEADER_NAME, WebauthnStamper } from '@sigil/webauthn-stamper';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { softPasskey } from '../../packages/emulator/src/core/testing/soft-passkey.test-util.js';
import { extractBlocks } from './run.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const openapi = JSON.parse(readFileSync(`${repo}packages/api-spec/dist/openapi.json`, 'utf8')) as {
  components: { schemas: Record<string, { properties?: Record<string, unknown>; enum?: string[] }> };
};

/** The code of the block whose info string has title="…" on a page. */
function block(page: string, title: string): string {
  const found = extractBlocks(readFileSync(`${repo}website/docs/${page}`, 'utf8')).find((b) => b.meta.includes(`title="${title}"`));
  if (!found) throw new Error(`${page} has no block titled ${title}`);
  return found.code;
}

/** The first group of `pattern` in `code`; fails with the pattern when the page no longer has it. */
function one(code: string, pattern: RegExp): string {
  const match = pattern.exec(code);
  if (!match) throw new Error(`the block no longer matches ${pattern}`);
  return match[1]!;
}

/** What a page's X-Stamp code does, read from the page. */
interface XStampSpec {
  headerName: string;
  scheme: string;
  /** The JSON members in the order the page's encoder writes them. */
  members: string[];
  /** How the page writes bytes as hex. */
  hex: (bytes: Uint8Array) => string;
  /** How the page writes the stamp JSON's bytes into the header. */
  encode: (bytes: Uint8Array) => string;
  /** How the page encodes the signature: DER, or raw r||s. */
  signatureEncoding: 'der' | 'ieee-p1363';
}

function applyReplacements(text: string, replacements: Array<[string, string]>): string {
  return replacements.reduce((out, [from, to]) => out.split(from).join(to), text);
}

function hexWith(width: number, upper: boolean): (bytes: Uint8Array) => string {
  return (bytes) =>
    Array.from(bytes, (b) => {
      const digits = b.toString(16).padStart(width, '0');
      return upper ? digits.toUpperCase() : digits;
    }).join('');
}

function swiftXStamp(): XStampSpec {
  const code = block('sdks/swift/index.mdx', 'SigilStamping.swift');
  const fields = [...one(code, /private struct Stamp: Encodable \{([^}]*)\}/).matchAll(/let (\w+): String/g)].map((m) => m[1]!);
  // Without .sortedKeys, JSONEncoder's member order is unspecified on Apple platforms: the page must sort.
  one(code, /encoder\.outputFormatting = \[([^\]]*\.sortedKeys[^\]]*)\]/);
  const format = one(code, /String\(format: "(%0?\d*[xX])", \$0\)/);
  const base64URL = one(code, /var base64URL: String \{([\s\S]*?)\n {4}\}/);
  expect(base64URL).toMatch(/^\s*base64EncodedString\(\)/);
  const replacements = [...base64URL.matchAll(/\.replacingOccurrences\(of: "(.*?)", with: "(.*?)"\)/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
  one(code, /return try (encoder\.encode\(stamp\)\.base64URL)/);
  // The public key the stamp names is the compressed point.
  expect(code.match(/publicKeyHex = key\.publicKey\.(\w+)\.hex/g)).toHaveLength(2);
  one(code, /publicKeyHex = key\.publicKey\.(compressedRepresentation)\.hex/);
  // CryptoKit's signature(for:) hashes the data with SHA-256: the body bytes go in as they are.
  const representation = one(code, /sign = \{ body in try key\.signature\(for: body\)\.(\w+) \}/);
  return {
    headerName: one(code, /static let headerName = "([^"]+)"/),
    scheme: one(code, /static let scheme = "([^"]+)"/),
    members: [...fields].sort(),
    hex: hexWith(Number(format.slice(1, -1) || '1'), format.endsWith('X')),
    encode: (bytes) => applyReplacements(Buffer.from(bytes).toString('base64'), replacements),
    signatureEncoding: representation === 'derRepresentation' ? 'der' : 'ieee-p1363',
  };
}

function dartXStamp(): XStampSpec {
  const code = block('sdks/flutter.mdx', 'lib/sigil_stamper.dart');
  const stampMethod = one(code, /String stamp\(Uint8List body\) \{([\s\S]*?)\n {2}\}/);
  const members = [...one(stampMethod, /jsonEncode\(\{([\s\S]*?)\}\)/).matchAll(/'(\w+)':/g)].map((m) => m[1]!);
  // SHA-256 of the body, then ECDSA; deterministic (RFC 6979, HMAC-SHA-256) with a low s, like our stamper.
  one(stampMethod, /(ECDSASigner\(SHA256Digest\(\), HMac\(SHA256Digest\(\), 64\)\))/);
  one(stampMethod, /signer\.generateSignature\((body)\) as ECSignature\)\.normalize\(_curve\)/);
  one(code, /ECDomainParameters\('(secp256r1)'\)/);
  one(code, /hexOf\(\(_curve\.G \* d\)!\.getEncoded\((true)\)\)/);
  const signature = one(stampMethod, /'signature': hexOf\((\w+)\(signature\)\)/);
  const width = one(code, /byte\.toRadixString\(16\)\.padLeft\((\d+), '0'\)/);
  const base64 = one(code, /base64Url\.encode\(bytes\)((?:\.replaceAll\('[^']*', '[^']*'\))*)/);
  const replacements = [...base64.matchAll(/\.replaceAll\('([^']*)', '([^']*)'\)/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
  one(stampMethod, /return (base64UrlNoPadding)\(utf8\.encode\(json\)\)/);
  return {
    headerName: one(code, /static const headerName = '([^']+)'/),
    scheme: one(code, /static const scheme = '([^']+)'/),
    members,
    hex: hexWith(Number(width), false),
    // Dart's base64Url alphabet is RFC 4648 section 5, with padding; the page's replaceAll calls follow.
    encode: (bytes) => applyReplacements(Buffer.from(bytes).toString('base64url').padEnd(Math.ceil(bytes.length / 3) * 4, '='), replacements),
    signatureEncoding: signature === 'derOf' ? 'der' : 'ieee-p1363',
  };
}

/** A Node transliteration of the page's Dart DER encoder (derOf, _derInteger), line for line. */
function dartDer(r: bigint, s: bigint): Uint8Array {
  const integer = (value: bigint): number[] => {
    let digits = value.toString(16);
    if (digits.length % 2 === 1) digits = `0${digits}`;
    let bytes = Array.from({ length: digits.length / 2 }, (_, i) => parseInt(digits.slice(2 * i, 2 * i + 2), 16));
    if (bytes[0]! >= 0x80) bytes = [0, ...bytes];
    return [0x02, bytes.length, ...bytes];
  };
  const ri = integer(r);
  const si = integer(s);
  return Uint8Array.from([0x30, ri.length + si.length, ...ri, ...si]);
}

function p256Key(privateKeyHex: string): { key: KeyObject; compressed: Uint8Array } {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKeyHex, 'hex');
  const point = ecdh.getPublicKey();
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: Buffer.from(privateKeyHex, 'hex').toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  return { key, compressed: ecdh.getPublicKey(null, 'compressed') };
}

/** The stamp JSON as the page writes it, for a given signature. */
function stampJson(spec: XStampSpec, publicKey: Uint8Array, signature: Uint8Array): string {
  const values: Record<string, string> = { publicKey: spec.hex(publicKey), scheme: spec.scheme, signature: spec.hex(signature) };
  return `{${spec.members.map((name) => `${JSON.stringify(name)}:${JSON.stringify(values[name])}`).join(',')}}`;
}

/** The X-Stamp header the page's code sends: ECDSA P-256 over SHA-256 of the body bytes, with a random nonce as CryptoKit uses. */
function pageStamp(spec: XStampSpec, privateKeyHex: string, body: string): string {
  const { key, compressed } = p256Key(privateKeyHex);
  const signature = sign('sha256', Buffer.from(body, 'utf8'), { key, dsaEncoding: spec.signatureEncoding });
  return spec.encode(Buffer.from(stampJson(spec, compressed, signature), 'utf8'));
}

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => emulator?.close());

async function whoami(body: string, headers: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${emulator.url}/public/v1/query/whoami`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe.each([
  ['Swift (sdks/swift/index.mdx)', swiftXStamp],
  ['Dart (sdks/flutter.mdx)', dartXStamp],
])('X-Stamp as %s builds it', (_name, read) => {
  const spec = read();

  it('has the header name, scheme, members and encodings of @sigil/api-key-stamper', async () => {
    expect(spec.headerName).toBe(STAMP_HEADER_NAME);
    expect(spec.scheme).toBe(SIGNATURE_SCHEME);
    expect(spec.signatureEncoding).toBe('der');

    const stamper = new ApiKeyStamper({ apiPublicKey: TEST_VECTOR.publicKey, apiPrivateKey: TEST_VECTOR.privateKey });
    const ours = await stamper.stamp(TEST_VECTOR.body);
    const decoded = JSON.parse(Buffer.from(ours.stampHeaderValue, 'base64url').toString('utf8')) as Record<string, string>;
    expect(spec.members).toEqual(Object.keys(decoded));
    // Given our stamper's signature, the page's layout and encodings give its header value byte for byte.
    const { compressed } = p256Key(TEST_VECTOR.privateKey);
    const json = stampJson(spec, compressed, Buffer.from(decoded.signature!, 'hex'));
    expect(spec.encode(Buffer.from(json, 'utf8'))).toBe(TEST_VECTOR.stampHeaderValue);

    // A stamp the page's way, with its own (random) signature, is well formed to our decoder.
    const stamp = decodeStamp(pageStamp(spec, TEST_VECTOR.privateKey, TEST_VECTOR.body));
    expect(stamp).toMatchObject({ publicKey: TEST_VECTOR.publicKey, scheme: SIGNATURE_SCHEME });
  });

  it('is accepted by the emulator for the body it signs, and refused for another', async () => {
    const body = JSON.stringify({ organizationId: emulator.organizationId });
    const header = pageStamp(spec, emulator.rootKeys.privateKey, body);
    expect(await whoami(body, { [spec.headerName]: header })).toMatchObject({ status: 200, json: { userId: emulator.rootUserId } });
    expect(await whoami(body.replace('{', '{ '), { [spec.headerName]: header })).toMatchObject({ status: 401, json: { code: 16 } });
  });
});

describe('the Dart page DER encoder', () => {
  it('writes what node:crypto writes for the same r and s', () => {
    const { key } = p256Key(TEST_VECTOR.privateKey);
    // 200 signatures cover r and s with a high first bit (a zero byte goes first) and with leading zero bytes.
    for (let i = 0; i < 200; i++) {
      const der = sign('sha256', Buffer.from(`message ${i}`), { key, dsaEncoding: 'der' });
      // SEQUENCE { INTEGER r, INTEGER s }, every length below 128 for P-256.
      const rLength = der[3]!;
      const r = BigInt(`0x${der.subarray(4, 4 + rLength).toString('hex')}`);
      const s = BigInt(`0x${der.subarray(6 + rLength).toString('hex')}`);
      expect(Buffer.from(dartDer(r, s)).toString('hex')).toBe(der.toString('hex'));
    }
    // The page still has the lines transliterated in dartDer.
    const code = block('sdks/flutter.mdx', 'lib/sigil_stamper.dart');
    expect(code).toContain('if (digits.length.isOdd) digits = \'0$digits\';');
    expect(code).toContain('if (bytes.first >= 0x80) bytes = [0, ...bytes];');
    expect(code).toContain('return [0x02, bytes.length, ...bytes];');
    expect(code).toContain('return Uint8List.fromList([0x30, r.length + s.length, ...r, ...s]);');
  });
});

/** What a page's X-Stamp-WebAuthn code does: its header name, and each JSON member with the assertion part it carries. */
interface WebauthnSpec {
  headerName: string;
  /** JSON member -> the WebAuthn assertion part (rawId, authenticatorData, clientDataJSON, signature), in the page's order. */
  members: Array<[string, 'rawId' | 'authenticatorData' | 'clientDataJSON' | 'signature']>;
  encode: (bytes: Uint8Array) => string;
}

function swiftWebauthn(): WebauthnSpec {
  const code = block('sdks/swift/index.mdx', 'SigilPasskeyStamper.swift');
  const base64URL = one(block('sdks/swift/index.mdx', 'SigilStamping.swift'), /var base64URL: String \{([\s\S]*?)\n {4}\}/);
  const replacements = [...base64URL.matchAll(/\.replacingOccurrences\(of: "(.*?)", with: "(.*?)"\)/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
  // The challenge is SHA-256 of the exact body bytes, as raw bytes.
  one(code, /createCredentialAssertionRequest\(challenge: (Data\(SHA256\.hash\(data: body\)\))\)/);
  one(code, /encoder\.outputFormatting = \[([^\]]*\.sortedKeys[^\]]*)\]/);
  // Sent as the JSON text, not base64-encoded again.
  one(code, /return \(Self\.headerName, (String\(decoding: try encoder\.encode\(stamp\), as: UTF8\.self\))\)/);
  const parts = { credentialID: 'rawId', rawAuthenticatorData: 'authenticatorData', rawClientDataJSON: 'clientDataJSON', signature: 'signature' } as const;
  const members = [...one(code, /let stamp = PasskeyStamp\(([\s\S]*?)\n {8}\)/).matchAll(/(\w+): assertion\.(\w+)\.base64URL/g)].map(
    (m) => [m[1]!, parts[m[2]! as keyof typeof parts]] as [string, WebauthnSpec['members'][number][1]],
  );
  return {
    headerName: one(code, /static let headerName = "([^"]+)"/),
    members: members.sort(([a], [b]) => (a < b ? -1 : 1)),
    encode: (bytes) => applyReplacements(Buffer.from(bytes).toString('base64'), replacements),
  };
}

function dartWebauthn(): WebauthnSpec {
  const code = block('sdks/flutter.mdx', 'lib/sigil_passkey_stamper.dart');
  one(code, /final challenge = (SHA256Digest\(\)\.process\(body\));/);
  one(code, /challenge: (base64UrlNoPadding\(challenge\)),/);
  one(code, /return MapEntry\(headerName, (stamp)\);/);
  const members = [...one(code, /final stamp = jsonEncode\(\{([\s\S]*?)\}\);/).matchAll(/'(\w+)': assertion\.(\w+)\.replaceAll\('=', ''\)/g)].map(
    (m) => [m[1]!, m[2]!] as [string, WebauthnSpec['members'][number][1]],
  );
  return {
    headerName: one(code, /static const headerName = '([^']+)'/),
    members,
    // The passkeys package hands back base64url text (padded or not); the page strips any padding.
    encode: (bytes) => Buffer.from(bytes).toString('base64url').padEnd(Math.ceil(bytes.length / 3) * 4, '=').replaceAll('=', ''),
  };
}

describe.each([
  ['Swift (sdks/swift/index.mdx)', swiftWebauthn],
  ['Dart (sdks/flutter.mdx)', dartWebauthn],
])('X-Stamp-WebAuthn as %s builds it', (_name, read) => {
  const spec = read();

  it('carries what @sigil/webauthn-stamper carries and is accepted by the emulator', async () => {
    expect(spec.headerName).toBe(WEBAUTHN_STAMP_HEADER_NAME);
    expect(spec.members.map(([, part]) => part).sort()).toEqual(['authenticatorData', 'clientDataJSON', 'rawId', 'signature']);

    const passkey = softPasskey();
    const challenge = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    await emulator.client.createAuthenticators({ userId: emulator.rootUserId, authenticators: [passkey.register(challenge)] });

    // A real assertion for the body, taken apart into the parts a platform API returns.
    const body = JSON.stringify({ organizationId: emulator.organizationId });
    const assertion = JSON.parse(passkey.stamp(body)) as Record<string, string>;
    const raw = {
      rawId: Buffer.from(assertion.credentialId!, 'base64url'),
      authenticatorData: Buffer.from(assertion.authenticatorData!, 'base64url'),
      clientDataJSON: Buffer.from(assertion.clientDataJson!, 'base64url'),
      signature: Buffer.from(assertion.signature!, 'base64url'),
    };
    const challengeOf = JSON.parse(raw.clientDataJSON.toString('utf8')) as { challenge: string };
    expect(challengeOf.challenge).toBe(createHash('sha256').update(body).digest('base64url'));

    const header = JSON.stringify(Object.fromEntries(spec.members.map(([name, part]) => [name, spec.encode(raw[part])])));

    // @sigil/webauthn-stamper, given the same assertion by a stand-in for navigator.credentials.
    const toBuffer = (bytes: Buffer): ArrayBuffer => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
    let askedChallenge: Uint8Array | undefined;
    const credentials = {
      get: async (options: { publicKey: { challenge: Uint8Array } }) => {
        askedChallenge = options.publicKey.challenge;
        return {
          rawId: toBuffer(raw.rawId),
          response: { authenticatorData: toBuffer(raw.authenticatorData), clientDataJSON: toBuffer(raw.clientDataJSON), signature: toBuffer(raw.signature) },
        };
      },
    };
    const previous = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { credentials }, configurable: true });
    try {
      const ours = await new WebauthnStamper({ rpId: 'wallet.example.com' }).stamp(body);
      expect(JSON.parse(header)).toEqual(JSON.parse(ours.stampHeaderValue));
      expect(Buffer.from(askedChallenge!).toString('hex')).toBe(createHash('sha256').update(body).digest('hex'));
    } finally {
      if (previous) Object.defineProperty(globalThis, 'navigator', previous);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }

    expect(await whoami(body, { [spec.headerName]: header })).toMatchObject({ status: 200, json: { userId: emulator.rootUserId } });
  });
});

describe('passkey registration on the pages', () => {
  const attestation = Object.keys(openapi.components.schemas.Attestation!.properties!);
  const authenticator = Object.keys(openapi.components.schemas.AuthenticatorParamsV2!.properties!);
  const transports = openapi.components.schemas.AuthenticatorTransport!.enum!;

  it('Swift: the Codable types have the API schema members and valid transports', () => {
    const code = block('sdks/swift/register-passkey.mdx', 'SigilPasskeyRegistrar.swift');
    const members = (name: string) => [...one(code, new RegExp(`struct ${name}: Codable \\{([^}]*)\\}`)).matchAll(/let (\w+):/g)].map((m) => m[1]);
    expect(members('Attestation')).toEqual(attestation);
    expect(members('AuthenticatorParams')).toEqual(authenticator);
    const listed = [...one(code, /transports: \[("[^\]]*)\]/).matchAll(/"(\w+)"/g)].map((m) => m[1]);
    expect(listed.length).toBeGreaterThan(0);
    for (const transport of listed) expect(transports).toContain(transport);
  });

  it('Dart: the map has the API schema members and every transport maps to an API value', () => {
    const code = block('sdks/flutter.mdx', 'lib/register_passkey.dart');
    const returned = one(code, /return \{([\s\S]*?)\n {2}\};/);
    expect([...returned.matchAll(/^ {4}'(\w+)':/gm)].map((m) => m[1])).toEqual(authenticator);
    expect([...returned.matchAll(/^ {6}'(\w+)':/gm)].map((m) => m[1])).toEqual(attestation);
    const mapped = [...one(code, /const _transports = \{([\s\S]*?)\};/).matchAll(/'\w+': '(\w+)'/g)].map((m) => m[1]);
    expect(mapped.length).toBe(5);
    for (const transport of mapped) expect(transports).toContain(transport);
  });
});

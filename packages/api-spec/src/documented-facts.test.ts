// Facts the documentation pages rely on that live only in descriptions, security schemes and
// root extensions: the document must keep stating them, in the places readers look.
import { createHash, createPublicKey, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadDoc, schemaByName } from './spec-fixture.test-util.js';

const doc = loadDoc();
const op = (path: string) => doc.paths[path]!.post;

describe('request timestamps', () => {
  const limits = doc['x-limits'] as { id: string; value: number; unit: string; appliesTo: string[] }[];

  it('states the accepted window in x-limits and on TimestampMs', () => {
    expect(limits.find((l) => l.id === 'request-timestamp-max-age')).toMatchObject({ value: 300, unit: 'seconds' });
    expect(limits.find((l) => l.id === 'request-timestamp-max-skew')).toMatchObject({ value: 60, unit: 'seconds' });
    const description = schemaByName(doc, 'TimestampMs').description!;
    expect(description).toMatch(/5 minutes .* in the past/s);
    expect(description).toMatch(/1 minute .* in the future/s);
    expect(description).toMatch(/code 3\s+\(`INVALID_ARGUMENT`\)/);
  });
});

describe('stamps for every API key curve', () => {
  const stamp = doc.components.securitySchemes.ApiKeyStamp!.description;
  const schemes = schemaByName(doc, 'SignatureScheme')['x-enum-descriptions'] as Record<string, string>;

  it('names the scheme of each curve in the X-Stamp description', () => {
    for (const scheme of ['SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256', 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256', 'SIGNATURE_SCHEME_SIGIL_ED25519']) {
      expect(stamp).toContain(scheme);
    }
    expect(stamp).toMatch(/Ed25519[\s\S]*raw body bytes/);
  });

  it('describes the encoding of each scheme', () => {
    expect(schemes.SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256).toMatch(/SHA-256[\s\S]*DER/);
    expect(schemes.SIGNATURE_SCHEME_SIGIL_ED25519).toMatch(/64 bytes \(128 lowercase hex/);
  });
});

describe('read-only session tokens', () => {
  it('declare an X-Session header scheme', () => {
    expect(doc.components.securitySchemes.ReadOnlySession).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Session' });
    expect(schemaByName(doc, 'CreateReadOnlySessionResult').description).toMatch(/X-Session/);
  });

  it('are accepted on every query and on no submission', () => {
    for (const [path, { post }] of Object.entries(doc.paths)) {
      if (post['x-sigil-kind'] === 'query') {
        expect(post.security, path).toEqual([{ ApiKeyStamp: [] }, { WebAuthnStamp: [] }, { ReadOnlySession: [] }]);
      } else {
        expect(post.security, path).toBeUndefined();
      }
    }
  });
});

describe('activity fingerprints', () => {
  it('say how they are computed', () => {
    const description = schemaByName(doc, 'Activity').properties!.fingerprint!.description!;
    expect(description).toMatch(/`sha256:`/);
    expect(description).toMatch(/RFC 8785/);
    for (const member of ['`id`', '`organizationId`', '`type`', '`intent`']) expect(description).toContain(member);
  });

  const activities = collectActivities(doc.paths);

  it.each(activities.map((a) => [a.where, a.activity] as const))('%s has the fingerprint of its contents', (_where, activity) => {
    const { id, organizationId, type, intent } = activity;
    expect(activity.fingerprint).toBe(`sha256:${createHash('sha256').update(canonicalJson({ id, organizationId, type, intent })).digest('hex')}`);
  });

  it('votes sign the fingerprint of the activity they belong to', () => {
    const votes = activities.flatMap(({ activity }) => (activity.votes as { message: string }[]).map((v) => [activity, v] as const));
    expect(votes.length).toBeGreaterThan(0);
    for (const [activity, vote] of votes) {
      expect((JSON.parse(vote.message) as { parameters: { fingerprint: string } }).parameters.fingerprint).toBe(activity.fingerprint);
    }
  });

  it('canonical JSON sorts members and drops whitespace (RFC 8785)', () => {
    expect(canonicalJson({ b: [1, { d: true, c: 'é' }], a: null })).toBe('{"a":null,"b":[1,{"c":"é","d":true}]}');
  });
});

describe('sign-in calls a parent sends for a sub-organization', () => {
  const calls = ['email_auth', 'init_otp_auth', 'otp_auth', 'oauth', 'init_user_email_recovery'];

  it.each(calls)('%s says a parent organization may send it', (name) => {
    expect(op(`/public/v1/submit/${name}`).description).toMatch(/parent organization[\s\S]*`organizationId`[\s\S]*sub-organization's ID/);
  });

  it.each([
    ['email_auth', [5, 9]],
    ['init_user_email_recovery', [5, 9]],
    ['init_otp_auth', [9]],
    ['otp_auth', [9]],
  ] as const)('%s names its error codes', (name, codes) => {
    const description = op(`/public/v1/submit/${name}`).description;
    for (const code of codes) {
      expect(description).toContain(`code ${code} (\`${code === 5 ? 'NOT_FOUND' : 'FAILED_PRECONDITION'}\`)`);
    }
  });
});

describe('encrypted bundles', () => {
  const format = doc['x-bundle-format'] as {
    kem: string;
    kdf: string;
    aead: string;
    mode: string;
    bundles: { field: string; operations: string[]; plaintext: string }[];
  };

  it('state the HPKE suite and what each bundle decrypts to in x-bundle-format', () => {
    expect(format).toMatchObject({ kem: 'DHKEM(P-256, HKDF-SHA256)', kdf: 'HKDF-SHA256', aead: 'AES-256-GCM', mode: 'base' });
    const plaintextOf = (operation: string) => format.bundles.find((b) => b.operations.includes(operation))?.plaintext;
    for (const operation of ['create_read_write_session', 'otp_auth', 'oauth', 'email_auth', 'init_user_email_recovery']) {
      expect(plaintextOf(operation), operation).toMatch(/32-byte P-256 private key/);
    }
    for (const operation of ['export_wallet', 'import_wallet']) expect(plaintextOf(operation), operation).toMatch(/mnemonic, as UTF-8/);
    for (const operation of ['export_wallet_account', 'export_private_key', 'import_private_key']) {
      expect(plaintextOf(operation), operation).toBe('The 32-byte private key.');
    }
  });

  it('point every bundle field and target key at the format', () => {
    const fields: [string, string][] = [
      ['OtpAuthResult', 'credentialBundle'], ['OauthResult', 'credentialBundle'], ['CreateReadWriteSessionResultV2', 'credentialBundle'],
      ['ExportWalletResult', 'exportBundle'], ['ExportWalletAccountResult', 'exportBundle'], ['ExportPrivateKeyResult', 'exportBundle'],
      ['ImportWalletIntent', 'encryptedBundle'], ['ImportPrivateKeyIntent', 'encryptedBundle'],
      ['EmailAuthIntent', 'targetPublicKey'], ['OtpAuthIntent', 'targetPublicKey'], ['OauthIntent', 'targetPublicKey'],
      ['InitUserEmailRecoveryIntent', 'targetPublicKey'], ['CreateReadWriteSessionIntentV2', 'targetPublicKey'],
      ['ExportWalletIntent', 'targetPublicKey'], ['ExportWalletAccountIntent', 'targetPublicKey'], ['ExportPrivateKeyIntent', 'targetPublicKey'],
    ];
    for (const [schema, field] of fields) {
      const description = schemaByName(doc, schema).properties![field]!.description;
      expect(description, `${schema}.${field}`).toContain('`x-bundle-format`');
      expect(description, `${schema}.${field}`).toMatch(/32-byte|UTF-8/);
    }
    expect(schemaByName(doc, 'CompressedPublicKey').description).toMatch(/HPKE[\s\S]*`x-bundle-format`/);
  });

  it('have examples shaped like bundles: encapsulated key, then the ciphertext with its 16-byte tag', () => {
    const bundles = collectStrings(doc.paths, /^(credentialBundle|exportBundle|encryptedBundle)$/);
    expect(bundles.length).toBeGreaterThanOrEqual(10);
    for (const { key, value, where } of bundles) {
      expect(value, where).toMatch(/^04([0-9a-f]{2})+$/);
      expect(() => uncompressedP256(value.slice(0, 130)), where).not.toThrow();
      const plaintextLength = value.length / 2 - 65 - 16;
      const isMnemonic = /export_wallet\b|import_wallet\b/.test(where) && key !== 'credentialBundle';
      if (isMnemonic) expect(plaintextLength, where).toBeGreaterThan(32);
      else expect(plaintextLength, where).toBe(32);
    }
  });
});

describe('import bundles', () => {
  it('are a string holding the JSON of the ImportBundle schema', () => {
    for (const result of ['InitImportWalletResult', 'InitImportPrivateKeyResult']) {
      const importBundle = schemaByName(doc, result).properties!.importBundle!;
      expect(importBundle.type, result).toBe('string');
      expect(importBundle.contentMediaType, result).toBe('application/json');
      expect(importBundle.contentSchema, result).toEqual({ $ref: '#/components/schemas/ImportBundle' });
      expect(importBundle.description, result).toContain('`ImportBundle`');
    }
    const bundle = schemaByName(doc, 'ImportBundle');
    expect(bundle.required?.slice().sort()).toEqual(['data', 'dataSignature', 'enclaveQuorumPublic', 'version']);
    expect(bundle.properties!.dataSignature!.description).toMatch(/ECDSA P-256[\s\S]*SHA-256[\s\S]*DER/);
    expect(schemaByName(doc, 'ImportBundleData').required?.slice().sort()).toEqual(['organizationId', 'targetPublic', 'userId']);
  });

  const examples = collectStrings(doc.paths, /^importBundle$/);
  const schemaExample = schemaByName(doc, 'ImportBundle').example as Record<string, string>;

  it.each([...examples.map((e) => [e.where, e.value] as const), ['ImportBundle example', JSON.stringify(schemaExample)] as const])(
    '%s verifies the way the pages check it',
    (where, text) => {
      const bundle = JSON.parse(text) as Record<string, string>;
      expect(Object.keys(bundle).sort()).toEqual(['data', 'dataSignature', 'enclaveQuorumPublic', 'version']);
      expect(bundle.version).toBe('v1.0.0');
      const data = Buffer.from(bundle.data!, 'hex');
      const signed = verify('sha256', data, { key: uncompressedP256(bundle.enclaveQuorumPublic!), dsaEncoding: 'der' }, Buffer.from(bundle.dataSignature!, 'hex'));
      expect(signed, where).toBe(true);
      const target = JSON.parse(data.toString('utf8')) as Record<string, string>;
      expect(Object.keys(target), where).toEqual(['targetPublic', 'organizationId', 'userId']);
      expect(() => uncompressedP256(target.targetPublic!), where).not.toThrow();
    },
  );

  it('are issued for the organization and user of the request', () => {
    for (const name of ['init_import_wallet', 'init_import_private_key']) {
      const post = op(`/public/v1/submit/${name}`);
      const request = Object.values(post.requestBody.content['application/json']!.examples!)[0]!.value as {
        organizationId: string;
        parameters: { userId: string };
      };
      const [found] = collectStrings(post.responses, /^importBundle$/);
      const { data } = JSON.parse(found!.value) as { data: string };
      expect(JSON.parse(Buffer.from(data, 'hex').toString('utf8')), name).toMatchObject({
        organizationId: request.organizationId,
        userId: request.parameters.userId,
      });
    }
  });
});

describe('the enclave quorum key', () => {
  const quorum = doc['x-enclave-quorum'] as {
    description: string;
    publishedAt: { dashboard: string; wellKnownUrl: string };
    rotation: { noticeDays: number; description: string };
  };

  it('says where it is published and how it rotates', () => {
    expect(quorum.publishedAt).toEqual({
      dashboard: 'https://app.sigil.example',
      wellKnownUrl: 'https://api.sigil.example/.well-known/sigil-enclave-quorum.json',
    });
    expect(quorum.rotation.noticeDays).toBe(30);
    expect(quorum.rotation.description).toMatch(/changelog[\s\S]*30 days[\s\S]*Both keys are valid/);
    expect(schemaByName(doc, 'ImportBundle').description).toContain('`x-enclave-quorum`');
  });
});

/** Every string under a key matching `keyPattern`, anywhere below `node`, with its JSON path. */
function collectStrings(node: unknown, keyPattern: RegExp, where = ''): { key: string; value: string; where: string }[] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' && keyPattern.test(key)
      ? [{ key, value, where: `${where}/${key}` }]
      : collectStrings(value, keyPattern, `${where}/${key}`),
  );
}

/** A P-256 public key from its uncompressed hex form; throws when the point is not on the curve. */
function uncompressedP256(hex: string): KeyObject {
  const point = Buffer.from(hex, 'hex');
  if (point.length !== 65 || point[0] !== 4) throw new Error(`not an uncompressed point: ${hex.slice(0, 8)}…`);
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
}

/** Every example activity below `node`: an object with `id`, `type`, `intent` and `fingerprint`. */
function collectActivities(node: unknown, where = ''): { where: string; activity: Record<string, unknown> }[] {
  if (!node || typeof node !== 'object') return [];
  const object = node as Record<string, unknown>;
  if (['id', 'type', 'intent', 'fingerprint'].every((k) => k in object)) return [{ where, activity: object }];
  return Object.entries(object).flatMap(([key, value]) => collectActivities(value, `${where}/${key}`));
}

/** JSON Canonicalization Scheme (RFC 8785) for the values examples hold: strings, booleans, integers, null. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    // Default sort compares UTF-16 code units, which is what RFC 8785 prescribes.
    return `{${Object.keys(object).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(object[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

describe('webhook signatures', () => {
  const signature = doc['x-webhook-signature'] as {
    algorithm: string;
    signedContent: string;
    headers: { name: string; description: string }[];
    maxAgeLimit: string;
  };
  const limits = doc['x-limits'] as { id: string; value: number; unit: string }[];

  it('state the algorithm, the signed content, the headers and the replay window in x-webhook-signature', () => {
    expect(signature.algorithm).toBe('ECDSA_P256_SHA256');
    expect(signature.signedContent).toBe('<X-Sigil-Webhook-Timestamp>.<body>');
    expect(signature.headers.map((h) => h.name)).toEqual(['X-Sigil-Webhook-Timestamp', 'X-Sigil-Webhook-Signature', 'X-Sigil-Webhook-Key-Id']);
    expect(signature.headers[0]!.description).toMatch(/milliseconds since the Unix epoch/);
    expect(signature.headers[1]!.description).toMatch(/DER-encoded, as lowercase hex/);
    expect(limits.find((l) => l.id === signature.maxAgeLimit)).toMatchObject({ value: 300, unit: 'seconds' });
  });

  it('publish the verification key on the organization configuration', () => {
    const key = schemaByName(doc, 'WebhookSigningKey');
    expect(key.required).toEqual(['keyId', 'algorithm', 'publicKey', 'createdAt']);
    expect((key.properties!.algorithm as { enum: string[] }).enum).toEqual([signature.algorithm]);
    expect(key.properties!.publicKey!.description).toMatch(/PEM `PUBLIC KEY`/);
    expect(schemaByName(doc, 'Config').properties!.webhookSigningKey).toBeDefined();
  });
});

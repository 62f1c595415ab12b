// Facts the documentation pages rely on that live only in descriptions, security schemes and
// root extensions: the document must keep stating them, in the places readers look.
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

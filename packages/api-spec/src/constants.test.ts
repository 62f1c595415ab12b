// The exported constants, the runtime catalog and the document must agree.
import { describe, expect, it } from 'vitest';
import * as c from './constants.js';
import { ERROR_CODES, LIMITS, NO_ENDPOINT_ACTIVITY_TYPES, OPERATIONS } from './generated/operations.js';
import { loadDoc, schemaByName } from './spec-fixture.test-util.js';

const limit = (id: string): unknown => LIMITS.find((l) => l.id === id)?.value;

describe('constants match x-limits and the schemas', () => {
  const doc = loadDoc();

  it('matches the limits table', () => {
    expect(limit('credential-default-lifetime')).toBe(c.DEFAULT_CREDENTIAL_LIFETIME_SECONDS);
    expect(limit('read-write-session-default-lifetime')).toBe(c.DEFAULT_READ_WRITE_SESSION_SECONDS);
    expect(limit('read-only-session-lifetime')).toBe(c.READ_ONLY_SESSION_SECONDS);
    expect(limit('mnemonic-length-allowed')).toEqual([...c.MNEMONIC_LENGTHS]);
    expect(limit('mnemonic-length-default')).toBe(c.DEFAULT_MNEMONIC_LENGTH);
    expect(limit('pagination-limit-min')).toBe(c.PAGINATION_LIMIT_MIN);
    expect(limit('pagination-limit-max')).toBe(c.PAGINATION_LIMIT_MAX);
    expect(limit('pagination-limit-default')).toBe(c.PAGINATION_LIMIT_DEFAULT);
    expect(limit('otp-code-length')).toBe(c.OTP_CODE_LENGTH);
    expect(limit('email-logo-width')).toBe(c.EMAIL_LOGO_SIZE.width);
    expect(limit('email-logo-height')).toBe(c.EMAIL_LOGO_SIZE.height);
  });

  it('matches the schema patterns', () => {
    expect(schemaByName(doc, 'OtpCode').pattern).toBe(c.OTP_CODE_PATTERN.source);
    expect(schemaByName(doc, 'PhoneNumber').pattern).toBe(c.E164_PATTERN.source);
    expect(c.E164_PATTERN.test('+14155550123')).toBe(true);
    expect(c.E164_PATTERN.test('+0123')).toBe(false);
  });

  it('names the default API keys the way the descriptions do', () => {
    const descriptions = JSON.stringify(doc.components.schemas);
    for (const prefix of Object.values(c.DEFAULT_API_KEY_NAME_PREFIX)) expect(descriptions).toContain(`${prefix} - <Timestamp>`);
  });
});

describe('generated catalog matches the document', () => {
  const doc = loadDoc();

  it('lists every operation with its path, kind and activity type', () => {
    expect(OPERATIONS).toHaveLength(Object.keys(doc.paths).length);
    for (const op of OPERATIONS) {
      const post = doc.paths[op.path]!.post;
      expect(post.operationId).toBe(op.operationId);
      expect(post['x-sigil-kind']).toBe(op.kind);
      expect(post['x-sigil-activity-type'] ?? null).toBe(op.activityType);
      expect(doc.components.schemas[op.requestSchema], op.requestSchema).toBeDefined();
      expect(doc.components.schemas[op.responseSchema], op.responseSchema).toBeDefined();
      if (op.intentSchema) expect(doc.components.schemas[op.intentSchema], op.intentSchema).toBeDefined();
      if (op.resultSchema) expect(doc.components.schemas[op.resultSchema], op.resultSchema).toBeDefined();
    }
  });

  it('exports the five activity types without an endpoint, and the error codes', () => {
    expect(NO_ENDPOINT_ACTIVITY_TYPES.map((t) => t.activityType).sort()).toEqual([
      'ACTIVITY_TYPE_DELETE_ORGANIZATION',
      'ACTIVITY_TYPE_DELETE_PAYMENT_METHOD',
      'ACTIVITY_TYPE_DISABLE_PRIVATE_KEY',
      'ACTIVITY_TYPE_SET_PAYMENT_METHOD',
      'ACTIVITY_TYPE_UPDATE_ALLOWED_ORIGINS',
    ]);
    expect(ERROR_CODES).toEqual(doc['x-error-codes']);
  });
});

describe('ENUMS catalog', () => {
  it('carries every string enumeration with a description for each value', async () => {
    const { ENUMS } = await import('./generated/operations.js');
    const doc = loadDoc();
    const names = Object.entries(doc.components.schemas).filter(([, s]) => Array.isArray(s.enum) && s.type === 'string').map(([n]) => n);
    expect(Object.keys(ENUMS).sort()).toEqual(names.sort());
    for (const [name, info] of Object.entries(ENUMS)) {
      expect(info.values.map((v) => v.value), name).toEqual(schemaByName(doc, name).enum);
      for (const v of info.values) expect(v.description, `${name}.${v.value}`).toMatch(/\S/);
    }
  });
});

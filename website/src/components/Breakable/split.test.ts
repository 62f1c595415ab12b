import {describe, expect, it} from 'vitest';
import {breakSegments} from './split';

describe('breakSegments', () => {
  it('breaks after underscores, dots, slashes, hyphens and colons', () => {
    expect(breakSegments('ACTIVITY_TYPE_CREATE_WALLET')).toEqual(['ACTIVITY_', 'TYPE_', 'CREATE_', 'WALLET']);
    expect(breakSegments('parameters.accounts.curve')).toEqual(['parameters.', 'accounts.', 'curve']);
    expect(breakSegments('/public/v1/query/get_wallet')).toEqual(['/public/', 'v1/', 'query/', 'get_', 'wallet']);
    expect(breakSegments('sub-organization')).toEqual(['sub-', 'organization']);
    expect(breakSegments('eip155:1')).toEqual(['eip155:', '1']);
  });

  it('breaks at camelCase humps and after an acronym', () => {
    expect(breakSegments('policyName')).toEqual(['policy', 'Name']);
    expect(breakSegments('createSubOrganization')).toEqual(['create', 'Sub', 'Organization']);
    expect(breakSegments('HTTPResponse')).toEqual(['HTTP', 'Response']);
    expect(breakSegments('sha256Digest')).toEqual(['sha256', 'Digest']);
  });

  it('keeps words, numbers, leading and trailing punctuation and punctuation runs whole', () => {
    expect(breakSegments('wallet')).toEqual(['wallet']);
    expect(breakSegments('WALLET')).toEqual(['WALLET']);
    expect(breakSegments('3.10.2')).toEqual(['3.10.2']);
    expect(breakSegments('.env')).toEqual(['.env']);
    expect(breakSegments('__proto__')).toEqual(['__proto__']);
    expect(breakSegments('a::b')).toEqual(['a::', 'b']);
    expect(breakSegments('https://x.example')).toEqual(['https://', 'x.', 'example']);
    expect(breakSegments('')).toEqual(['']);
  });

  it('gives back the text when joined', () => {
    for (const text of ['ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', 'X-Stamp-WebAuthn', 'organizationId', '{"a": 1}']) {
      expect(breakSegments(text).join('')).toBe(text);
    }
  });
});

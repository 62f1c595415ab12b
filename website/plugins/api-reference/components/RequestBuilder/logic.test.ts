import {describe, expect, it} from 'vitest';
import {describeErrors, initialBody, parseBody, sendableBaseUrl, withOrganization, withTimestamp, activityOf, checkTimestamp, describeDuration, pollDelayMs, UNSETTLED_STATUSES} from './logic';

const example = JSON.stringify({
  type: 'ACTIVITY_TYPE_CREATE_WALLET',
  timestampMs: '1767225600000',
  organizationId: 'a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f601',
  parameters: {walletName: 'Treasury', accounts: []},
});

describe('request builder logic', () => {
  it('fills in type and the current timestamp for submissions', () => {
    const body = JSON.parse(initialBody(example, 'submission', 'ACTIVITY_TYPE_CREATE_WALLET', 1700000000123)) as Record<string, unknown>;
    expect(body.type).toBe('ACTIVITY_TYPE_CREATE_WALLET');
    expect(body.timestampMs).toBe('1700000000123');
    expect(Object.keys(body)).toEqual(['type', 'timestampMs', 'organizationId', 'parameters']);
    expect(initialBody('{"walletId":"w"}', 'query', undefined, 1)).toBe('{\n  "walletId": "w"\n}');
  });

  it('refreshes timestampMs only in a JSON object', () => {
    expect(JSON.parse(withTimestamp(example, 42) ?? '{}')).toMatchObject({timestampMs: '42'});
    expect(withTimestamp('{oops', 42)).toBeUndefined();
  });

  it('signs the compact JSON form', () => {
    expect(parseBody('{\n  "a": [1, 2]\n}')).toEqual({ok: true, value: {a: [1, 2]}, exact: '{"a":[1,2]}'});
    expect(parseBody('{"a":').ok).toBe(false);
  });

  it('words schema errors and points at the field rows', () => {
    expect(
      describeErrors([
        {instancePath: '/parameters/mnemonicLength', keyword: 'enum', params: {allowedValues: [12, 15, 18, 21, 24]}},
        {instancePath: '/parameters', keyword: 'required', params: {missingProperty: 'walletName'}},
        {instancePath: '/parameters/accounts/0/curve', keyword: 'enum', params: {allowedValues: ['CURVE_SECP256K1']}},
        {instancePath: '', keyword: 'type', message: 'must be object', params: {}},
      ]),
    ).toEqual([
      {path: 'parameters.mnemonicLength', anchor: 'field-parameters.mnemonicLength', message: 'must be one of 12, 15, 18, 21, 24'},
      {path: 'parameters.walletName', anchor: 'field-parameters.walletName', message: 'is required'},
      {path: 'parameters.accounts[0].curve', anchor: 'field-parameters.accounts.curve', message: 'must be one of "CURVE_SECP256K1"'},
      {path: '(body)', message: 'must be object'},
    ]);
  });

  it('sends only to an http(s) base URL the reader typed', () => {
    expect(sendableBaseUrl('')).toBeUndefined();
    expect(sendableBaseUrl('  ')).toBeUndefined();
    expect(sendableBaseUrl('javascript:alert(1)')).toBeUndefined();
    expect(sendableBaseUrl('not a url')).toBeUndefined();
    expect(sendableBaseUrl('https://api.example.test/')).toBe('https://api.example.test');
  });

  it('puts the sandbox organization into a body that names one, and leaves other texts alone', () => {
    const text = JSON.stringify(JSON.parse(example), null, 2);
    const next = JSON.parse(withOrganization(text, '11111111-2222-4333-8444-555555555555')) as Record<string, unknown>;
    expect(next).toEqual({...(JSON.parse(example) as object), organizationId: '11111111-2222-4333-8444-555555555555'});
    expect(Object.keys(next)).toEqual(Object.keys(JSON.parse(example) as object));
    expect(withOrganization('{"type": ', 'x')).toBe('{"type": ');
    expect(withOrganization('{"name": "a"}', 'x')).toBe('{"name": "a"}');
    expect(withOrganization('[1]', 'x')).toBe('[1]');
    const same = withOrganization(text, 'a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f601');
    expect(same).toBe(text);
  });
});

describe('timestamp window', () => {
  const limits = {maxAgeMs: 300_000, maxSkewMs: 60_000};
  const now = 1_800_000_000_000;
  it('says how far outside the window a timestamp is, either way', () => {
    expect(checkTimestamp({timestampMs: String(now - 299_000)}, now, limits)).toEqual({state: 'fresh'});
    expect(checkTimestamp({timestampMs: String(now - 360_000)}, now, limits)).toEqual({state: 'old', byMs: 360_000});
    expect(checkTimestamp({timestampMs: String(now + 61_000)}, now, limits)).toEqual({state: 'future', byMs: 61_000});
    expect(checkTimestamp({timestampMs: 'soon'}, now, limits)).toEqual({state: 'absent'});
    expect(checkTimestamp([], now, limits)).toEqual({state: 'absent'});
    expect(describeDuration(61_000)).toBe('61 seconds');
    expect(describeDuration(360_000)).toBe('6 minutes');
    expect(describeDuration(3 * 86_400_000)).toBe('3 days');
  });
});

describe('activity polling', () => {
  it('reads the activity of an answer and backs off between polls', () => {
    expect(activityOf('{"activity":{"id":"a1","status":"ACTIVITY_STATUS_PENDING"}}')).toEqual({id: 'a1', status: 'ACTIVITY_STATUS_PENDING'});
    expect(activityOf('{"wallets":[]}')).toBeUndefined();
    expect(activityOf('not json')).toBeUndefined();
    expect(UNSETTLED_STATUSES.has('ACTIVITY_STATUS_PENDING')).toBe(true);
    expect(UNSETTLED_STATUSES.has('ACTIVITY_STATUS_CONSENSUS_NEEDED')).toBe(false);
    expect([0, 1, 2, 10].map(pollDelayMs)).toEqual([1000, 1500, 2250, 8000]);
  });
});

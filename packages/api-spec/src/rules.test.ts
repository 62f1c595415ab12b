import { describe, expect, it } from 'vitest';
import { blockingDeletions, checkRootQuorum, effectiveDeleteWithoutExport } from './rules.js';

const user = { userName: 'u', apiKeys: [], authenticators: [], oauthProviders: [] };

describe('checkRootQuorum', () => {
  it('accepts a threshold between 1 and the number of root users', () => {
    expect(checkRootQuorum({ rootQuorumThreshold: 1, rootUsers: [user] })).toEqual({ ok: true });
    expect(checkRootQuorum({ rootQuorumThreshold: 2, rootUsers: [user, user] })).toEqual({ ok: true });
    expect(checkRootQuorum({ threshold: 2, userIds: ['a', 'b', 'c'] })).toEqual({ ok: true });
  });

  it('rejects a threshold above the number of root users, naming the field', () => {
    const result = checkRootQuorum({ rootQuorumThreshold: 3, rootUsers: [user, user] });
    expect(result).toMatchObject({ ok: false, rule: 'QUORUM_THRESHOLD_EXCEEDS_MEMBERS', field: 'rootQuorumThreshold' });
    if (!result.ok) expect(result.message).toMatch(/3.*only 2 users/);
  });

  it('uses the update_root_quorum field names for that intent', () => {
    expect(checkRootQuorum({ threshold: 2, userIds: ['a'] })).toMatchObject({ ok: false, field: 'threshold' });
    expect(checkRootQuorum({ threshold: 1, userIds: [] })).toMatchObject({ ok: false, rule: 'QUORUM_HAS_NO_MEMBERS', field: 'userIds' });
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects threshold %s', (threshold) => {
    expect(checkRootQuorum({ rootQuorumThreshold: threshold, rootUsers: [user, user] })).toMatchObject({
      ok: false,
      rule: 'QUORUM_THRESHOLD_NOT_POSITIVE_INTEGER',
    });
  });
});

describe('effectiveDeleteWithoutExport', () => {
  it('ignores the flag for an item that was already exported', () => {
    expect(effectiveDeleteWithoutExport({ exported: true }, true)).toEqual({ effective: false, ignored: true, deletable: true });
    expect(effectiveDeleteWithoutExport({ exported: true }, false)).toEqual({ effective: false, ignored: false, deletable: true });
    expect(effectiveDeleteWithoutExport({ exported: true }, undefined)).toEqual({ effective: false, ignored: false, deletable: true });
  });

  it('requires the flag for an item that was never exported', () => {
    expect(effectiveDeleteWithoutExport({ exported: false }, true)).toEqual({ effective: true, ignored: false, deletable: true });
    expect(effectiveDeleteWithoutExport({ exported: false }, false)).toEqual({ effective: false, ignored: false, deletable: false });
    expect(effectiveDeleteWithoutExport({ exported: false }, undefined)).toEqual({ effective: false, ignored: false, deletable: false });
  });
});

describe('blockingDeletions', () => {
  const wallets = [
    { walletId: 'a', exported: true },
    { walletId: 'b', exported: false },
  ];

  it('returns the never-exported items when the flag is not set', () => {
    expect(blockingDeletions(wallets, undefined).map((w) => w.walletId)).toEqual(['b']);
  });

  it('returns nothing when the flag is set', () => {
    expect(blockingDeletions(wallets, true)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatActivity, formatQueryResult, toColumns } from './output.js';

describe('API command tables', () => {
  it('prints a list of records as columns of their plain fields', () => {
    const answer = { wallets: [
      { walletId: 'w-1', walletName: 'Treasury', exported: false, createdAt: { seconds: '1' } },
      { walletId: 'w-22', walletName: 'Ops', exported: true, createdAt: { seconds: '2' } },
    ] };
    expect(formatQueryResult(answer)).toBe(['walletId  walletName  exported', 'w-1       Treasury    false', 'w-22      Ops         true'].join('\n'));
  });

  it('says so when the list is empty', () => {
    expect(formatQueryResult({ wallets: [] })).toBe('No wallets.');
  });

  it('prints one record without its wrapper, and anything else as dotted paths', () => {
    expect(formatQueryResult({ wallet: { walletId: 'w-1', tags: ['a'] } })).toBe(['FIELD     VALUE', 'walletId  w-1', 'tags[0]   a'].join('\n'));
    expect(formatQueryResult({ organizationId: 'o-1', userId: 'u-1' })).toBe(['FIELD           VALUE', 'organizationId  o-1', 'userId          u-1'].join('\n'));
  });

  it('leaves out a column whose value is not plain in some row', () => {
    expect(toColumns([{ a: 1, b: 'x' }, { a: 2, b: { nested: true } }])).toBe(['a', '1', '2'].join('\n'));
  });

  it('prints an activity as its ID, type, state and result', () => {
    const text = formatActivity({ id: 'a-1', type: 'ACTIVITY_TYPE_CREATE_WALLET', status: 'ACTIVITY_STATUS_COMPLETED', result: { createWalletResult: { walletId: 'w-1', addresses: [] } } });
    expect(text).toBe(['FIELD             VALUE', 'activityId        a-1', 'type              ACTIVITY_TYPE_CREATE_WALLET', 'status            ACTIVITY_STATUS_COMPLETED', 'result.walletId   w-1', 'result.addresses  []'].join('\n'));
  });
});

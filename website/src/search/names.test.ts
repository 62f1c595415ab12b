import {describe, expect, it} from 'vitest';
import {pageNamedBy, parseNameIndex, squash, writtenAsName} from './names';

describe('names', () => {
  const index = parseNameIndex({createwallet: '/api/wallets/create-wallet', whoami: '/api/organizations/whoami', evil: '//evil.example', bad: 3});

  it('compares every spelling of a name the same', () => {
    for (const q of ['create_wallet', 'createWallet', 'Create wallet', 'create-wallet', ' CREATE WALLET ']) {
      expect(pageNamedBy(q, index), q).toBe('/api/wallets/create-wallet');
    }
    expect(pageNamedBy('Who am I?', index)).toBe('/api/organizations/whoami');
    expect(squash('Export a wallet')).toBe('exportawallet');
  });

  it('names a schema only when the query is written as a name', () => {
    const schemas = parseNameIndex({'~wallet': '/api/schemas/wallet', '~walletaccount': '/api/schemas/wallet-account', wallets: '/concepts/wallets'});
    expect(pageNamedBy('Wallet', schemas)).toBe('/api/schemas/wallet');
    expect(pageNamedBy('WalletAccount', schemas)).toBe('/api/schemas/wallet-account');
    expect(pageNamedBy('wallet_account', schemas)).toBe('/api/schemas/wallet-account');
    expect(pageNamedBy('wallet', schemas)).toBeUndefined();
    expect(pageNamedBy('wallet account', schemas)).toBeUndefined();
    expect(pageNamedBy('wallets', schemas)).toBe('/concepts/wallets');
    for (const q of ['create_wallet', 'createWallet', 'Wallet', 'ADDRESS_FORMAT_ETHEREUM']) expect(writtenAsName(q), q).toBe(true);
    for (const q of ['wallet', 'Create a wallet', 'root quorum']) expect(writtenAsName(q), q).toBe(false);
  });

  it('names nothing for other queries, short ones, or unsafe entries', () => {
    expect(pageNamedBy('create wallets accounts', index)).toBeUndefined();
    expect(pageNamedBy('evil', index)).toBeUndefined();
    expect(pageNamedBy('bad', index)).toBeUndefined();
    expect(parseNameIndex([1, 2])).toEqual({});
    expect(pageNamedBy('constructor', index)).toBeUndefined();
  });
});

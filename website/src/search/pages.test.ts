import {describe, expect, it} from 'vitest';
import {encodePages, parsePages, type PageInfo} from './pages';

describe('pages file', () => {
  const pages = new Map<string, PageInfo>([
    ['en_b', {url: '/api/wallets/create-wallet', title: 'Create wallet', section: 'API reference', kind: 'operation'}],
    ['en_a', {url: '/concepts/wallets', title: 'Wallets', section: 'Documentation', kind: 'guide'}],
    ['en_c', {url: '/api/schemas/wallet', title: 'Wallet', section: 'API reference', kind: 'schema'}],
  ]);

  it('round-trips every page, sorted by id so the file is stable', () => {
    const file = encodePages(pages);
    expect(Object.keys(file)).toEqual(['en_a', 'en_b', 'en_c']);
    expect(file['en_b']).toEqual(['/api/wallets/create-wallet', 'Create wallet', 3, 1]);
    expect(parsePages(JSON.parse(JSON.stringify(file)))).toEqual(new Map([...pages].sort(([a], [b]) => a.localeCompare(b))));
  });

  it('drops entries that are not site paths with a known section and kind', () => {
    const parsed = parsePages({
      ok: ['/x', 'X', 0, 0],
      offSite: ['//evil.example/x', 'X', 0, 0],
      relative: ['x', 'X', 0, 0],
      section: ['/x', 'X', 9, 0],
      kind: ['/x', 'X', 0, 7],
      short: ['/x', 'X', 0],
      notArray: '/x',
    });
    expect([...parsed.keys()]).toEqual(['ok']);
    expect(parsePages(null).size).toBe(0);
    expect(parsePages([['/x', 'X', 0, 0]]).size).toBe(0);
  });
});

import {describe, expect, it} from 'vitest';
import {answersQuery, groupFromPagefind, headingPath, isOpaqueToken, looksLikeName, orderByPrior, pageByUrl, previewGroups, sectionCounts, type PagefindData} from './pagefindEngine';

const anchors = [
  {element: 'h2', id: 'wallets', text: 'Wallets', location: 10},
  {element: 'h3', id: 'accounts', text: 'Accounts', location: 20},
  {element: 'h4', id: 'paths', text: 'Paths', location: 30},
  {element: 'div', id: 'tab', text: '', location: 31},
  {element: 'h2', id: 'keys', text: 'Private keys', location: 40},
];

describe('headingPath', () => {
  it('walks up to the h2 above the matched heading', () => {
    expect(headingPath({title: 'Paths', url: '/w#paths', excerpt: '', anchor: anchors[2]}, anchors)).toEqual(['Wallets', 'Accounts', 'Paths']);
    expect(headingPath({title: 'Private keys', url: '/w#keys', excerpt: '', anchor: anchors[4]}, anchors)).toEqual(['Private keys']);
  });

  it('is empty for the part of the page before any heading', () => {
    expect(headingPath({title: 'Concepts', url: '/w', excerpt: ''}, anchors)).toEqual([]);
  });
});

describe('groupFromPagefind', () => {
  const data: PagefindData = {
    url: '/concepts/wallets',
    meta: {title: 'Wallets'},
    excerpt: 'A <mark>wallet</mark>',
    filters: {section: ['Documentation']},
    anchors,
    sub_results: [
      {title: 'Wallets', url: '/concepts/wallets', excerpt: 'A <mark>wallet</mark>', locations: [1]},
      {title: 'Accounts', url: '/concepts/wallets#accounts', excerpt: 'Each <mark>wallet</mark> <mark>wallet</mark>', anchor: anchors[1], locations: [21, 22]},
      {title: 'Paths', url: '/concepts/wallets#paths', excerpt: '', anchor: anchors[2], locations: [32]},
      {title: 'Private keys', url: '/concepts/wallets#keys', excerpt: '', anchor: anchors[4], locations: [41]},
    ],
  };

  it('keeps the three sections with most matches, best first', () => {
    const group = groupFromPagefind(data);
    expect(group).toMatchObject({url: '/concepts/wallets', title: 'Wallets', section: 'Documentation'});
    expect(group.hits.map((h) => h.url)).toEqual(['/concepts/wallets#accounts', '/concepts/wallets', '/concepts/wallets#paths']);
    expect(group.hits[0]!.headings).toEqual(['Wallets', 'Accounts']);
    expect(group.hits[0]!.excerpt.filter((s) => s.match)).toHaveLength(2);
  });

  it('falls back to the URL for the section when the filter is missing', () => {
    expect(groupFromPagefind({...data, url: '/sdks/cli', filters: {}}).section).toBe('SDKs');
  });
});

describe('answersQuery', () => {
  const group = (title: string, excerpt: string) => groupFromPagefind({url: '/x', meta: {title}, excerpt, sub_results: [{title, url: '/x', excerpt}]});

  it('accepts results that contain each longer word, stemmed or as part of a name', () => {
    expect(answersQuery('policies', [group('Policy language', 'A <mark>policy</mark> is')])).toBe(true);
    expect(answersQuery('create_sub_organization', [group('Create', 'Call <mark>create_sub_organization</mark>')])).toBe(true);
    expect(answersQuery('a wallet', [group('Wallets', 'no marks here')])).toBe(true);
  });

  it('rejects results that only share a short prefix with a word', () => {
    expect(answersQuery('pasky', [group('Examples', 'node <mark>-p</mark> x')])).toBe(false);
    expect(answersQuery('etherum', [group('Ethereum', 'An <mark>Ethereum</mark> address')])).toBe(false);
    expect(answersQuery('sessions', [group('Session keys', 'A <mark>session</mark> lasts')])).toBe(true);
  });
});

describe('precision', () => {
  const group = (excerpt: string) => groupFromPagefind({url: '/x', meta: {title: 'Example'}, excerpt, sub_results: [{title: 'Example', url: '/x', excerpt}]});

  it('tells identifiers, hashes and addresses from words and names', () => {
    for (const t of ['dGVzdC1jaGFsbGVuZ2U', 'a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f601', '0x7a3f9c2b8d4e1f6a5b0c', '"Vd4xF0m0cWq8y7nJxG3S1g",']) {
      expect(isOpaqueToken(t), t).toBe(true);
    }
    for (const t of ['create_sub_organization', 'ADDRESS_FORMAT_ETHEREUM', 'secp256k1', 'X-Stamp-WebAuthn', 'createSubOrganization']) {
      expect(isOpaqueToken(t), t).toBe(false);
    }
  });

  it('does not count a piece of an identifier as a match', () => {
    expect(answersQuery('zzqxvplm', [group('"credentialId": <mark>"Vd4xF0m0cWq8y7nJxG3S1g"</mark>')])).toBe(false);
    expect(answersQuery('Vd4xF0m0cWq8y7nJxG3S1g', [group('"credentialId": <mark>"Vd4xF0m0cWq8y7nJxG3S1g"</mark>')])).toBe(true);
    // A prefix Pagefind fell back to ("assistant" finding "as") is no match either.
    expect(answersQuery('assistant', [group('View <mark>as</mark> Markdown')])).toBe(false);
    expect(answersQuery('zzq', [group('key <mark>ZzQ8x1mP0qLk7Yt2Vn</mark>')])).toBe(false);
  });
});

describe('looksLikeName', () => {
  it('tells API names from words', () => {
    for (const q of ['create_sub_organization', 'createSubOrganization', 'ADDRESS_FORMAT_ETHEREUM']) expect(looksLikeName(q), q).toBe(true);
    for (const q of ['wallet', 'sub-organization', 'Root quorum', 'X-Stamp']) expect(looksLikeName(q), q).toBe(false);
  });
});

describe('sectionCounts', () => {
  it('counts the results of each section and leaves out sections without any', () => {
    expect(sectionCounts(['API reference', 'Documentation', 'API reference'])).toEqual({'API reference': 2, Documentation: 1});
    expect(sectionCounts([])).toEqual({});
  });
});

describe('previewGroups', () => {
  const pages = new Map([
    ['en_1', {url: '/api/wallets/create-wallet', title: 'Create wallet', section: 'API reference' as const, kind: 'operation' as const}],
    ['en_2', {url: '/concepts/wallets', title: 'Wallets', section: 'Documentation' as const, kind: 'guide' as const}],
  ]);
  const url = (path: string) => `/${path}`.replace(/\/+/g, '/');

  it('gives each known result its title, section and the page as its one hit, in order', () => {
    expect(previewGroups([{id: 'en_2'}, {id: 'gone'}, {id: 'en_1'}], pages, url)).toEqual([
      {url: '/concepts/wallets', title: 'Wallets', section: 'Documentation', hits: [{url: '/concepts/wallets', headings: [], excerpt: []}]},
      {url: '/api/wallets/create-wallet', title: 'Create wallet', section: 'API reference', hits: [{url: '/api/wallets/create-wallet', headings: [], excerpt: []}]},
    ]);
  });

  it('answers a query from the titles alone only when they hold every word', () => {
    const groups = previewGroups([{id: 'en_1'}, {id: 'en_2'}], pages, url);
    expect(answersQuery('create wallets', groups)).toBe(true);
    // A word only the text may hold waits for the excerpts.
    expect(answersQuery('wallet passkey', groups)).toBe(false);
  });
});

describe('orderByPrior', () => {
  /** The order asked for, written out independently: a stable sort on score × prior. */
  const reference = <T extends {score: number}>(results: readonly T[], priorOf: (r: T) => number): T[] =>
    results
      .map((r, i) => ({r, i, key: r.score * priorOf(r)}))
      .sort((a, b) => b.key - a.key || a.i - b.i)
      .map(({r}) => r);
  const kinds = ['guide', 'operation', 'schema'] as const;
  const priors = {guide: 1, operation: 0.4, schema: 0.25};

  it('puts a guide above an operation that scored a little higher, and keeps ties in their order', () => {
    const results = [
      {id: 'op', score: 2, kind: 'operation' as const},
      {id: 'guide', score: 1, kind: 'guide' as const},
      {id: 'schema', score: 1, kind: 'schema' as const},
      {id: 'op2', score: 1, kind: 'operation' as const},
      {id: 'op3', score: 1, kind: 'operation' as const},
    ];
    expect(orderByPrior(results, (r) => priors[r.kind]).map((r) => r.id)).toEqual(['guide', 'op', 'op2', 'op3', 'schema']);
  });

  it('gives the same order as sorting, on random results best first and on unsorted ones', () => {
    let seed = 7;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let round = 0; round < 200; round++) {
      const n = Math.floor(random() * 40);
      const results = Array.from({length: n}, (_, i) => ({id: i, score: Math.round(random() * 20) / 4, kind: kinds[Math.floor(random() * 3)]!}));
      const priorOf = (r: (typeof results)[number]): number => priors[r.kind];
      if (round % 2 === 0) results.sort((a, b) => b.score - a.score);
      expect(orderByPrior(results, priorOf)).toEqual(reference(results, priorOf));
    }
  });

  it('returns nothing for no results', () => {
    expect(orderByPrior([], () => 1)).toEqual([]);
  });
});

describe('pageByUrl', () => {
  it('finds the page at an address, the first one when two share it', () => {
    const pages = new Map([
      ['a', {url: '/x', title: 'X', section: 'Documentation' as const, kind: 'guide' as const}],
      ['b', {url: '/y', title: 'Y', section: 'SDKs' as const, kind: 'guide' as const}],
      ['c', {url: '/y', title: 'Y again', section: 'SDKs' as const, kind: 'guide' as const}],
    ]);
    expect(pageByUrl(pages, '/y')?.title).toBe('Y');
    expect(pageByUrl(pages, '/x')?.title).toBe('X');
    expect(pageByUrl(pages, '/z')).toBeUndefined();
  });
});

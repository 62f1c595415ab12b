import {describe, expect, it} from 'vitest';
import {contextualFacetFilters, createHostedEngine, groupRecords, type DocSearchRecord, type HostedSearch} from './hostedEngine';

const records: DocSearchRecord[] = [
  {
    url: 'https://docs.sigil.example/concepts/wallets#accounts',
    hierarchy: {lvl0: 'Documentation', lvl1: 'Wallets', lvl2: 'Accounts', lvl3: null},
    _snippetResult: {content: {value: 'Each <mark>wallet</mark> holds &lt;img src=x&gt;'}},
  },
  {
    url: 'https://docs.sigil.example/sdks/cli#install',
    hierarchy: {lvl0: 'SDKs', lvl1: 'CLI', lvl2: 'Install', lvl3: 'With npm'},
    _highlightResult: {hierarchy: {lvl3: {value: 'With <mark>npm</mark>'}}},
  },
  {
    url: 'https://docs.sigil.example/concepts/wallets',
    hierarchy: {lvl0: 'Documentation', lvl1: 'Wallets'},
    content: 'Intro',
    _snippetResult: {content: {value: 'A <mark>wallet</mark>'}},
  },
];

describe('hosted engine', () => {
  it('filters by language and any of the search tags, as Docusaurus does', () => {
    expect(contextualFacetFilters({locale: 'en', tags: ['default', 'docs-default-current'], baseUrl: '/'})).toEqual([
      'language:en',
      ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
    ]);
  });

  it('groups records by page, keeping their order, with paths on this site', () => {
    const groups = groupRecords(records);
    expect(groups.map((g) => [g.url, g.title, g.section])).toEqual([
      ['/concepts/wallets', 'Wallets', 'Documentation'],
      ['/sdks/cli', 'CLI', 'SDKs'],
    ]);
    expect(groups[0]!.hits.map((h) => [h.url, h.headings])).toEqual([
      ['/concepts/wallets#accounts', ['Accounts']],
      ['/concepts/wallets', []],
    ]);
    expect(groups[0]!.hits[0]!.excerpt.map((s) => s.text).join('')).toBe('Each wallet holds <img src=x>');
    expect(groups[1]!.hits[0]).toMatchObject({headings: ['Install', 'With npm'], excerpt: [{text: 'With ', match: false}, {text: 'npm', match: true}]});
  });

  it('sends the contextual filters and narrows to a section', async () => {
    const calls: Parameters<HostedSearch>[0][] = [];
    const engine = createHostedEngine({appId: 'A', apiKey: 'k', indexName: 'docs'}, {locale: 'en', tags: ['default'], baseUrl: '/'}, async (req) => {
      calls.push(req);
      return records;
    });
    const outcome = await engine.search('wallet', {section: 'SDKs'});
    expect(calls[0]).toMatchObject({indexName: 'docs', query: 'wallet', facetFilters: ['language:en', ['docusaurus_tag:default']]});
    expect(outcome.groups.map((g) => g.url)).toEqual(['/sdks/cli']);
    expect(outcome.total).toBe(1);
    expect(outcome.sectionCounts).toEqual({Documentation: 1, SDKs: 1});
  });
});

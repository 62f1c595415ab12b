import {describe, expect, it} from 'vitest';
import {anchorsOf, internalReferences} from './quality/links';
import {isRedirectPage, kindOf, pathOfFile, shard} from './quality/site';
import {median, table} from './quality/weight';

describe('internal references of a built page', () => {
  const html =
    '<!doctype html><html><head><link rel=canonical href=https://docs.example/concepts/wallets />' +
    '<link rel=stylesheet href=/assets/css/s.css><script src=/assets/js/main.js defer></script>' +
    '<meta property=og:image content=https://docs.example/img/card.png></head><body>' +
    '<a href=/getting-started/quickstart#install>q</a><a href=../policies/overview>rel</a><a href="#top">top</a>' +
    '<a href=https://github.com/x>gh</a><a href=mailto:a@b.c>mail</a><img src=/img/a.png srcset="/img/a.png 1x, /img/a@2x.png 2x">' +
    '<svg><use href=#icon></use></svg><script type="application/json" id="__after_paint">["/assets/js/10.a.js"]</script></body></html>';
  const refs = internalReferences(html, '/concepts/wallets', 'http://127.0.0.1:4303', 'https://docs.example');
  const targets = refs.map((r) => `${r.target}${r.fragment ? `#${r.fragment}` : ''}`);

  it('keeps the site’s own addresses, public URL included, and resolves relative ones', () => {
    expect(targets).toEqual(
      expect.arrayContaining([
        '/concepts/wallets',
        '/assets/css/s.css',
        '/assets/js/main.js',
        '/assets/js/10.a.js',
        '/img/card.png',
        '/getting-started/quickstart#install',
        '/policies/overview',
        '/concepts/wallets#top',
        '/img/a.png',
        '/img/a@2x.png',
        '/concepts/wallets#icon',
      ]),
    );
  });

  it('leaves out other hosts and non-web schemes', () => {
    expect(targets.some((t) => t.includes('github') || t.includes('mailto'))).toBe(false);
  });

  it('reads every id and legacy anchor name', () => {
    expect([...anchorsOf('<h2 id=install>x</h2><a name=old></a><div id="a b"></div>')]).toEqual(['install', 'a b', 'old']);
  });
});

describe('routes of the build', () => {
  it('maps files to addresses', () => {
    expect(pathOfFile('index.html')).toBe('/');
    expect(pathOfFile('concepts/wallets/index.html')).toBe('/concepts/wallets');
    expect(pathOfFile('markdown-page.html')).toBe('/markdown-page');
    expect(kindOf('/api')).toBe('api');
    expect(kindOf('/api/schemas/wallet')).toBe('api');
    expect(kindOf('/api-overview/errors')).toBe('docs');
  });

  it('tells redirect pages from pages', () => {
    expect(isRedirectPage('<!DOCTYPE html><html><head><meta charset="UTF-8"><meta http-equiv="refresh" content="0; url=/sdks/Ruby"></head></html>')).toBe(true);
    expect(isRedirectPage('<html><head><title>Quickstart</title></head><body><main><h1>Quickstart</h1></main></body></html>')).toBe(false);
  });

  it('shards interleaved, without losing or repeating a route', () => {
    const groups = shard([1, 2, 3, 4, 5], 2);
    expect(groups).toEqual([
      [1, 3, 5],
      [2, 4],
    ]);
    expect(shard([1], 4)).toEqual([[1]]);
  });
});

describe('weight report', () => {
  it('takes the median and prints an aligned table', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBe(0);
    expect(table(['route', 'JS'], [['/a', '1 KB'], ['/bbbb', '10 KB']])).toBe(
      'route     JS\n-----  -----\n/a      1 KB\n/bbbb  10 KB',
    );
  });
});

import {describe, expect, it} from 'vitest';
import {apiReadingOrder, docsReadingOrder, type DocsVersionLike} from './order';

const version: DocsVersionLike = {
  docs: [
    {id: 'overview', permalink: '/'},
    {id: 'getting-started/quickstart', permalink: '/getting-started/quickstart'},
    {id: 'sdks/introduction', permalink: '/sdks/introduction'},
    {id: 'sdks/swift/index', permalink: '/sdks/swift/'},
    {id: 'sdks/swift/proxy-middleware', permalink: '/sdks/swift/proxy-middleware'},
    {id: 'faq', permalink: '/faq'},
    {id: 'hidden', permalink: '/hidden', unlisted: true},
  ],
  sidebars: {
    documentation: [
      {type: 'doc', id: 'overview'},
      {
        type: 'category',
        link: {type: 'generated-index', permalink: '/category/getting-started'},
        items: [{type: 'doc', id: 'getting-started/quickstart'}, {type: 'link'}],
      },
    ],
    sdks: [
      {type: 'doc', id: 'sdks/introduction'},
      {type: 'category', link: {type: 'doc', id: 'sdks/swift/index'}, items: [{type: 'doc', id: 'sdks/swift/proxy-middleware'}]},
      // Listed twice: kept in the first place only.
      {type: 'doc', id: 'getting-started/quickstart'},
    ],
    empty: [],
  },
  categoryGeneratedIndices: [{permalink: '/category/getting-started'}, {permalink: '/category/orphan'}],
};

describe('docsReadingOrder', () => {
  it('follows each sidebar, category page before its items, then the docs no sidebar lists', () => {
    const groups = docsReadingOrder(version, {sdks: 'SDK reference'});
    expect(groups).toEqual([
      {id: 'documentation', label: 'Documentation', routes: ['/', '/category/getting-started', '/getting-started/quickstart']},
      {id: 'sdks', label: 'SDK reference', routes: ['/sdks/introduction', '/sdks/swift/', '/sdks/swift/proxy-middleware']},
      {id: 'other', label: 'Other pages', routes: ['/faq', '/category/orphan']},
    ]);
  });

  it('lists every listed doc exactly once and leaves unlisted docs out', () => {
    const routes = docsReadingOrder(version).flatMap((g) => g.routes);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes).not.toContain('/hidden');
  });
});

describe('apiReadingOrder', () => {
  it('uses the API sidebar order, ignores trailing-slash differences, and appends the rest sorted', () => {
    const routes = ['/api/schemas/wallet', '/api/', '/api/wallets/create-wallet', '/api/activities/get-activity'];
    expect(apiReadingOrder(routes, ['/api', '/api/wallets/create-wallet', '/api/not-built'])).toEqual([
      '/api/',
      '/api/wallets/create-wallet',
      '/api/activities/get-activity',
      '/api/schemas/wallet',
    ]);
  });
});

import {describe, expect, it} from 'vitest';
import type {OperationNames} from './apiNames';
import {operationNames} from './apiNames';
import {
  buildNameIndex,
  buildVocabulary,
  headingWords,
  htmlForIndex,
  isIndexed,
  nameClaims,
  NameTier,
  pageKeywords,
  pageKind,
  pageTitle,
  pageUrl,
  separateCells,
} from './prepare';

describe('pages of the index', () => {
  it('maps built files to the paths Docusaurus links to', () => {
    expect(pageUrl('index.html')).toBe('/');
    expect(pageUrl('getting-started/quickstart/index.html')).toBe('/getting-started/quickstart');
    expect(pageUrl('404.html')).toBe('/404');
    expect(pageUrl('api/index.html')).toBe('/api');
  });

  it('leaves out pages that are not reading material', () => {
    for (const url of ['/404', '/search', '/__tests__/crash', '/category/getting-started', '/changelog/page/2', '/changelog/tags/api', '/markdown-page']) {
      expect(isIndexed(url), url).toBe(false);
    }
    for (const url of ['/', '/changelog', '/changelog/api-v1', '/api', '/sdks/cli', '/concepts/wallets']) {
      expect(isIndexed(url), url).toBe(true);
    }
  });

  it('tags a page with its section and kind inside <main>', () => {
    const html = '<html><head></head><body><nav>x</nav><main class=a><h1>T</h1></main></body></html>';
    expect(htmlForIndex(html, '/sdks/cli')).toBe(
      '<html><head></head><body><nav>x</nav><main class=a>' +
        '<meta data-pagefind-filter="section[content]" content="SDKs"><meta data-pagefind-filter="kind[content]" content="guide">' +
        '<meta data-pagefind-filter="page[content]" content="/sdks/cli"><meta data-pagefind-meta="title[content]" content="T">' +
        '<h1>T</h1></main></body></html>',
    );
    expect(htmlForIndex('<html><body><p>x</p></body></html>', '/x')).toBeUndefined();
  });

  it('titles a page by its h1, else as its browser tab', () => {
    const html = '<html><head><title>Changelog | Sigil docs</title></head><body><main><h2>Sigil API v1</h2></main></body></html>';
    expect(htmlForIndex(html, '/changelog')).toContain('<meta data-pagefind-meta="title[content]" content="Changelog">');
    // Minified HTML leaves <p> open before the h1; the title is set explicitly so a parser cannot lose it.
    const api = '<title>T | Sigil docs</title><main><p class=e><span data-pagefind-ignore=all>API</span><h1>Create a <code>wallet</code></h1></main>';
    expect(pageTitle(api)).toBe('Create a wallet');
    expect(htmlForIndex(api, '/x')).toContain('<meta data-pagefind-meta="title[content]" content="Create a wallet">');
  });

  it('separates table cells and list items (end tags are left out of the built HTML)', () => {
    expect(separateCells('<table><tr><th>Field<th>Type<tr><td>Wallet<td>Private key</td><td>What</table>')).toBe(
      '<table><tr><th>Field · <th>Type<tr><td>Wallet · <td>Private key</td> · <td>What</table>',
    );
    expect(separateCells('<ul><li>one<li>two</ul>')).toBe('<ul> <li>one <li>two</ul>');
  });

  it('sorts pages into guides, operations and schemas', () => {
    expect(pageKind('/concepts/wallets')).toBe('guide');
    expect(pageKind('/api')).toBe('guide');
    expect(pageKind('/api/wallets/create-wallet')).toBe('operation');
    expect(pageKind('/api/schemas/address-format')).toBe('schema');
  });
});

describe('keywords', () => {
  it('names an operation page by its API name and SDK method', () => {
    const html = '<main><h1>Sign a raw payload</h1><p>POST /public/v1/submit/sign_raw_payload</p><p>see /public/v1/query/get_activity</p></main>';
    expect(pageKeywords(html, '/api/signing/sign-raw-payload')).toEqual(['sign_raw_payload', 'signRawPayload']);
    expect(htmlForIndex(html, '/api/signing/sign-raw-payload')).toContain(
      '<meta data-pagefind-meta="keywords[content]" content="sign_raw_payload signRawPayload">',
    );
  });

  it('names an enumeration page by its values', () => {
    const html = '<main><h1>AddressFormat</h1><td>ADDRESS_FORMAT_ETHEREUM</td><td>ADDRESS_FORMAT_SOLANA</td><td>CURVE_SECP256K1</td></main>';
    expect(pageKeywords(html, '/api/schemas/address-format')).toEqual(['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_SOLANA']);
  });

  it('takes front-matter keywords, escaped, and adds nothing else to guides', () => {
    const html = '<head><meta name=keywords content="passkey, WebAuthn &amp; FIDO2"></head><main><p>/public/v1/query/whoami</p></main>';
    expect(pageKeywords(html, '/passkeys/introduction')).toEqual(['passkey', 'WebAuthn & FIDO2']);
    expect(htmlForIndex(html, '/passkeys/introduction')).toContain('content="passkey WebAuthn &amp; FIDO2"');
    expect(pageKeywords('<main><p>/public/v1/query/whoami</p></main>', '/getting-started/quickstart')).toEqual([]);
  });
});

const doc = {
  paths: {
    '/public/v1/query/whoami': {post: {operationId: 'whoami', summary: 'Identify the caller', 'x-search-aliases': ['who am i', 'current user']}},
    '/public/v1/submit/create_wallet': {
      post: {operationId: 'createWallet', summary: 'Create a wallet', 'x-sigil-activity-type': 'ACTIVITY_TYPE_CREATE_WALLET', 'x-search-aliases': ['new wallet']},
    },
    '/public/v1/submit/create_policy': {post: {operationId: 'createPolicy', summary: 'Create a policy', 'x-sigil-activity-type': 'ACTIVITY_TYPE_CREATE_POLICY_V3'}},
  },
};

describe('operation names from the API document', () => {
  const ops = operationNames(doc);
  const page = (name: string, title: string) => `<main><h1>${title}</h1><p><code>/public/v1/submit/${name}</code></p></main>`;

  it('reads names, title, activity type, path and aliases', () => {
    expect(ops.get('create_wallet')).toEqual<OperationNames>({
      name: 'create_wallet',
      camel: 'createWallet',
      title: 'Create a wallet',
      activityType: 'ACTIVITY_TYPE_CREATE_WALLET',
      path: '/public/v1/submit/create_wallet',
      aliases: ['new wallet'],
    });
    expect(ops.get('whoami')?.aliases).toEqual(['who am i', 'current user']);
  });

  it('indexes an operation page with its names and aliases as weighted metadata', () => {
    const html = htmlForIndex(page('create_wallet', 'Create a wallet'), '/api/wallets/create-wallet', ops)!;
    expect(html).toContain(
      '<meta data-pagefind-meta="names[content]" content="create_wallet createWallet /public/v1/submit/create_wallet ACTIVITY_TYPE_CREATE_WALLET">',
    );
    expect(html).toContain('<meta data-pagefind-meta="aliases[content]" content="new wallet">');
    expect(html).not.toContain('keywords[content]');
  });

  it('lets each name point at one page, the strongest claim winning', () => {
    const claims = [
      ...nameClaims(page('create_wallet', 'Create a wallet'), '/api/wallets/create-wallet', ops),
      ...nameClaims(page('create_policy', 'Create a policy'), '/api/policies/create-policy', ops),
      ...nameClaims('<main><h1>Wallets</h1></main>', '/concepts/wallets', ops),
      ...nameClaims('<main><h1>Overview</h1></main>', '/a/overview', ops),
      ...nameClaims('<main><h1>Overview</h1></main>', '/b/overview', ops),
      ...nameClaims('<main><h1>ActivityType</h1><td>ACTIVITY_TYPE_CREATE_WALLET</td></main>', '/api/schemas/activity-type', ops),
      {name: 'Create a wallet', url: '/guides/create-a-wallet', tier: NameTier.GuideTitle},
      ...nameClaims('<main><h1>Errors</h1><h2 id=error-codes>Error codes</h2></main>', '/api-overview/errors', ops, ['INVALID_ARGUMENT']),
      ...nameClaims('<main><h1>Other</h1></main>', '/other', ops, ['NOT_FOUND']),
      ...nameClaims('<main><h1>Address</h1><td>ADDRESS_FORMAT_ETHEREUM</td></main>', '/api/schemas/address', ops),
      ...nameClaims('<main><h1>AddressFormat</h1><td>ADDRESS_FORMAT_ETHEREUM</td></main>', '/api/schemas/address-format', ops),
    ];
    const index = buildNameIndex(claims);
    expect(index['createwallet']).toBe('/api/wallets/create-wallet');
    expect(index['createawallet']).toBe('/api/wallets/create-wallet');
    expect(index['newwallet']).toBe('/api/wallets/create-wallet');
    // The operation owns its activity type; the enumeration that lists it does not.
    expect(index['activitytypecreatewallet']).toBe('/api/wallets/create-wallet');
    expect(index['activitytypecreatepolicy']).toBe('/api/policies/create-policy');
    expect(index['activitytypecreatepolicyv3']).toBe('/api/policies/create-policy');
    // A schema is named by its name written as a name ("ActivityType"), not by everyday words.
    expect(index['~activitytype']).toBe('/api/schemas/activity-type');
    expect(index['activitytype']).toBeUndefined();
    expect(index['wallets']).toBe('/concepts/wallets');
    expect(index['wallet']).toBe('/concepts/wallets');
    expect(index['addressformatethereum']).toBe('/api/schemas/address-format');
    expect(index['invalidargument']).toBe('/api-overview/errors');
    expect(index['notfound']).toBeUndefined();
    // Two guides with one title: the title names neither.
    expect(index['overview']).toBeUndefined();
  });
});

describe('vocabulary', () => {
  it('takes the words of headings inside <main>, not of the navigation', () => {
    const html =
      '<nav><h2>Navigation</h2></nav><main><h1>Passkeys</h1><p>Body words</p><h2 id=a>Register a <code>passkey</code><a class=hash-link>&#8203;</a></h2><h3>create_sub_organization</h3><h4>Deep</h4></main>';
    expect(headingWords(html)).toEqual(['passkeys', 'register', 'a', 'passkey', 'create', 'sub', 'organization']);
  });

  it('orders words by frequency and drops short words and numbers', () => {
    expect(buildVocabulary(['wallet', 'a', 'of', 'policy', 'wallet', '2026', 'policy', 'wallet', 'key'])).toEqual(['wallet', 'policy', 'key']);
  });
});

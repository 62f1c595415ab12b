import {describe, expect, it} from 'vitest';
import {buildVocabulary, headingWords, htmlForIndex, isIndexed, pageKeywords, pageKind, pageUrl} from './prepare';

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
        '<h1>T</h1></main></body></html>',
    );
    expect(htmlForIndex('<html><body><p>x</p></body></html>', '/x')).toBeUndefined();
  });

  it('titles a page without an h1 as its browser tab', () => {
    const html = '<html><head><title>Changelog | Sigil docs</title></head><body><main><h2>Sigil API v1</h2></main></body></html>';
    expect(htmlForIndex(html, '/changelog')).toContain('<meta data-pagefind-meta="title[content]" content="Changelog">');
    expect(htmlForIndex('<title>X | Sigil docs</title><main><h1>X</h1></main>', '/x')).not.toContain('data-pagefind-meta="title');
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

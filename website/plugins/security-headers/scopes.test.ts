import {describe, expect, it} from 'vitest';
import {injectScopeMeta, needsFullLoad, scopeOf} from './scopes';

const prefixes = ['/api/'];

describe('policy scopes', () => {
  it('puts /api, /api/ and pages under it in the API scope, and nothing else', () => {
    expect(scopeOf('/api', prefixes)).toBe('/api/');
    expect(scopeOf('/api/', prefixes)).toBe('/api/');
    expect(scopeOf('/api/wallets/create-wallet', prefixes)).toBe('/api/');
    expect(scopeOf('/', prefixes)).toBe('');
    expect(scopeOf('/apis-compared', prefixes)).toBe('');
    expect(scopeOf('/docs/api', prefixes)).toBe('');
  });

  it('asks for a full load only when a navigation crosses the edge of a scope', () => {
    expect(needsFullLoad('', '/api/wallets/create-wallet', prefixes)).toBe(true);
    expect(needsFullLoad('/api/', '/docs/quickstart', prefixes)).toBe(true);
    expect(needsFullLoad('/api/', '/api/wallets/get-wallet', prefixes)).toBe(false);
    expect(needsFullLoad('', '/docs/quickstart', prefixes)).toBe(false);
    // No scope tag: a page without a policy (the development server) never reloads.
    expect(needsFullLoad(undefined, '/api/wallets/create-wallet', prefixes)).toBe(false);
  });

  it('writes the scope tag after the policy tag, once', () => {
    const page = '<html><head><meta charset=UTF-8><meta http-equiv="Content-Security-Policy" content="default-src \'self\'"><title>t</title></head></html>';
    const once = injectScopeMeta(page, '/api/');
    expect(injectScopeMeta(once, '/api/')).toBe(once);
    expect(once).toContain('content="default-src \'self\'"><meta name="sigil-csp-scope" content="/api/"><title>');
    expect(() => injectScopeMeta('<html><head></head></html>', '')).toThrow(/No Content-Security-Policy meta tag/);
  });
});

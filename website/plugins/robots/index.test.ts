import {describe, expect, it} from 'vitest';
import {robotsTxt} from './index';

describe('robots.txt', () => {
  it('allows every page and names the sitemap at the configured site URL', () => {
    expect(robotsTxt('https://docs.sigil.example', '/')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.sigil.example/sitemap.xml\n');
  });

  it('keeps a base URL the site is served under', () => {
    expect(robotsTxt('https://example.org', '/docs/')).toContain('Sitemap: https://example.org/docs/sitemap.xml\n');
    expect(robotsTxt('https://example.org', '/docs')).toContain('Sitemap: https://example.org/docs/sitemap.xml\n');
  });
});

import {describe, expect, it} from 'vitest';
import {REDIRECT_SCRIPT, withSharedRedirectScript} from './sharedScript';

/** A page as the plugin's template writes it. */
const page = (to: string, forward: boolean) =>
  `<!DOCTYPE html>\n<html>\n  <head>\n    <meta charset="UTF-8">\n    <meta http-equiv="refresh" content="0; url=${to}">\n` +
  `    <link rel="canonical" href="${to}" />\n  </head>\n  <script>\n    window.location.href = '${to}'${forward ? ' + window.location.search + window.location.hash' : ''};\n  </script>\n</html>\n`;

/** Runs the shared script of a page served at `from` (query and fragment included) and returns where it sends the reader. */
function destination(html: string, from: string): string {
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)![1];
  const here = new URL(from, 'https://docs.example');
  const location = {href: here.href, search: here.search, hash: here.hash};
  const document = {querySelector: (selector: string) => (selector === 'link[rel=canonical]' ? {getAttribute: () => canonical} : null)};
  new Function('document', 'location', /<script>([^<]*)<\/script>/.exec(html)![1]!)(document, location);
  return location.href;
}

describe('withSharedRedirectScript', () => {
  it('gives every redirect page the same script', () => {
    const a = withSharedRedirectScript(page('/sdks/introduction', true));
    const b = withSharedRedirectScript(page('/api#area-signing', false));
    for (const html of [a, b]) {
      expect(html).toContain(`<script>${REDIRECT_SCRIPT}</script>`);
      expect(html).not.toContain('window.location.href =');
    }
  });

  it('sends the reader where the template did, forwarding the query and fragment only to a target without them', () => {
    expect(destination(withSharedRedirectScript(page('/sdks/introduction', true)), '/sdks?x=1#install')).toBe('/sdks/introduction?x=1#install');
    expect(destination(withSharedRedirectScript(page('/api#area-signing', false)), '/api/signing?x=1#y')).toBe('/api#area-signing');
    expect(destination(withSharedRedirectScript(page('/search?q=a', false)), '/find#z')).toBe('/search?q=a');
  });

  it('refuses a page that is not the template, or whose script and canonical link disagree', () => {
    expect(() => withSharedRedirectScript('<html><body>x</body></html>')).toThrow(/not a redirect page/);
    expect(() => withSharedRedirectScript(page('/a', true).replace('href="/a"', 'href="/b"'))).toThrow(/goes to \/a but its canonical link to \/b/);
    expect(() => withSharedRedirectScript(page('/a#b', true))).toThrow(/forwards the query and fragment differently/);
  });
});

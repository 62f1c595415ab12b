import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {
  attributeValue,
  buildPolicy,
  executableInlineScripts,
  hashSource,
  inlineEventHandlers,
  injectPolicyMeta,
  mergeSources,
  parseHeadersFile,
  policyOfPage,
  renderHeadersFile,
} from './csp';

// Shaped like Docusaurus' minified output: unquoted attributes, a data block, external scripts.
const page =
  '<!doctype html><html lang=en><head><meta charset=UTF-8><title>T</title>' +
  '<script data-rh=true type=application/ld+json>{"@type":"X"}</script>' +
  '<script src=/assets/js/main.js defer></script></head><body>' +
  '<script>!function(){document.documentElement.dataset.theme="light"}()</script>' +
  '<script type="module">import("/x.js")</script><p>Hi</p></body></html>';

describe('inline scripts', () => {
  it('finds only scripts the browser executes', () => {
    expect(executableInlineScripts(page)).toEqual([
      '!function(){document.documentElement.dataset.theme="light"}()',
      'import("/x.js")',
    ]);
  });

  it('hashes the exact UTF-8 text as CSP does', () => {
    const body = 'alert("é")';
    const expected = createHash('sha256').update(Buffer.from(body, 'utf8')).digest('base64');
    expect(hashSource(body)).toBe(`'sha256-${expected}'`);
  });

  it('reads quoted, unquoted and bare attributes', () => {
    expect(attributeValue(' src=/a.js defer', 'src')).toBe('/a.js');
    expect(attributeValue(' type="module"', 'type')).toBe('module');
    expect(attributeValue(' defer', 'defer')).toBe('');
    expect(attributeValue(' data-src=/a.js', 'src')).toBeUndefined();
  });

  it('reports inline event handlers, which hashes cannot allow', () => {
    expect(inlineEventHandlers('<img src=a.png onerror="x()"><a href=/ onclick=y()>')).toEqual(['onerror', 'onclick']);
    expect(inlineEventHandlers(page)).toEqual([]);
  });
});

describe('policy', () => {
  const policy = buildPolicy({scriptHashes: [hashSource('b'), hashSource('a'), hashSource('a')]});

  it('never allows unsafe-inline or unsafe-eval for scripts', () => {
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    expect(scriptSrc).toContain("'wasm-unsafe-eval'");
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(2);
  });

  it('contacts no other host and embeds nothing', () => {
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("img-src 'self' data:;");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/https?:|\*/);
  });

  it('adds extra sources only when asked, and a frame-src only then', () => {
    const widened = buildPolicy({
      scriptHashes: [],
      extra: mergeSources({'connect-src': ['https://api.example']}, {'connect-src': ['https://api.example', 'https:'], 'frame-src': ['https://f.example']}),
    });
    expect(widened).toContain("connect-src 'self' https://api.example https:;");
    expect(widened).toContain("frame-src 'self' https://f.example;");
    expect(policy).not.toContain('frame-src');
  });
});

describe('meta tag', () => {
  const policy = buildPolicy({scriptHashes: executableInlineScripts(page).map(hashSource)});
  const out = injectPolicyMeta(page, policy);

  it('sits right after the charset, before every script, style and link', () => {
    const head = out.slice(out.indexOf('<head>') + 6);
    expect(head.startsWith('<meta charset=UTF-8><meta http-equiv="Content-Security-Policy"')).toBe(true);
    expect(out.indexOf('Content-Security-Policy')).toBeLessThan(out.indexOf('<script'));
  });

  it('is the first element when there is no charset meta', () => {
    const bare = injectPolicyMeta('<html><head><title>x</title></head></html>', "default-src 'self'");
    expect(bare).toBe(`<html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'"><title>x</title></head></html>`);
  });

  it('round-trips and is replaced, not duplicated, when injected twice', () => {
    expect(policyOfPage(out)).toBe(policy);
    const twice = injectPolicyMeta(out, "default-src 'none'");
    expect(twice.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(policyOfPage(twice)).toBe("default-src 'none'");
  });

  it('refuses a page without a head', () => {
    expect(() => injectPolicyMeta('<p>x</p>', 'a')).toThrow(/No <head>/);
  });
});

describe('_headers file', () => {
  it('round-trips the Netlify / Cloudflare format', () => {
    const rules = [{path: '/*', headers: {'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'self'"}}];
    const text = renderHeadersFile(rules);
    expect(text).toBe("/*\n  X-Content-Type-Options: nosniff\n  Content-Security-Policy: default-src 'self'\n");
    expect(parseHeadersFile(`# comment\n${text}\n/api/*\n  X-Robots-Tag: noindex\n`)).toEqual([
      ...rules,
      {path: '/api/*', headers: {'X-Robots-Tag': 'noindex'}},
    ]);
  });
});

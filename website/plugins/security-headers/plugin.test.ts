import {mkdtemp, mkdir, readFile, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {hashSource, parseHeadersFile, policyOfPage, referrerOfPage} from './csp';
import securityHeaders from './index';

async function site(pages: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'csp-'));
  for (const [file, body] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(dir, file)), {recursive: true});
    await writeFile(path.join(dir, file), `<!doctype html><html><head><meta charset=UTF-8><title>t</title></head><body>${body}</body></html>`);
  }
  return dir;
}

async function postBuild(plugin: ReturnType<typeof securityHeaders>, outDir: string): Promise<void> {
  // postBuild reads only outDir here; the rest of Docusaurus' props is irrelevant to this plugin.
  await plugin.postBuild!({outDir} as Parameters<NonNullable<typeof plugin.postBuild>>[0]);
}

describe('security-headers postBuild', () => {
  it('gives each page its own hashes and sources; _headers carries the union and the companion headers', async () => {
    const dir = await site({
      'index.html': '<script>home()</script>',
      'api/get-wallet/index.html': '<script>api()</script>',
    });
    await postBuild(
      securityHeaders(undefined, {connectSrc: ['https://search.example'], pages: [{pathPrefix: '/api/', sources: {'connect-src': ['https:']}}]}),
      dir,
    );
    const home = policyOfPage(await readFile(path.join(dir, 'index.html'), 'utf8'))!;
    const api = policyOfPage(await readFile(path.join(dir, 'api/get-wallet/index.html'), 'utf8'))!;
    expect(home).toContain(hashSource('home()'));
    expect(home).not.toContain(hashSource('api()'));
    expect(home).toContain("connect-src 'self' https://search.example;");
    expect(api).toContain("connect-src 'self' https://search.example https:;");
    // Each page names its scope, which the browser compares before navigating client-side (clientModules/policyBoundary.ts).
    expect(await readFile(path.join(dir, 'index.html'), 'utf8')).toContain('<meta name="sigil-csp-scope" content="">');
    expect(await readFile(path.join(dir, 'api/get-wallet/index.html'), 'utf8')).toContain('<meta name="sigil-csp-scope" content="/api/">');

    const [rule] = parseHeadersFile(await readFile(path.join(dir, '_headers'), 'utf8'));
    expect(rule!.path).toBe('/*');
    const header = rule!.headers['Content-Security-Policy']!;
    expect(header).toContain(hashSource('home()'));
    expect(header).toContain(hashSource('api()'));
    expect(header).toContain("frame-ancestors 'none'");
    expect(rule!.headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    expect(rule!.headers['Permissions-Policy']).toContain('camera=()');
  });

  it('gives every page the referrer policy of _headers as a meta tag, once, after the policy tag', async () => {
    const dir = await site({'index.html': '<p>home</p>', 'a/index.html': '<p>a</p>'});
    const plugin = securityHeaders(undefined);
    await postBuild(plugin, dir);
    await postBuild(plugin, dir); // a second run must not add a second tag
    const [rule] = parseHeadersFile(await readFile(path.join(dir, '_headers'), 'utf8'));
    for (const file of ['index.html', 'a/index.html']) {
      const html = await readFile(path.join(dir, file), 'utf8');
      expect(referrerOfPage(html)).toBe(rule!.headers['Referrer-Policy']);
      expect(html.match(/name="referrer"/g)).toHaveLength(1);
      expect(html.indexOf('name="referrer"')).toBeGreaterThan(html.indexOf('Content-Security-Policy'));
      expect(html.indexOf('name="referrer"')).toBeLessThan(html.indexOf('<title>'));
    }
  });

  it('refuses inline event handlers, which the policy would silently block', async () => {
    const dir = await site({'index.html': '<img src=x.png onerror="boom()">'});
    await expect(postBuild(securityHeaders(undefined), dir)).rejects.toThrow(/onerror/);
  });
});

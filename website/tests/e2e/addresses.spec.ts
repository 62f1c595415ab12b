/**
 * Addresses (issue 24): the redirect pages of redirects.ts answer 200 with a
 * meta refresh and a canonical link to their target, as a crawler or `curl`
 * sees them from the static server; every directory prefix of a built route
 * answers 200; robots.txt names the sitemap; every built HTML file carries the
 * referrer policy that `_headers` sends.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {siteRedirects} from '../../redirects';
import {parseHeadersFile, referrerOfPage} from '../../plugins/security-headers/csp';
import {buildDir, FIXTURE_PREFIX, htmlFilesOf} from '../quality/site';

const websiteDir = path.resolve(__dirname, '../..');
const spec = JSON.parse(readFileSync(path.resolve(websiteDir, '../packages/api-spec/dist/openapi.json'), 'utf8')) as Parameters<typeof siteRedirects>[0];
const redirects = siteRedirects(spec);

function sitemap(): {siteUrl: string; routes: string[]} {
  const xml = readFileSync(path.join(buildDir(), 'sitemap.xml'), 'utf8');
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
  return {siteUrl: urls[0]!.origin, routes: urls.map((u) => u.pathname)};
}

/** The target a redirect page names, from its meta refresh; and its canonical link. */
function redirectTargets(html: string): {refresh?: string; canonical?: string} {
  return {
    refresh: /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
  };
}

test.describe('redirect pages', () => {
  for (const {from, to} of redirects) {
    test(`${from} leads to ${to}`, async ({request}) => {
      for (const address of [from, `${from}/`]) {
        const response = await request.get(address, {maxRedirects: 0});
        expect(response.status(), address).toBe(200);
        expect(response.headers()['content-type']).toContain('text/html');
        // The plugin writes `/api/#area-x` as `/api#area-x`; both reach the same page.
        const expected = to.replace('/#', '#');
        expect(redirectTargets(await response.text()), address).toEqual({refresh: expected, canonical: expected});
      }
      const target = await request.get(to.replace(/#.*$/, ''));
      expect(target.status(), to).toBe(200);
    });
  }

  test('a browser that opens a section root lands on its page', async ({page}) => {
    await page.goto('/concepts/policies');
    await expect(page).toHaveURL(/\/concepts\/policies\/overview$/);
    await expect(page.getByRole('heading', {level: 1, name: 'Policies overview'})).toBeVisible();
    await page.goto('/sdks/ruby');
    await expect(page).toHaveURL(/\/sdks\/Ruby$/);
    await expect(page.getByRole('heading', {level: 1, name: 'Ruby SDK'})).toBeVisible();
  });

  test("the redirect pages' one shared script forwards the query and fragment, and only to a target without them", async ({page}) => {
    const blocked: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && blocked.push(m.text())));
    // The script runs before the meta refresh would, so the query and fragment arrive (plugins/redirects/sharedScript.ts).
    await page.goto('/sdks/ruby?from=test#install');
    await expect(page).toHaveURL(/\/sdks\/Ruby\?from=test#install$/);
    await page.goto('/api/signing?from=test#elsewhere');
    await expect(page).toHaveURL(/\/api#area-signing$/);
    expect(blocked).toEqual([]);
  });

  test('every directory of a built route answers 200, a page or a redirect', async ({request}) => {
    const routes = sitemap().routes.filter((r) => !r.startsWith(FIXTURE_PREFIX));
    const prefixes = new Set<string>();
    for (const route of routes) {
      const parts = route.split('/').filter(Boolean);
      for (let i = 1; i < parts.length; i++) prefixes.add(`/${parts.slice(0, i).join('/')}`);
    }
    expect(prefixes.size).toBeGreaterThan(10);
    const failing: string[] = [];
    for (const prefix of prefixes) {
      const status = (await request.get(prefix, {maxRedirects: 0})).status();
      if (status !== 200) failing.push(`${prefix}: ${status}`);
    }
    expect(failing).toEqual([]);
  });

  test('an unknown address still answers 404', async ({request}) => {
    expect((await request.get('/concepts/no-such-page')).status()).toBe(404);
    expect((await request.get('/SDKS/RUBY')).status()).toBe(404);
  });
});

test.describe('robots.txt and the referrer policy', () => {
  test('robots.txt allows crawling and names the sitemap at the site URL', async ({request}) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/plain');
    const text = await response.text();
    const {siteUrl} = sitemap();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    const named = /^Sitemap: (\S+)$/m.exec(text)?.[1];
    expect(named).toBe(`${siteUrl}/sitemap.xml`);
    expect((await request.get(new URL(named!).pathname)).status()).toBe(200);
  });

  test('every built HTML file declares the referrer policy _headers sends', () => {
    const dir = buildDir();
    const [rule] = parseHeadersFile(readFileSync(path.join(dir, '_headers'), 'utf8'));
    const policy = rule!.headers['Referrer-Policy'];
    expect(policy).toBe('strict-origin-when-cross-origin');
    const files = htmlFilesOf(dir);
    const wrong = files.filter((f) => referrerOfPage(readFileSync(path.join(dir, f), 'utf8')) !== policy);
    expect(files.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  test('the served page sends the header and carries the meta tag, with the same value', async ({request}) => {
    const response = await request.get('/getting-started/quickstart');
    const header = response.headers()['referrer-policy'];
    expect(header).toBe('strict-origin-when-cross-origin');
    expect(referrerOfPage(await response.text())).toBe(header);
  });
});

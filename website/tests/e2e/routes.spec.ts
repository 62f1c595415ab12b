import {expect, test} from '@playwright/test';
import {routes, sidebarSignature, siteTitle, type SidebarName} from '../routes';

function sidebarOf(html: string): SidebarName | null {
  const nav = /<nav[^>]*aria-label="Docs sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html);
  if (!nav) return null;
  // The build minifies HTML, so attribute quotes are optional.
  const hrefs = new Set([...nav[1]!.matchAll(/href="?([^"\s>]+)/g)].map((m) => m[1]));
  const found = (Object.keys(sidebarSignature) as SidebarName[]).filter((name) =>
    hrefs.has(sidebarSignature[name]),
  );
  if (found.length !== 1) throw new Error(`ambiguous sidebar: ${found.join(', ') || 'none'}`);
  return found[0]!;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

test.describe('route inventory (spec §2)', () => {
  for (const route of routes) {
    test(`${route.path} answers with its title and sidebar`, async ({request}) => {
      const response = await request.get(route.path);
      expect(response.status(), route.path).toBe(200);
      const html = await response.text();
      const title = decodeEntities(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
      expect(title).toBe(`${route.title} | ${siteTitle}`);
      expect(sidebarOf(html)).toBe(route.sidebar);
    });
  }

  test('no route is listed twice', () => {
    const paths = routes.map((r) => r.path.replace(/\/$/, '') || '/');
    expect(new Set(paths).size).toBe(paths.length);
  });
});

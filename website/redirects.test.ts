import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {apiAreaRedirects, sectionRedirects, siteRedirects, wrongCaseRedirects} from './redirects';
import {routes} from './tests/routes';

const doc = JSON.parse(readFileSync(path.join(__dirname, '../packages/api-spec/dist/openapi.json'), 'utf8')) as Parameters<
  typeof siteRedirects
>[0];
const all = siteRedirects(doc);
const clean = (p: string): string => p.replace(/(.)\/$/, '$1');
const routeSet = new Set(routes.map((r) => clean(r.path)));

/** `/a/b/c` -> `/a`, `/a/b`. */
function directoryPrefixes(route: string): string[] {
  const parts = route.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}

describe('redirects', () => {
  it('cover every directory prefix of the route inventory that is not a route itself', () => {
    const from = new Set(all.map((r) => r.from));
    const missing = [...new Set(routes.flatMap((r) => directoryPrefixes(clean(r.path))))].filter((p) => !routeSet.has(p) && !from.has(p));
    expect(missing).toEqual([]);
  });

  it('never shadow a route, and name each address once', () => {
    expect(all.filter((r) => routeSet.has(r.from))).toEqual([]);
    expect(new Set(all.map((r) => r.from)).size).toBe(all.length);
  });

  it('lead to routes of the inventory (the API areas to their list on /api/)', () => {
    for (const r of [...wrongCaseRedirects, ...sectionRedirects]) expect(routeSet.has(clean(r.to)), r.to).toBe(true);
    for (const r of apiAreaRedirects(doc)) expect(r.to).toBe(`/api/#area-${r.from.slice('/api/'.length)}`);
  });

  it('send the lower-case form of every route with a capital to that route', () => {
    const capitals = routes.map((r) => clean(r.path)).filter((p) => p !== p.toLowerCase());
    expect(capitals.length).toBeGreaterThan(0);
    for (const route of capitals) expect(all).toContainEqual({from: route.toLowerCase(), to: route});
  });

  it('give every API area of the document its address, under the slug its pages use', () => {
    const areas = apiAreaRedirects(doc);
    expect(areas).toContainEqual({from: '/api/wallets', to: '/api/#area-wallets'});
    expect(areas).toContainEqual({from: '/api/import-and-export', to: '/api/#area-import-and-export'});
    expect(apiAreaRedirects({paths: {'/x': {post: {tags: ['API keys']}, parameters: []}}})).toEqual([
      {from: '/api/api-keys', to: '/api/#area-api-keys'},
    ]);
  });
});

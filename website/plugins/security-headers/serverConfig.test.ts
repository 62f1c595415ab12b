import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {companionHeaders, parseHeadersFile, renderHeadersFile} from './csp';
import {NGINX_PRECOMPRESSED_LOCATION, precompressedRules} from './precompressed';
import {nginxHeaderLines, toJson, toNginx} from './serverConfig';

const headersFile = renderHeadersFile([
  {path: '/*', headers: {'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'", ...companionHeaders}},
]);

describe('server configurations from _headers', () => {
  it('nginx: one add_header line per header, in _headers order, sent on error answers too', () => {
    const lines = toNginx(parseHeadersFile(headersFile)).trimEnd().split('\n');
    expect(lines[0]).toBe(`add_header Content-Security-Policy "default-src 'self'; frame-ancestors 'none'" always;`);
    expect(lines.slice(1)).toEqual(nginxHeaderLines(companionHeaders));
    expect(lines).toContain('add_header X-Frame-Options "DENY" always;');
  });

  it('nginx: quotes and backslashes in a value are escaped', () => {
    expect(nginxHeaderLines({X: 'a "b" \\c'})).toEqual(['add_header X "a \\"b\\" \\\\c" always;']);
  });

  it('json: name and value pairs', () => {
    const pairs = JSON.parse(toJson(parseHeadersFile(headersFile))) as {name: string; value: string}[];
    expect(pairs.map((p) => p.name)).toEqual(['Content-Security-Policy', ...Object.keys(companionHeaders)]);
    expect(pairs.find((p) => p.name === 'Referrer-Policy')?.value).toBe('strict-origin-when-cross-origin');
  });

  it("leaves Pagefind's gzipped files to the README's nginx location (the CDN's JSON too: a per-path setting)", () => {
    const withPagefind = parseHeadersFile(renderHeadersFile([...parseHeadersFile(headersFile), ...precompressedRules]));
    expect(toNginx(withPagefind)).toBe(toNginx(parseHeadersFile(headersFile)));
    expect(toJson(withPagefind)).toBe(toJson(parseHeadersFile(headersFile)));
    expect(() => toNginx([{path: '/pagefind/index/*', headers: {'Content-Encoding': 'gzip', X: 'y'}}])).toThrow(/pagefind/);
  });

  it("the README's nginx server block serves Pagefind's gzipped files with their encoding", () => {
    const readme = readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
    const server = [...readme.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.startsWith('server {'));
    const lines = server?.split('\n').map((l) => l.replace(/^ {4}/, '')) ?? [];
    const at = lines.indexOf(NGINX_PRECOMPRESSED_LOCATION[0]!);
    expect(lines.slice(at, at + NGINX_PRECOMPRESSED_LOCATION.length)).toEqual(NGINX_PRECOMPRESSED_LOCATION);
  });

  it('refuses rules for other paths, which one server-wide block cannot express', () => {
    expect(() => toNginx([{path: '/api/*', headers: {X: 'y'}}])).toThrow(/\/api\/\*/);
  });

  it("the README's nginx lines are exactly the headers _headers sends besides the policy", () => {
    const readme = readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
    const blocks = [...readme.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]!.trimEnd().split('\n'));
    const headerBlock = blocks.find((b) => b.every((l) => l.startsWith('add_header ')));
    expect(headerBlock).toEqual(nginxHeaderLines(companionHeaders));
  });
});

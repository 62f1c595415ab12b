// The Swift and Flutter pages document code no toolchain here can compile, so CI parses every Swift and Dart
// block with a real grammar for its language (grammar/check.mjs). These tests run that check on the site and
// show that it catches broken code, with the page's own line and column.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPageText, checkPages } from './grammar/check.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const script = fileURLToPath(new URL('./grammar/check.mjs', import.meta.url));

const page = (lang: string, code: string): string =>
  ['---', 'title: A page', '---', '', 'Some prose.', '', `\`\`\`${lang} title="Example"`, code, '```', ''].join('\n');

describe('grammar check of Swift and Dart blocks', () => {
  it('parses every Swift and Dart block of the site without an error', async () => {
    const { counts, errors } = await checkPages([`${repo}website/docs`, `${repo}website/src/pages`]);
    expect(errors).toEqual([]);
    // The Swift pages, native passkeys and the Flutter page: a check that found no blocks would pass vacuously.
    expect(counts.swift).toBeGreaterThanOrEqual(12);
    expect(counts.dart).toBeGreaterThanOrEqual(7);
  });

  it('reports a broken Swift block at its line and column in the page', async () => {
    const code = ['import Foundation', '', 'func stamp(body: Data -> String {', '    body.base64EncodedString()', '}'].join('\n');
    const { counts, errors } = await checkPageText(page('swift', code), 'docs/broken.mdx');
    expect(counts).toEqual({ swift: 1, dart: 0 });
    // The fence is on line 7, so the block's third line is line 10 of the page.
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^docs\/broken\.mdx:10:\d+ - swift: /);
  });

  it('reports a missing token in a Dart block', async () => {
    const code = ["import 'dart:convert';", '', 'String encode(Object value) {', '  return jsonEncode(value)', '}'].join('\n');
    const { counts, errors } = await checkPageText(page('dart', code), 'docs/broken.mdx');
    expect(counts).toEqual({ swift: 0, dart: 1 });
    expect(errors).toEqual([expect.stringMatching(/^docs\/broken\.mdx:11:\d+ - dart: (missing ;|cannot parse)/)]);
  });

  it('accepts valid blocks and ignores other languages', async () => {
    const text = page('swift', 'let x = [1, 2, 3].map { $0 * 2 }') + page('dart', "void main() => print('hi');") + page('kotlin', 'fun (');
    expect(await checkPageText(text, 'docs/ok.mdx')).toEqual({ counts: { swift: 1, dart: 1 }, errors: [] });
  });

  it('exits 1 from the command line with the location of the error', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/grammar-broken.mdx', import.meta.url));
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      const child = execFile(process.execPath, [script, fixture], (_error, stdout, stderr) => done({ code: child.exitCode, stdout, stderr }));
    });
    expect(result.code).toBe(1);
    // The fence is on line 9: the error starts at the block's first line, column 1.
    expect(result.stderr).toMatch(/^scripts\/doctest\/fixtures\/grammar-broken\.mdx:10:1 - dart: cannot parse "void main\( \{/m);
    expect(result.stdout).toContain('grammar: 1 swift and 1 dart blocks parsed, ');
  });
});

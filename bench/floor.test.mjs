import {mkdirSync, mkdtempSync, readFileSync, existsSync, symlinkSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildFloor, keepInFloor, stripScripts} from './floor.mjs';

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wallets</title>
<link rel="stylesheet" href="/assets/css/styles.css"><link rel="preload" href="/assets/js/main.js" as="script">
<link rel="modulepreload" href="/assets/js/m.js"><link rel="prefetch" href="/assets/js/next.js"><link rel="preload" href="/font.woff2" as="font" crossorigin>
<script>document.documentElement.dataset.theme="light"</script><script type="application/ld+json">{"@type":"Article"}</script>
<style>.x{color:red}</style></head><body onload="start()"><main><h1>Wallets</h1><p>A wallet holds keys.</p>
<a href="javascript:void(0)" class="x">menu</a><a href="/concepts/policies">Policies</a><button onclick="go()">Copy</button></main>
<noscript><p>Enable JavaScript for search.</p></noscript><script src="/assets/js/runtime.js" defer></script></body></html>`;

describe('stripScripts', () => {
  const floor = stripScripts(page);

  it('removes every script, inline, data and external', () => {
    expect(floor).not.toMatch(/<script/i);
    expect(floor).not.toContain('dataset.theme');
  });

  it('removes links that fetch scripts ahead of use, and keeps the others', () => {
    expect(floor).not.toContain('main.js');
    expect(floor).not.toContain('m.js');
    expect(floor).not.toContain('next.js');
    expect(floor).toContain('href="/assets/css/styles.css"');
    expect(floor).toContain('href="/font.woff2"');
  });

  it('removes inline event handlers and javascript: links, and keeps the text, styles and other links', () => {
    expect(floor).not.toMatch(/onload|onclick|javascript:/i);
    expect(floor).toContain('<h1>Wallets</h1>');
    expect(floor).toContain('.x{color:red}');
    expect(floor).toContain('href="/concepts/policies"');
    expect(floor).toContain('<button>Copy</button>');
  });
});

describe('buildFloor', () => {
  it('copies everything but pages and scripts, and writes the sampled pages stripped', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'floor-test-'));
    const build = path.join(tmp, 'build');
    for (const dir of ['assets/css', 'assets/js', 'concepts/wallets', 'api']) mkdirSync(path.join(build, dir), {recursive: true});
    writeFileSync(path.join(build, 'index.html'), page);
    writeFileSync(path.join(build, 'concepts/wallets/index.html'), page);
    writeFileSync(path.join(build, 'api/index.html'), page);
    writeFileSync(path.join(build, 'assets/css/styles.css'), 'body{}');
    writeFileSync(path.join(build, 'assets/js/main.js'), 'run()');
    writeFileSync(path.join(build, '_headers'), '/*\n  X-Frame-Options: DENY\n');
    // Given through a link, as a benchmark pointed at another build folder gives it.
    symlinkSync(build, path.join(tmp, 'build-link'));
    const floor = buildFloor(path.join(tmp, 'build-link'), ['/concepts/wallets'], path.join(tmp, 'floor'));
    expect(readFileSync(path.join(floor, 'assets/css/styles.css'), 'utf8')).toBe('body{}');
    expect(existsSync(path.join(floor, '_headers'))).toBe(true);
    expect(existsSync(path.join(floor, 'assets/js/main.js'))).toBe(false);
    expect(readFileSync(path.join(floor, 'concepts/wallets/index.html'), 'utf8')).not.toContain('<script');
    // The home page answers the server's readiness check even when it is not sampled; unsampled pages are left out.
    expect(readFileSync(path.join(floor, 'index.html'), 'utf8')).not.toContain('<script');
    expect(existsSync(path.join(floor, 'api/index.html'))).toBe(false);
  });

  it('keeps stylesheets, fonts, images and headers; leaves out pages and scripts', () => {
    expect(['a.css', 'f.woff2', 'i.svg', '_headers', 'x.json'].every(keepInFloor)).toBe(true);
    expect(['index.html', 'main.js', 'w.mjs', 'main.js.map'].some(keepInFloor)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { Io } from '../io.js';
import { run, USAGE } from '../main.js';
import { isLoopback } from './call-api.js';
import { headingSlug, pagePath } from './read-doc.js';

function capture(): { io: Io; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: {}, fetch }, out, err };
}

describe('sigil mcp on the command line', () => {
  it('is in the CLI help, and has its own', async () => {
    expect(USAGE).toContain('sigil mcp                            run the MCP server for AI coding assistants (stdio)');
    const { io, out } = capture();
    expect(await run(['mcp', '--help'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/^Usage: sigil mcp \[--allow-remote\]/);
    expect(out.join('\n')).toContain('without it, call_api refuses any target but a local emulator');
  });

  it('refuses arguments and unknown options as bad usage (exit 2)', async () => {
    const extra = capture();
    expect(await run(['mcp', 'serve'], extra.io)).toBe(2);
    expect(extra.err).toEqual(['sigil: sigil mcp takes no argument (got "serve"); run `sigil mcp --help`']);
    const unknown = capture();
    expect(await run(['mcp', '--allow-everything'], unknown.io)).toBe(2);
    expect(unknown.err).toEqual(['sigil: Unknown option --allow-everything for `sigil mcp` (run `sigil mcp --help`)']);
    const typo = capture();
    expect(await run(['mcp', '--allow-remot'], typo.io)).toBe(2);
    expect(typo.err).toEqual(['sigil: Unknown option --allow-remot for `sigil mcp`: did you mean --allow-remote? (run `sigil mcp --help`)']);
  });
});

describe('what call_api counts as local', () => {
  it.each([
    ['http://127.0.0.1:8787', true],
    ['http://127.8.9.10', true],
    ['http://localhost:3000', true],
    ['http://api.localhost', true],
    ['http://[::1]:8787', true],
    ['https://api.sigil.example', false],
    ['http://0.0.0.0:8787', false],
    ['http://10.0.0.5:8787', false],
    ['http://127.0.0.1.nip.io', false],
    ['http://localhost.evil.example', false],
  ])('%s -> %s', (url, local) => {
    expect(isLoopback(new URL(url))).toBe(local);
  });
});

describe('read_doc addresses', () => {
  it.each([
    ['/features/sessions', { path: '/features/sessions' }],
    ['features/sessions/', { path: '/features/sessions' }],
    ['https://docs.sigil.example/features/sessions.md', { path: '/features/sessions' }],
    ['https://docs.sigil.example/sdks/swift/#install', { path: '/sdks/swift', anchor: 'install' }],
    ['/', { path: '/' }],
    ['/index.md', { path: '/' }],
  ])('%s', (reference, expected) => {
    expect(pagePath(reference)).toEqual(expected);
  });

  it('makes heading anchors as the site does', () => {
    expect(headingSlug('The `Status` body')).toBe('the-status-body');
    expect(headingSlug('1. Create an organization')).toBe('1-create-an-organization');
    expect(headingSlug('Retries {#retry}')).toBe('retry');
  });
});
